// Plain JavaScript for the same reason as chromium.js.

/**
 * A Vitest reporter that adds, after Vitest's own summary, one line per browser engine with how
 * many of its tests passed, failed and were skipped, e.g.
 * `  engines  chromium 320 passed | firefox 318 passed, 2 skipped | webkit 317 passed, 3 skipped`.
 * A test counts for its project's browser (browser mode), else for an engine its project's name
 * ends with (`e2e (firefox)`, end-to-end tests in Node); other tests are not counted. The line never starts with "Tests", so log readers
 * that sum Vitest's "Tests" lines (.ci/run) count each test once.
 */
export class EngineSummaryReporter {
  onInit(vitest) {
    this.vitest = vitest
  }

  onTestRunEnd(testModules) {
    /** @type {Map<string, { passed: number, failed: number, skipped: number }>} */
    const counts = new Map()
    for (const testModule of testModules) {
      const browser = testModule.project.config.browser
      const engine = browser?.enabled ? browser.name : /\((chromium|firefox|webkit)\)$/.exec(testModule.project.name)?.[1]
      if (!engine) continue
      const count = counts.get(engine) ?? { passed: 0, failed: 0, skipped: 0 }
      counts.set(engine, count)
      for (const test of testModule.children.allTests()) {
        const state = test.result().state
        if (state === 'passed') count.passed += 1
        else if (state === 'failed') count.failed += 1
        else count.skipped += 1
      }
    }
    if (counts.size === 0) return
    const parts = [...counts].map(([engine, { passed, failed, skipped }]) => {
      const rest = [failed ? `${failed} failed` : '', skipped ? `${skipped} skipped` : ''].filter(Boolean)
      return `${engine} ${passed} passed${rest.length ? `, ${rest.join(', ')}` : ''}`
    })
    const line = `   engines  ${parts.join(' | ')}`
    if (this.vitest) this.vitest.logger.log(line)
    else console.info(line)
  }
}
