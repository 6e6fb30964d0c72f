/**
 * What `import '@hakiki/proxy'` costs a server at start-up (issue 24: "close to a bare Hono app"),
 * from the packages' published builds (`dist/`), each import in a fresh `node` process: wall time
 * of the import and the heap it leaves (after a full GC), medians of interleaved runs. A bare Hono
 * app (`new Hono()` and one route) is the yardstick; an earlier checkout's proxy, when given, is
 * measured in the same runs.
 */
import { spawnSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { median, round2 } from '../stats'

/** One module's import cost. */
export interface ImportCost {
  label: string
  /** Median wall time of the import, ms. */
  ms: number
  /** Median heap the import leaves after a full GC, MB (the empty process's subtracted). */
  heapMb: number
}

const SCRIPTS: Record<'proxy' | 'hono', string> = {
  proxy: `const { createVerifyHandler } = await import('@hakiki/proxy'); if (typeof createVerifyHandler !== 'function') throw new Error('no handler')`,
  hono: `const { Hono } = await import('hono'); const app = new Hono(); app.post('/api/verify/*', (c) => c.json({}))`,
}

/** Runs `script` in a fresh node process in `cwd` (its packages resolve from there): ms of the script and heap it added. */
function runOnce(script: string, cwd: string): { ms: number; heap: number } {
  const wrapped =
    `globalThis.gc(); const before = process.memoryUsage().heapUsed; const t0 = performance.now(); ${script}; ` +
    `const ms = performance.now() - t0; globalThis.gc(); process.stdout.write(JSON.stringify({ ms, heap: process.memoryUsage().heapUsed - before }))`
  const result = spawnSync(process.execPath, ['--expose-gc', '--input-type=module', '-e', wrapped], { cwd, encoding: 'utf8' })
  if (result.status !== 0) throw new Error(`import-cost run failed in ${cwd}: ${result.stderr}`)
  return JSON.parse(result.stdout) as { ms: number; heap: number }
}

/** Builds `@hakiki/proxy`, `@hakiki/sandbox` and what they depend on in the checkout at `root`: their `dist/` is what is imported and what the bench's servers run. */
export function buildProxy(root: string): void {
  const result = spawnSync('pnpm', ['--filter', '@hakiki/proxy...', '--filter', '@hakiki/sandbox...', 'build'], { cwd: root, encoding: 'utf8' })
  if (result.status !== 0) throw new Error(`pnpm build failed in ${root}:\n${result.stdout}\n${result.stderr}`)
}

/**
 * Import costs of a bare Hono app, `@hakiki/proxy` of this checkout and, when `before` (another
 * checkout's root) is given, of that one, `runs` times each, interleaved.
 */
export function measureImportCost(options: { runs?: number; before?: string } = {}): ImportCost[] {
  const runs = options.runs ?? 9
  const bench = fileURLToPath(new URL('../../', import.meta.url))
  const targets = [
    { label: 'bare Hono app (import hono, new Hono(), one route)', script: SCRIPTS.hono, cwd: bench },
    { label: "import '@hakiki/proxy'", script: SCRIPTS.proxy, cwd: bench },
    ...(options.before === undefined ? [] : [{ label: "import '@hakiki/proxy' (before)", script: SCRIPTS.proxy, cwd: `${options.before.replace(/\/+$/, '')}/apps/bench` }]),
  ]
  const samples = targets.map(() => ({ ms: [] as number[], heap: [] as number[] }))
  // The empty process's own heap drift, measured the same way and subtracted.
  const empty: number[] = []
  for (let i = 0; i < runs; i++) {
    empty.push(runOnce('', bench).heap)
    targets.forEach((target, t) => {
      const { ms, heap } = runOnce(target.script, target.cwd)
      samples[t]?.ms.push(ms)
      samples[t]?.heap.push(heap)
    })
  }
  const base = median(empty)
  return targets.map((target, t) => ({
    label: target.label,
    ms: round2(median(samples[t]?.ms ?? [])),
    heapMb: round2((median(samples[t]?.heap ?? []) - base) / 1e6),
  }))
}
