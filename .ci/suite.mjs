// The whole test suite (`pnpm test`): every package built once, then chains of steps side by side.
//
// Why chains and not one `pnpm -r`: on a 2-core machine the browser suites are the long pole, and
// each of them leaves CPU idle (a browser waiting on a page, a test waiting on a condition). Three
// chains of about equal length keep both cores busy without so many browsers at once that their
// tests turn flaky. Steps in a chain run one after another; a step that fails does not stop the
// next one (or the other chains): every package's result is printed, and the run ends non-zero.
//
// Each step is timed in wall seconds and in CPU seconds of its process tree (user + system, from
// the shell's `times`), so a run on a loaded machine still says where the work goes; the table at
// the end lists both with the load average, and the shares to compare between runs.
//
// Every root script named `test:group:*` (package.json) runs as one more chain of one step, so a
// package can add a long independent job (e.g. `test:group:scaffold`) without editing this file.
//
// `node .ci/suite.mjs --dry` prints the plan without running it.

import { spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

/** Packages whose tests run in a chain of their own below; the node chain runs every other one. */
const BROWSER_AND_SITE_PACKAGES = ['@hakiki/ui', '@hakiki/react', '@hakiki/demo', '@hakiki/next-example', '@hakiki/snippets-check']

/**
 * What runs before the chains, all at once: what every chain needs (the packages' `dist/`, which
 * dist-check, runtime-tests, next-example and the bench read; `HAKIKI_PACKAGES_BUILT=1` tells them
 * it is there).
 */
const PREPARE = [{ name: 'build', command: 'pnpm build' }]

/**
 * The chains. Their order inside is by use of the machine: the node chain's packages are mostly
 * waiting on sockets and processes, so it runs beside two browser chains; the Storybook compile
 * (stories) and static build (snippets-check's docs site) follow each other in one chain rather
 * than at the same time. Lengths on an idle machine (session 3): ui ~4 min, apps ~4.5, node ~4.5.
 */
const CHAINS = [
  {
    name: 'ui',
    steps: [
      // Chromium, Firefox and WebKit (packages/ui/vitest.config.ts), then Orca reading the flow.
      { name: 'ui', command: 'pnpm --filter @hakiki/ui test' },
    ],
  },
  {
    name: 'apps',
    steps: [
      // Types beside the tests rather than before them: nothing below waits for it.
      { name: 'typecheck', command: 'pnpm typecheck' },
      { name: 'react', command: 'pnpm --filter @hakiki/react test' },
      { name: 'demo', command: 'pnpm --filter @hakiki/demo test' },
      { name: 'next-example', command: 'pnpm --filter @hakiki/next-example test' },
      { name: 'stories', command: 'pnpm test:stories' },
      { name: 'snippets-check', command: 'pnpm --filter @hakiki/snippets-check test' },
    ],
  },
  {
    name: 'node',
    steps: [
      {
        name: 'node packages',
        // One package at a time (their own tests use both cores), every one even after a failure:
        // --no-sort too, as a topologically sorted --no-bail run skips every dependent of a failed
        // package (a failing core hid 13 packages' results). Everything is built already.
        command: `pnpm -r --no-bail --no-sort --workspace-concurrency=1 ${BROWSER_AND_SITE_PACKAGES.map((name) => `--filter '!${name}'`).join(' ')} test`,
      },
    ],
  },
]

/**
 * After every chain, alone: Orca reading the flow by speech is timing-sensitive, and beside the
 * other chains (load ~11 on 2 cores) it once missed an utterance ("the locked heading").
 */
const LAST = { name: 'last', steps: [{ name: 'orca', command: 'pnpm --filter @hakiki/ui orca' }] }

const scripts = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).scripts ?? {}
const groups = Object.keys(scripts)
  .filter((name) => name.startsWith('test:group:'))
  .map((name) => ({ name: name.slice('test:group:'.length), steps: [{ name, command: `pnpm run ${name}` }] }))
const chains = [...CHAINS, ...groups]

if (process.argv.includes('--dry')) {
  console.info(`prepare (at once): ${PREPARE.map((step) => step.command).join(' | ')}`)
  for (const chain of chains) console.info(`chain ${chain.name}: ${chain.steps.map((step) => step.command).join('  →  ')}`)
  console.info(`then alone: ${LAST.steps.map((step) => step.command).join('  →  ')}`)
  process.exit(0)
}

