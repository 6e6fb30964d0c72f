import { mkdirSync, writeFileSync } from 'node:fs'
import { describeMachine, formatMachine } from './machine'
import { measureList } from './list/measure-list'

/** `pnpm bench:list`: the first open of the country list of every region, ours beside react-international-phone's. */
async function main(): Promise<void> {
  const runs = Number(process.env.HAKIKI_LIST_RUNS ?? 15)
  const at = describeMachine()
  console.info(`Machine: ${formatMachine(at)}`)
  const result = await measureList({ runs })
  console.info(`Chromium ${result.chromium}; ${result.runs} fresh pages per list, interleaved. ${result.method}.\n`)
  console.info(`${'list'.padEnd(72)} ${'options'.padStart(7)} ${'click p50 ms'.padStart(13)} ${'first open p50 ms'.padStart(18)} ${'p95'.padStart(7)}`)
  for (const c of result.candidates) {
    console.info(`${c.label.padEnd(72)} ${String(c.options).padStart(7)} ${c.clickMs.p50.toFixed(1).padStart(13)} ${c.firstOpenMs.p50.toFixed(1).padStart(18)} ${c.firstOpenMs.p95.toFixed(1).padStart(7)}`)
  }
  const ours = result.candidates.find((c) => c.name === 'hakiki-country-list')
  const theirs = result.candidates.find((c) => c.kind === 'alternative')
  if (theirs) {
    console.info('')
    for (const c of result.candidates.filter((x) => x.kind === 'hakiki')) console.info(`${c.label} / react-international-phone, first open p50: ${(c.firstOpenMs.p50 / theirs.firstOpenMs.p50).toFixed(2)}×${c === ours ? ' (goal ≤ 1.0×)' : ''}`)
  }
  mkdirSync(new URL('../results/', import.meta.url), { recursive: true })
  writeFileSync(new URL('../results/list.json', import.meta.url), `${JSON.stringify({ date: new Date().toISOString(), machine: at, ...result }, null, 2)}\n`)
  console.info('\nwritten to apps/bench/results/list.json')
}

await main()
