import type { Bundler } from './bundlers'
import type { Machine } from './machine'
import type { ListResult, OpenMode } from './list/measure-list'
import type { SizeRow } from './published-sizes'
import type { ImportCost } from './proxy/import-cost'
import type { FlowPhase, ProxyBenchResult } from './proxy/measure-proxy'
import type { RendersResult } from './renders/measure-renders'

/** `results/size.json` as `size-report.ts` writes it. */
export interface SizeFile {
  date: string
  machine: Pick<Machine, 'cpu' | 'node'> & { cpus: number }
  bundlers: readonly Bundler[]
  /** What the `before` figures of the rows were measured on (a commit), when they were. */
  before?: string
  rows: SizeRow[]
}

const BUNDLER_LABELS: Record<Bundler, string> = { esbuild: 'esbuild', rolldown: 'Vite (rolldown)', webpack: 'webpack (terser)' }

/** A result file: the result plus when and where it was measured. */
export type Dated<T> = T & { date: string; machine: Machine }


const kb = (bytes: number): string => (bytes / 1024).toFixed(1)
const day = (iso: string): string => iso.slice(0, 10)
const met = (ok: boolean): string => (ok ? 'met' : '**not met**')
const machineLine = (m: Machine): string =>
  `${m.cpu}, ${m.cores} cores, Node ${m.node}, ${m.platform}; load average ${m.loadAverage[0]} at the start`

/**
 * Builds the "Performance" section from `results/*.json`, so the figures in the README are the
 * ones measured, never typed by hand.
 */
