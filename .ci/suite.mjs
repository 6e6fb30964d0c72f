// The whole test suite (`pnpm test`): every package built once, then lanes of steps side by side.
//
// Why lanes and not one `pnpm -r`: on a 2-core machine most steps leave CPU idle (a browser waiting
// on a page, a test waiting on a process or a socket), so several run at once. Each lane runs its own
// steps one after another (the browser suites, whose tests turn flaky with too many browsers at
// once, each in a lane of its own), then takes steps from one shared queue (every other package's
// tests, longest first, plus typecheck and the docs site) until the queue is empty: lanes that end
// early take over work instead of sitting idle. A step that fails stops nothing: every step's
// result is printed, and the run ends non-zero.
//
// A step's output is printed as one block when it ends (steps run side by side; interleaved lines
// could not be read), framed by its ▶/✔ lines; `HAKIKI_SUITE_STREAM=1` streams it instead.
//
// Each step is timed in wall seconds and CPU seconds. The CPU comes from the step's own cgroup when
// `HAKIKI_SUITE_CGROUP` names a writable cgroup directory (.ci/run sets it where it can): then
// every process the step started counts, browsers included, even those their launcher never reaps,
// and processes a step leaves running are listed and ended. Otherwise it is the shell's `times`
// (reaped children only: browsers' helper processes escape it, a third of the suite's CPU here).
// The table at the end lists both figures with the load average, so a run on a loaded machine
// still says where the work goes.
//
// Every root script named `test:group:*` (package.json) gets a lane of its own that runs it first,
// so a package can add a long independent job (e.g. `test:group:scaffold`) without editing this file.
//
// `node .ci/suite.mjs --dry` prints the plan without running it. `HAKIKI_SUITE_ONLY=ui,demo` runs
// only the steps named (after the build), on the same lanes: to measure steps side by side.