const started = Date.now()
const cpuDir = mkdtempSync(path.join(tmpdir(), 'hakiki-suite-'))
const env = { ...process.env, HAKIKI_PACKAGES_BUILT: '1' }
/** Every step's record, for the table at the end. */
const results = []
let stepCount = 0

const seconds = (ms) => (ms / 1000).toFixed(0)
const cpuText = (cpu) => (Number.isFinite(cpu) ? cpu.toFixed(cpu < 10 ? 1 : 0) : '?')
const load = () => loadavg()[0].toFixed(1)

/** Parses `times`' second line ("0m12.340s 0m1.200s": children's user, system) into seconds. */
function childCpu(file) {
  try {
    const line = readFileSync(file, 'utf8').trim().split('\n')[1] ?? ''
    return line
      .split(/\s+/)
      .map((part) => /^(\d+)m([\d.]+)s$/.exec(part))
      .reduce((sum, match) => sum + (match ? Number(match[1]) * 60 + Number(match[2]) : 0), 0)
  } catch {
    return Number.NaN
  }
}

/** Runs one step through the shell, output straight through; resolves with its record. */
function run(chain, step) {
  const cpuFile = path.join(cpuDir, `${++stepCount}.times`)
  const at = Date.now()
  const loadBefore = load()
  console.info(`\n▶ [${chain}] ${step.name} (at ${seconds(at - started)} s, load ${loadBefore}): ${step.command}`)
  return new Promise((resolve) => {
    // A subshell, so that `times` counts the whole step even if it says `exit`.
    const child = spawn('bash', ['-c', `(\n${step.command}\n)\nstatus=$?\ntimes > "$HAKIKI_SUITE_TIMES"\nexit $status`], {
      cwd: root,
      env: { ...env, HAKIKI_SUITE_TIMES: cpuFile },
      stdio: 'inherit',
    })
    child.once('error', (error) => finish(1, error.message))
    child.once('exit', (code, signal) => finish(code ?? 1, signal ? `signal ${signal}` : undefined))
    function finish(code, reason) {
      const record = { chain, step: step.name, start: at - started, wall: Date.now() - at, cpu: childCpu(cpuFile), code, load: `${loadBefore}→${load()}` }
      results.push(record)
      const mark = code === 0 ? '✔' : '✘'
      console.info(`\n${mark} [${chain}] ${step.name}: ${code === 0 ? 'passed' : `FAILED (exit ${code}${reason ? `, ${reason}` : ''})`} in ${seconds(record.wall)} s, CPU ${cpuText(record.cpu)} s, load ${record.load}`)
      resolve(record)
    }
  })
}

async function runChain(chain) {
  for (const step of chain.steps) await run(chain.name, step)
}

function table() {
  const total = Date.now() - started
  const cpuTotal = results.reduce((sum, r) => sum + (Number.isFinite(r.cpu) ? r.cpu : 0), 0)
  const lines = [`\nsuite: ${seconds(total)} s wall, ${cpuTotal.toFixed(0)} CPU s (user + system of every step), load now ${load()}`]
  lines.push('  chain  step                    start   wall    CPU  CPU share  load        result')
  for (const r of results.toSorted((a, b) => a.start - b.start)) {
    const share = cpuTotal > 0 && Number.isFinite(r.cpu) ? `${((100 * r.cpu) / cpuTotal).toFixed(0)} %` : '-'
    lines.push(
      `  ${r.chain.padEnd(6)} ${r.step.padEnd(23)} ${seconds(r.start).padStart(4)} s ${seconds(r.wall).padStart(4)} s ${cpuText(r.cpu).padStart(4)} s ${share.padStart(9)}  ${r.load.padEnd(11)} ${r.code === 0 ? 'passed' : `FAILED (${r.code})`}`,
    )
  }
  console.info(lines.join('\n'))
}

let failed = false
for (const record of await Promise.all(PREPARE.map((step) => run('prep', step)))) failed ||= record.code !== 0
if (failed) {
  // Without the packages' dist/ most chains would fail for that reason alone: stop here.
  table()
  console.error('suite: the build failed, no tests were run')
} else {
  await Promise.all(chains.map(runChain))
  await runChain(LAST)
  table()
  failed = results.some((r) => r.code !== 0)
  if (failed) console.error(`suite: FAILED steps: ${results.filter((r) => r.code !== 0).map((r) => `[${r.chain}] ${r.step}`).join(', ')}`)
}
rmSync(cpuDir, { recursive: true, force: true })
process.exit(failed ? 1 : 0)
