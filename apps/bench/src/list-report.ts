import { mkdirSync, writeFileSync } from 'node:fs'
import { describeMachine, formatMachine } from './machine'
import { measureList, OPEN_MODES } from './list/measure-list'

/** `pnpm bench:list`: the first open of the country list of every region, ours beside react-international-phone's. */
async function main(): Promise<void> {
  const runs = Number(process.env.HAKIKI_LIST_RUNS ?? 15)
  const at = describeMachine()
  console.info(`Machine: ${formatMachine(at)}`)
  // `HAKIKI_LIST_BEFORE=/path/to/checkout`: its pages of ours too, in the same rounds.
  const result = await measureList({ runs, ...(process.env.HAKIKI_LIST_BEFORE ? { before: process.env.HAKIKI_LIST_BEFORE } : {}) })
  console.info(`Chromium ${result.chromium}; ${result.runs} fresh pages per list, interleaved. ${result.method}.\n`)
  console.info(`${'list'.padEnd(72)} ${'options'.padStart(7)} ${'fetches'.padStart(7)} ${'click p50 ms'.padStart(13)}  first open p50 (p95) ms: ${OPEN_MODES.join(' / ')}`)
  for (const c of result.candidates) {
    const opens = OPEN_MODES.map((m) => `${c.firstOpenMs[m].p50.toFixed(1)} (${c.firstOpenMs[m].p95.toFixed(1)})`).join(' / ')
    console.info(`${c.label.padEnd(72)} ${String(c.options).padStart(7)} ${String(c.fetchesOnOpen).padStart(7)} ${c.clickMs.p50.toFixed(1).padStart(13)}  ${opens}`)
  }
  const ours = result.candidates.find((c) => c.name === 'hakiki-country-list')
  const theirs = result.candidates.find((c) => c.kind === 'alternative')
  if (theirs) {
    console.info('\nFirst open p50 / react-international-phone\'s (goal ≤ 1.0×):')
    for (const c of result.candidates.filter((x) => x.kind === 'hakiki')) {
      console.info(`${c.label}${c === ours ? '' : ''}: ${OPEN_MODES.map((m) => `${m} ${(c.firstOpenMs[m].p50 / theirs.firstOpenMs[m].p50).toFixed(2)}×`).join(', ')}`)
    }
  }
  // With HAKIKI_LIST_BEFORE: each of ours against the same list of the other checkout, same rounds.
  const befores = result.candidates.filter((c) => c.name.startsWith('before-'))
  if (befores.length > 0) {
    console.info('\nFirst open p50, this checkout / HAKIKI_LIST_BEFORE\'s (same rounds):')
    for (const before of befores) {
      const after = result.candidates.find((c) => c.name === before.name.slice('before-'.length))
      if (after) console.info(`${after.label}: ${OPEN_MODES.map((m) => `${m} ${(after.firstOpenMs[m].p50 / before.firstOpenMs[m].p50).toFixed(2)}×`).join(', ')}`)
    }
  }
  mkdirSync(new URL('../results/', import.meta.url), { recursive: true })
  writeFileSync(new URL('../results/list.json', import.meta.url), `${JSON.stringify({ date: new Date().toISOString(), machine: at, ...result }, null, 2)}\n`)
  console.info('\nwritten to apps/bench/results/list.json')
}

await main()