import { spawn } from 'node:child_process'
import { appendFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, rmdirSync, writeFileSync } from 'node:fs'
import { getPriority, loadavg, setPriority, tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { selectedEngines } from '@hakiki/build-config/browsers'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

/** What runs before the lanes: the packages' `dist/`, which dist-check, runtime-tests, next-example and the bench read (`HAKIKI_PACKAGES_BUILT=1` tells them it is there). */
const PREPARE = [{ name: 'build', command: 'pnpm build' }]

/** The engines this run tests in (`HAKIKI_BROWSERS`, else all three): see build-config/browsers.js. */
const engines = selectedEngines()

/**
 * Vitest `--project` options of a browser suite's run in `wanted` engines (of those selected), with
 * its other projects (`also`), or null if nothing is left. One Vitest run drives Chromium and
 * Firefox side by side but WebKit (webdriverio, which Vitest 4.1 runs as a non-parallel provider)
 * only once both are done: the ui suite's WebKit run is a step of its own, in a lane beside them.
 */
function projects(suite, wanted, also = []) {
  const picked = engines.filter((engine) => wanted.includes(engine))
  if (!picked.length && !also.length) return null
  // `${suite}*(${engine})`: every project of the suite in that engine (ui's `browser` and `browser fresh`).
  return [...also, ...picked.map((engine) => `${suite}*(${engine})`)].map((name) => `--project '${name}'`).join(' ')
}

/**
 * The lanes and their own steps: the browser suites, one lane each (WebKit's ui run beside the
 * Chromium and Firefox one), so that about four browsers run at once and their tests stay free of
 * timing failures; one lane for the queue alone; each `test:group:*` (below) one more.
 */
const LANES = [
  { name: 'ui', steps: [{ name: 'ui', command: `pnpm --filter @hakiki/ui test ${projects('browser', ['chromium', 'firefox'], ['server'])}` }] },
  { name: 'webkit', steps: [{ name: 'ui webkit', command: `pnpm --filter @hakiki/ui test ${projects('browser', ['webkit'])}` }].filter((step) => !step.command.endsWith(' null')) },
  // The production build's e2e in Chromium and Firefox (Playwright) and WebKit (WebDriver), two files at a time.
  { name: 'apps', steps: [{ name: 'demo', command: 'pnpm --filter @hakiki/demo test' }] },
  { name: 'node', steps: [] },
]

/** Packages whose tests are steps of a lane above (the queue runs every other package's). */
const LANE_PACKAGES = ['@hakiki/ui', '@hakiki/demo']

/**
 * The shared queue's steps besides the packages' tests, and the order the queue starts with: the
 * longest steps first (measured in full runs), so that no long step is left to start last. A
 * package not named here comes after them, in name order.
 */
const QUEUE_EXTRA = [
  // (The stories run inside the ui steps: .storybook/stories.browser.test.tsx.)
  // Types of every package (beside the tests: nothing waits for it).
  { name: 'typecheck', command: 'pnpm typecheck' },
]
const QUEUE_ORDER = ['@hakiki/snippets-check', '@hakiki/dist-check', 'typecheck', '@hakiki/bench', '@hakiki/next-example', '@hakiki/core', '@hakiki/react', '@hakiki/proxy', '@hakiki/server', '@hakiki/api-reference', '@hakiki/engine', '@hakiki/store-deno-kv', '@hakiki/sandbox', '@hakiki/runtime-tests']

/** The queue's steps that keep a core busy for long (with every lane's own steps: the "heavy" ones, see LAST). */
const QUEUE_HEAVY = ['snippets-check', 'dist-check', 'typecheck', 'bench', 'next-example']

/**
 * Orca reading the flow by speech is timing-sensitive: beside the other lanes (load ~11 on 2
 * cores) it once missed an utterance ("the locked heading"). So it starts once no heavy step is
 * left (every lane's own steps, the browser suites and `test:group:*`, and QUEUE_HEAVY), beside
 * the queue's light tail (node packages' tests), whose steps then yield it the CPU: `nice` 10 more
 * than the suite (the ones already running too, where their cgroup lists their processes). It used
 * to run after every lane, alone: ~50 s of a nearly idle machine at the end of every run, most of
 * it Orca waiting on the flow's real timers (a code's 15 s lifetime). Beside such a tail at nice
 * +9 (load 4–6) it passed every time (3 of 3, session 8).
 */
const LAST = { name: 'last', steps: [{ name: 'orca', command: 'pnpm --filter @hakiki/ui orca' }] }

/** The workspace's packages (pnpm-workspace.yaml's `packages/*`-style globs) that have a `test` script. */
function testedPackages() {
  const globs = [...readFileSync(path.join(root, 'pnpm-workspace.yaml'), 'utf8').matchAll(/^\s+-\s+['"]?([\w.-]+)\/\*['"]?\s*$/gm)].map((m) => m[1])
  const found = []
  for (const dir of globs) {
    for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
      const file = path.join(root, dir, entry.name, 'package.json')
      if (!entry.isDirectory() || !existsSync(file)) continue
      const manifest = JSON.parse(readFileSync(file, 'utf8'))
      if (manifest.scripts?.test) found.push({ name: manifest.name, dir: `${dir}/${entry.name}` })
    }
  }
  return found
}

const scripts = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).scripts ?? {}
const groups = Object.keys(scripts)
  .filter((name) => name.startsWith('test:group:'))
  .map((name) => ({ name: name.slice('test:group:'.length), steps: [{ name, command: `pnpm run ${name}` }] }))
/** `HAKIKI_SUITE_ONLY`: the names of the only steps to run (comma-separated), else every step. */
const only = process.env.HAKIKI_SUITE_ONLY?.split(',').map((name) => name.trim()).filter(Boolean)
const wanted = (step) => !only || only.includes(step.name)
const lanes = [...LANES, ...groups].map((lane) => ({ ...lane, steps: lane.steps.filter(wanted) }))
const last = { ...LAST, steps: LAST.steps.filter(wanted) }
/** The heavy steps (see LAST): every lane's own, and the queue's QUEUE_HEAVY. */
const heavy = new Set([...lanes.flatMap((lane) => lane.steps.map((step) => step.name)), ...QUEUE_HEAVY])
const rank = (name) => (QUEUE_ORDER.includes(name) ? QUEUE_ORDER.indexOf(name) : QUEUE_ORDER.length)
const queue = [
  ...QUEUE_EXTRA,
  ...testedPackages()
    .filter((pkg) => !LANE_PACKAGES.includes(pkg.name))
    // `pnpm --dir`: the package's own script, without pnpm reading the whole workspace first.
    .map((pkg) => ({ name: pkg.name.replace(/^@hakiki\//, ''), key: pkg.name, command: `pnpm --dir ${pkg.dir} test` })),
]
  .filter(wanted)
  .toSorted((a, b) => rank(a.key ?? a.name) - rank(b.key ?? b.name) || (a.key ?? a.name).localeCompare(b.key ?? b.name))
// A name that is no step is an error, not a silently smaller run.
const unknown = only?.filter((name) => ![...lanes, last].some((lane) => lane.steps.some((step) => step.name === name)) && !queue.some((step) => step.name === name))
if (unknown?.length) {
  console.error(`HAKIKI_SUITE_ONLY: no step named ${unknown.map((name) => `"${name}"`).join(', ')} (\`node .ci/suite.mjs --dry\` lists them)`)
  process.exit(2)
}

if (process.argv.includes('--dry')) {
  console.info(`prepare: ${PREPARE.map((step) => step.command).join(' | ')}`)
  for (const lane of lanes) console.info(`lane ${lane.name}: ${[...lane.steps.map((step) => step.command), 'then the queue'].join('  →  ')}`)
  console.info(`queue (taken by whichever lane is free): ${queue.map((step) => step.name).join(', ')}`)
  console.info(`then, once no heavy step (${[...heavy].join(', ')}) is left, beside the rest of the queue: ${last.steps.map((step) => step.command).join('  →  ')}`)
  process.exit(0)
}

const started = Date.now()
const cpuDir = mkdtempSync(path.join(tmpdir(), 'hakiki-suite-'))
const env = { ...process.env, HAKIKI_PACKAGES_BUILT: '1' }
const stream = process.env.HAKIKI_SUITE_STREAM === '1'
/** Every step's record, for the table at the end. */
const results = []
let stepCount = 0

const seconds = (ms) => (ms / 1000).toFixed(0)
const cpuText = (cpu) => (Number.isFinite(cpu) ? cpu.toFixed(cpu < 10 ? 1 : 0) : '?')
const load = () => loadavg()[0].toFixed(1)

/**
 * Per-step cgroups under `HAKIKI_SUITE_CGROUP` (a cgroup v1 `cpuacct` or a cgroup v2 directory this
 * process may write), or null. Only measures: no limit is set.
 */
const cgroups = (() => {
  const base = process.env.HAKIKI_SUITE_CGROUP
  if (!base) return null
  try {
    const dir = path.join(base, `hakiki-suite-${process.pid}`)
    mkdirSync(dir)
    return { base, dir }
  } catch (error) {
    console.warn(`suite: no cgroup under ${base} (${error.message}): CPU from the shell's times (reaped processes only)`)
    return null
  }
})()

/** A cgroup's CPU seconds so far (v1 cpuacct.usage in ns, v2 cpu.stat usage_usec). */
function cgroupCpu(dir) {
  try {
    if (existsSync(path.join(dir, 'cpuacct.usage'))) return Number(readFileSync(path.join(dir, 'cpuacct.usage'), 'utf8')) / 1e9
    return Number(/^usage_usec (\d+)/m.exec(readFileSync(path.join(dir, 'cpu.stat'), 'utf8'))?.[1]) / 1e6
  } catch {
    return Number.NaN
  }
}

/** The processes still in a step's cgroup once it ended (left running): moved out, so it can go, and ended. */
function cgroupLeftovers(dir) {
  const pids = readFileSync(path.join(dir, 'cgroup.procs'), 'utf8').split('\n').filter(Boolean)
  const described = pids.map((pid) => {
    let command = '?'
    try {
      command = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean).join(' ').slice(0, 80)
    } catch {}
    try {
      // Into the suite's own cgroup: still counted in its total, out of the step's.
      writeFileSync(path.join(cgroups.dir, 'cgroup.procs'), pid)
      // Then ended: nothing a step starts is meant to outlive it (a Postfix or an `npm install` left
      // by a timed-out hook went on using the machine for the rest of the run).
      process.kill(Number(pid), 'SIGTERM')
    } catch {}
    return `${pid} ${command}`
  })
  try {
    rmdirSync(dir)
  } catch {}
  return described
}

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

/** The steps running now (their names and cgroups), for LAST's start. */
const running = new Map()
/** Set once LAST starts: the steps that start from then on yield it the CPU (`nice -n 10`). */
let yielding = false

/** Raises the nice value of every thread of the processes in `cgroup` by 10 (at most 19). */
function yieldCpu(cgroup) {
  try {
    for (const pid of readFileSync(path.join(cgroup, 'cgroup.procs'), 'utf8').split('\n').filter(Boolean)) {
      for (const tid of readdirSync(`/proc/${pid}/task`)) {
        try {
          setPriority(Number(tid), Math.min(19, getPriority(Number(tid)) + 10))
        } catch {}
      }
    }
  } catch {}
}

/** Runs one step through the shell; resolves with its record. */
function run(lane, step) {
  const n = ++stepCount
  const cpuFile = path.join(cpuDir, `${n}.times`)
  const cgroup = cgroups ? path.join(cgroups.dir, `step-${n}`) : null
  if (cgroup) mkdirSync(cgroup)
  const at = Date.now()
  const loadBefore = load()
  const head = `▶ [${lane}] ${step.name} (at ${seconds(at - started)} s, load ${loadBefore}): ${step.command}`
  console.info(stream ? `\n${head}` : `\n… [${lane}] ${step.name} started (at ${seconds(at - started)} s, load ${loadBefore})`)
  return new Promise((resolve) => {
    // A subshell, so that `times` counts the whole step even if it says `exit`; the shell joins the
    // step's cgroup first, so that everything it starts is in it.
    const join = cgroup ? `echo $$ 2>/dev/null > "${cgroup}/cgroup.procs"\n` : ''
    const script = `${join}(\n${step.command}\n)\nstatus=$?\ntimes > "$HAKIKI_SUITE_TIMES"\nexit $status`
    const child = spawn(yielding ? 'nice' : 'bash', [...(yielding ? ['-n', '10', 'bash'] : []), '-c', script], {
      cwd: root,
      env: { ...env, HAKIKI_SUITE_TIMES: cpuFile },
      stdio: stream ? 'inherit' : ['ignore', 'pipe', 'pipe'],
    })
    const output = []
    child.stdout?.on('data', (chunk) => output.push(chunk))
    child.stderr?.on('data', (chunk) => output.push(chunk))
    child.once('error', (error) => finish(1, error.message))
    child.once('exit', (code, signal) => {
      const end = () => finish(code ?? 1, signal ? `signal ${signal}` : undefined)
      if (stream) return end()
      // The rest of its output, unless a process it left running holds the pipes open.
      const timer = setTimeout(() => {
        child.stdout.destroy()
        child.stderr.destroy()
        end()
      }, 2_000)
      child.once('close', () => {
        clearTimeout(timer)
        end()
      })
    })
    running.set(n, { name: step.name, cgroup })
    let done = false
    function finish(code, reason) {
      if (done) return
      done = true
      running.delete(n)
      stepEnded()
      const times = childCpu(cpuFile)
      const all = cgroup ? cgroupCpu(cgroup) : Number.NaN
      const left = cgroup ? cgroupLeftovers(cgroup) : []
      const record = { lane, step: step.name, start: at - started, wall: Date.now() - at, cpu: times, cpuAll: all, left: left.length, code, load: `${loadBefore}→${load()}` }
      results.push(record)
      const mark = code === 0 ? '✔' : '✘'
      const cpu = Number.isFinite(all) ? `CPU ${cpuText(all)} s (reaped ${cpuText(times)} s)` : `CPU ${cpuText(times)} s`
      const lines = []
      if (!stream) lines.push('', head, Buffer.concat(output).toString('utf8').trimEnd())
      lines.push('', `${mark} [${lane}] ${step.name}: ${code === 0 ? 'passed' : `FAILED (exit ${code}${reason ? `, ${reason}` : ''})`} in ${seconds(record.wall)} s, ${cpu}, load ${record.load}`)
      if (left.length) lines.push(`  left running after it ended, now ended (${left.length}): ${left.join(' | ')}`)
      console.info(lines.join('\n'))
      resolve(record)
    }
  })
}

/** What waits for a step to end. */
let onStepEnd = () => {}
function stepEnded() {
  onStepEnd()
}

/** Resolves once no heavy step is queued (in `shared`) or running. */
function heavyDone(shared) {
  const done = () => !shared.some((step) => heavy.has(step.name)) && ![...running.values()].some((step) => heavy.has(step.name))
  return new Promise((resolve) => {
    if (done()) return resolve()
    onStepEnd = () => {
      if (done()) resolve()
    }
  })
}

/** A lane: its own steps, then steps from the shared queue until it is empty. */
async function runLane(lane, shared) {
  for (const step of lane.steps) await run(lane.name, step)
  for (let step = shared.shift(); step; step = shared.shift()) await run(lane.name, step)
}

/** The sum of one figure over every step that has it. */
const sum = (key) => results.reduce((total, r) => total + (Number.isFinite(r[key]) ? r[key] : 0), 0)

function table() {
  const total = Date.now() - started
  const measured = cgroups !== null
  const cpuTotal = measured ? sum('cpuAll') : sum('cpu')
  const suiteCpu = measured ? cgroupCpu(cgroups.dir) : Number.NaN
  const lines = [
    `\nsuite: ${seconds(total)} s wall, ${cpuTotal.toFixed(0)} CPU s in its steps${measured ? ` (every process; ${suiteCpu.toFixed(0)} with what steps left running; reaped only: ${sum('cpu').toFixed(0)})` : ' (user + system of reaped processes)'}, load now ${load()}`,
  ]
  lines.push(`  lane     step                    start   wall    CPU${measured ? ' reaped' : ''}  CPU share  load        result`)
  for (const r of results.toSorted((a, b) => a.start - b.start)) {
    const cpu = measured ? r.cpuAll : r.cpu
    const share = cpuTotal > 0 && Number.isFinite(cpu) ? `${((100 * cpu) / cpuTotal).toFixed(0)} %` : '-'
    lines.push(
      `  ${r.lane.padEnd(8)} ${r.step.padEnd(23)} ${seconds(r.start).padStart(4)} s ${seconds(r.wall).padStart(4)} s ${cpuText(cpu).padStart(4)} s${measured ? ` ${cpuText(r.cpu).padStart(4)} s` : ''} ${share.padStart(9)}  ${r.load.padEnd(11)} ${r.code === 0 ? 'passed' : `FAILED (${r.code})`}${r.left ? `, left ${r.left} running` : ''}`,
    )
  }
  console.info(lines.join('\n'))
}

let failed = false
for (const record of await Promise.all(PREPARE.map((step) => run('prep', step)))) failed ||= record.code !== 0
if (failed) {
  // Without the packages' dist/ most lanes would fail for that reason alone: stop here.
  table()
  console.error('suite: the build failed, no tests were run')
} else {
  const shared = [...queue]
  const lanesDone = Promise.all(lanes.map((lane) => runLane(lane, shared)))
  if (last.steps.length > 0) {
    // Beside the light tail of the queue, which yields it the CPU (see LAST).
    await Promise.race([lanesDone, heavyDone(shared)])
    const beside = [...running.values()]
    // run() spawns the step before its first await: LAST itself keeps the suite's priority.
    const lastDone = runLane(last, [])
    yielding = true
    for (const step of beside) if (step.cgroup) yieldCpu(step.cgroup)
    await lastDone
  }
  await lanesDone
  table()
  failed = results.some((r) => r.code !== 0)
  if (failed) console.error(`suite: FAILED steps: ${results.filter((r) => r.code !== 0).map((r) => `[${r.lane}] ${r.step}`).join(', ')}`)
}
rmSync(cpuDir, { recursive: true, force: true })
if (cgroups) {
  // A step's cgroup whose last process was still exiting when the step ended could not be removed
  // then (cgroupLeftovers), and a cgroup with a child cannot be removed at all: both stayed behind
  // after a run (session 5). By now those processes are gone; anything still there is moved out.
  const steps = existsSync(cgroups.dir) ? readdirSync(cgroups.dir, { withFileTypes: true }).filter((entry) => entry.isDirectory() && entry.name.startsWith('step-')) : []
  for (const dir of [...steps.map((entry) => path.join(cgroups.dir, entry.name)), cgroups.dir]) {
    try {
      for (const pid of readFileSync(path.join(dir, 'cgroup.procs'), 'utf8').split('\n').filter(Boolean)) appendFileSync(path.join(cgroups.base, 'cgroup.procs'), pid)
      rmdirSync(dir)
    } catch (error) {
      console.warn(`suite: could not remove the cgroup ${dir} (${error.message})`)
    }
  }
}
process.exit(failed ? 1 : 0)