export function performanceMarkdown(results: {
  size?: SizeFile
  renders?: Dated<RendersResult>
  proxy?: Dated<ProxyBenchResult> & { importCost?: ImportCost[]; loadAverageAtEnd?: [number, number, number] }
  list?: Dated<ListResult>
}): string {
  const out: string[] = ['## Performance', '']
  out.push(
    'Measured with `pnpm bench:size`, `pnpm bench:renders`, `pnpm bench:list` and `pnpm bench:proxy` (sources and method in',
    '[`apps/bench`](apps/bench)); `pnpm --filter @hakiki/bench performance` rewrites this section from',
    "their JSON results. Figures from one machine, in one run each; expect the timings to move by",
    'tens of percent from run to run on a shared machine, the counts and bytes not at all.',
    '',
  )
  const { size, renders, proxy, list } = results
  if (size) {
    out.push(
      `### Bundle size`,
      '',
      'What loads up front, minified, `gzip -9`, in kB; react, react-dom and @tanstack/react-query external. Ours as npm users get ' +
        'them: the packed tarballs installed by npm in an app outside the workspace, bundled by each bundler in production mode; ' +
        '"sources" is esbuild on the workspace\'s TypeScript sources, for comparison. CI enforces the budgets on the published ' +
        `figures in every bundler (\`apps/bench/src/size-budget.test.ts\`). ${day(size.date)}.`,
      '',
    )
    const beforeHeader = size.before ? ` before (${size.before}) |` : ''
    out.push(
      `| bundle | sources | ${size.bundlers.map((b) => BUNDLER_LABELS[b]).join(' | ')} | budget |${beforeHeader}`,
      `|---|---:|${size.bundlers.map(() => '---:').join('|')}|---:|${size.before ? '---:|' : ''}`,
    )
    for (const row of size.rows) {
      // One figure when every bundler has the same budget, else the others named: "16.5 (webpack 17.0)".
      const budgets: Partial<Record<Bundler, number>> = row.budgetGzip ?? {}
      const base = Math.min(...Object.values(budgets).filter((v): v is number => v !== undefined))
      const others = size.bundlers.filter((b) => budgets[b] !== undefined && budgets[b] !== base).map((b) => `${b} ${kb(budgets[b] ?? 0)}`)
      const budget = row.budgetGzip ? `${kb(base)}${others.length > 0 ? ` (${others.join(', ')})` : ''}` : ''
      const before = size.before ? ` ${row.before ? size.bundlers.map((b) => kb(row.before?.[b].gzip ?? 0)).join(' / ') : ''} |` : ''
      out.push(
        `| ${row.kind === 'hakiki' ? `**${row.name}**` : row.name} | ${row.source ? kb(row.source.gzip) : ''} | ${size.bundlers.map((b) => kb(row.published[b].gzip)).join(' | ')} | ${budget} |${before}`,
      )
    }
    const find = (prefix: string) => size.rows.find((row) => row.name.startsWith(prefix))
    const ratios: string[] = []
    for (const [ours, ...theirs] of [
      ['hakiki CodeInput', 'input-otp', 'react-otp-input'],
      ['hakiki PhoneInput', 'react-phone-number-input (default)', 'react-international-phone'],
    ] as const) {
      const a = find(ours)
      for (const name of theirs) {
        const b = find(name)
        if (a && b) ratios.push(`${ours} is ${size.bundlers.map((x) => (a.published[x].gzip / b.published[x].gzip).toFixed(2)).join(' / ')}× ${name}`)
      }
    }
    if (ratios.length) out.push('', `Gzip ratios (${size.bundlers.join(' / ')}): ${ratios.join('; ')}.`)
    out.push('')
  }
  if (renders) {
    out.push(
      '### Renders per keystroke',
      '',
      `Chromium ${renders.chromium}, React 19 production build with the profiling renderer, ${renders.runs} page loads per field; ` +
        'the field sits in a form with siblings (header, the rest of the form, a 100-item list), each in its own `<Profiler>`. ' +
        'Key → commit: from the `keydown` timestamp to React\'s last commit for that key; key → paint: to the first task after the next ' +
        `animation frame (so it includes the wait for the frame, ~16.7 ms at 60 Hz); a key → commit later than the key → paint means the field ` +
        `committed again after that frame was painted. Medians over every key press. ${day(renders.date)}, ${machineLine(renders.machine)}.`,
      '',
      '| field | typed | commits / key (max) | sibling commits | key → commit ms | key → paint ms (p95) |',
      '|---|---|---:|---:|---:|---:|',
    )
    for (const c of renders.candidates) {
      const label = c.kind === 'hakiki' ? `**${c.label}**` : c.label
      out.push(
        `| ${label} | \`${c.text}\` | ${c.commitsPerKey.mean.toFixed(2)} (${c.commitsPerKey.max}) | ${c.siblingCommits} | ${c.keyToCommitMs.p50.toFixed(1)} | ${c.keyToPaintMs.p50.toFixed(1)} (${c.keyToPaintMs.p95.toFixed(1)}) |`,
      )
    }
    out.push('')
  }
  if (list) {
    const theirs = list.candidates.find((c) => c.kind === 'alternative')
    out.push(
      '### Country list, first open',
      '',
      `Chromium ${list.chromium}, React production build, ${list.runs} fresh pages per list and way of opening, interleaved; from the first input ` +
        `(a script's \`click()\` on the picker's button; a real pointer moved onto it and pressed at once; Tab then Enter) ` +
        `to the first task after the next animation frame with the options in it. Timings on a shared machine move by tens of percent. ${day(list.date)}, ${machineLine(list.machine)}.`,
      '',
      '| list | options | first open p50 ms: click / pointer / keyboard | vs react-international-phone |',
      '|---|---:|---:|---:|',
    )
    // Files written before the pointer and keyboard opens hold one summary (the scripted click).
    const opens = (c: (typeof list.candidates)[number]) => ('p50' in c.firstOpenMs ? [c.firstOpenMs as unknown as { p50: number }] : (['click', 'pointer', 'keyboard'] as const satisfies readonly OpenMode[]).map((m) => c.firstOpenMs[m]))
    for (const c of list.candidates) {
      const mine = opens(c)
      const ratio = theirs ? mine.map((o, i) => `${(o.p50 / (opens(theirs)[i]?.p50 ?? NaN)).toFixed(2)}×`).join(' / ') : ''
      out.push(`| ${c.kind === 'hakiki' ? `**${c.label}**` : c.label} | ${c.options} | ${mine.map((o) => o.p50.toFixed(1)).join(' / ')} | ${ratio} |`)
    }
    out.push('')
  }
  if (proxy) {
    const w = proxy.workload
    const b = proxy.tokenBurst
    const o = proxy.overhead
    // Files written before the forwarder and the separate processes (issue 24) have neither.
    const v = proxy.versusForwarder as ProxyBenchResult['versusForwarder'] | undefined
    out.push(
      '### Proxy throughput',
      '',
      (v
        ? `Sandbox, proxy and a naive forwarder (node:http, the baseline: the same browser contract relayed with \`@hakiki/verify-client\`, nothing else) ` +
          `on 127.0.0.1, each in a process of its own, load from another; `
        : `Sandbox and proxy (node:http) on 127.0.0.1 in one process, load from another; `) +
        `a flow is a start for a fresh number, the code read ` +
        `from the sandbox's inbox, and a check. ${w.concurrency} flows at once, ${w.rounds} alternating rounds of up to ${w.flows} flows or ` +
        `${w.seconds} s per path after ${w.warmupFlows} warm-up flows, then ${w.serialFlows} flows one at a time per path. The proxy's send and check caps were raised for the bench` +
        `${proxy.before ? ', its budgets of unverified sends and its conversion guard on and raised alike' : ''} ` +
        `(every counter still runs). ${day(proxy.date)}, ${machineLine(proxy.machine)}` +
        `${proxy.loadAverageAtEnd ? `, ${proxy.loadAverageAtEnd[0].toFixed(2)} at the end` : ''}.`,
      '',
      '| path | flows/s | start p50 / p99 ms | check p50 / p99 ms | failed |',
      '|---|---:|---:|---:|---:|',
    )
    const rows: [string, FlowPhase | undefined][] = [
      ['`@hakiki/verify-client` → sandbox (direct)', proxy.direct],
      ['browser contract → naive forwarder → sandbox', proxy.forwarder as FlowPhase | undefined],
      ...(proxy.before ? ([[`browser contract → \`@hakiki/proxy\` before (${proxy.before.commit ?? 'earlier build'}) → sandbox`, proxy.before.proxy]] as [string, FlowPhase][]) : []),
      ['browser contract → **`@hakiki/proxy`** → sandbox', proxy.proxy],
      ['direct, one flow at a time', proxy.serial.direct],
      ['forwarder, one flow at a time', proxy.serial.forwarder as FlowPhase | undefined],
      ...(proxy.before ? ([['proxy before, one flow at a time', proxy.before.serial]] as [string, FlowPhase][]) : []),
      ['proxy, one flow at a time', proxy.serial.proxy],
    ]
    for (const [label, p] of rows) {
      if (p) out.push(`| ${label} | ${p.flowsPerSecond.toFixed(0)} | ${p.start.p50.toFixed(1)} / ${p.start.p99.toFixed(1)} | ${p.check.p50.toFixed(1)} / ${p.check.p99.toFixed(1)} | ${p.failed} |`)
    }
    out.push('')
    const busiest = Math.max(proxy.machine.loadAverage[0], proxy.loadAverageAtEnd?.[0] ?? 0)
    if (busiest > proxy.machine.cores * 2) {
      out.push(
        `The machine was busy during this run (load average up to ${busiest.toFixed(1)} on ${proxy.machine.cores} cores, shared with other work): latencies and ` +
          `shared-core throughputs are mostly that work's queueing; each process's CPU per flow holds best, and before/after come from the same alternating rounds.`,
        '',
      )
    }
    if (v) {
      const c = proxy.cpuPerFlowMs
      out.push(
        `Issue 24's goals. The proxy over the naive forwarder, one flow at a time, at p50: start +${v.serialStartP50Ms.toFixed(2)} ms, ` +
          `check +${v.serialCheckP50Ms.toFixed(2)} ms (goal ≤ ${v.overheadGoalMs} ms: ${met(v.overheadMet)}). ` +
          (v.deployedThroughputRatio === undefined
            ? `Throughput with ${w.concurrency} flows at once: ${o.throughputRatio.toFixed(2)}× the direct one (goal ≥ ${v.throughputGoal}×: ${met(v.throughputMet)}; the forwarder's ${v.forwarderThroughputRatio.toFixed(2)}×). `
            : `Throughput with ${w.concurrency} flows at once, proxy and API each on a CPU of its own as deployed (modelled from the CPU per flow each process used in the same rounds: ` +
              `min(1, API ÷ proxy); this machine's 2 cores cannot give the load generator, the sandbox and the proxy one each): ` +
              `**${v.deployedThroughputRatio.toFixed(2)}×** the API's (goal ≥ ${v.throughputGoal}×: ${met(v.throughputMet)}; the forwarder's ${v.forwarderDeployedThroughputRatio.toFixed(2)}×); ` +
              `all three on the shared 2 cores: ${o.throughputRatio.toFixed(2)}× the direct throughput (the forwarder's ${v.forwarderThroughputRatio.toFixed(2)}×). `) +
          `CPU per flow: proxy ${c.proxy.toFixed(2)} ms, forwarder ${c.forwarder.toFixed(2)} ms (${(c.proxy / c.forwarder).toFixed(2)}×), sandbox (the API) ${c.sandbox.toFixed(2)} ms. ` +
          `Top of the proxy's CPU profile (self time, % of busy samples): ` +
          `${proxy.proxyProfile.slice(0, 5).map((f) => `${f.name.replace(/ \(.*\)$/, '')} ${f.selfPercent.toFixed(1)}%`).join(', ')}.`,
        '',
      )
      const e = proxy.before
      if (e) {
        out.push(
          `Before (${e.commit ?? 'an earlier build'}), in the same rounds: over the forwarder start +${e.serialStartP50Ms.toFixed(2)} ms, check +${e.serialCheckP50Ms.toFixed(2)} ms; ` +
            `throughput ${e.deployedThroughputRatio === undefined ? '' : `${e.deployedThroughputRatio.toFixed(2)}× as deployed, `}${e.throughputRatio.toFixed(2)}× the direct one on the shared cores; CPU per flow ${e.cpuPerFlowMs.toFixed(2)} ms (${(e.cpuPerFlowMs / c.forwarder).toFixed(2)}× the forwarder's). ` +
            `Top of its CPU profile: ${e.profile.slice(0, 5).map((f) => `${f.name.replace(/ \(.*\)$/, '')} ${f.selfPercent.toFixed(1)}%`).join(', ')}.`,
          '',
        )
      }
      const hono = proxy.importCost?.[0]
      if (hono && proxy.importCost) {
        out.push(
          `Import cost at start-up (published build, a fresh \`node\` each, medians): ` +
            `${proxy.importCost.map((cost) => `${cost.label} ${cost.ms.toFixed(0)} ms, ${cost.heapMb.toFixed(2)} MB heap`).join('; ')}.`,
          '',
        )
      }
    } else {
      out.push(
        `Proxy overhead with ${w.concurrency} flows at once: start +${o.startP50Ms.toFixed(1)} ms, check +${o.checkP50Ms.toFixed(1)} ms at p50 ` +
          `(queueing included: the proxy and the sandbox share one event loop); ${o.throughputRatio.toFixed(2)}× the direct throughput. ` +
          `One flow at a time: start +${o.serialStartP50Ms.toFixed(1)} ms, check +${o.serialCheckP50Ms.toFixed(1)} ms at p50.`,
        '',
      )
    }
    out.push(
      `**Token requests under ${b.starts} concurrent starts with a cold token cache: ${b.tokenRequests}** (goal: 1). The sandbox held ` +
        `its token answer ${b.tokenDelayMs} ms so that every start arrived while it was in flight (peak ${b.peakConcurrency} requests in progress at the proxy); ` +
        `${b.created} of ${b.starts} created, ${b.errors} errors.`,
      '',
    )
  }
  return out.join('\n')
}
