import { mkdirSync, writeFileSync } from 'node:fs'
import { describeMachine, formatMachine } from './machine'
import { measureRenders } from './renders/measure-renders'

/** `pnpm bench:renders`: React commits per key press and key-to-paint time, ours beside the alternatives. */
async function main(): Promise<void> {
  const machine = describeMachine()
  console.info(`Machine: ${formatMachine(machine)}`)
  const result = await measureRenders()
  console.info(`Chromium ${result.chromium}, ${result.runs} runs per field (medians over every key press of every run)`)
  console.info(`Method: ${result.method}\n`)
  console.info(
    `${'field'.padEnd(26)} ${'typed'.padEnd(10)} ${'commits/key'.padStart(11)} ${'max'.padStart(4)} ${'siblings'.padStart(8)} ${'render'.padStart(7)} ${'→commit'.padStart(8)} ${'→paint'.padStart(7)} ${'p95'.padStart(6)}  value after`,
  )
  for (const c of result.candidates) {
    console.info(
      `${c.label.padEnd(26)} ${c.text.padEnd(10)} ${c.commitsPerKey.mean.toFixed(2).padStart(11)} ${String(c.commitsPerKey.max).padStart(4)} ${String(c.siblingCommits).padStart(8)} ` +
        `${c.renderMs.p50.toFixed(2).padStart(7)} ${c.keyToCommitMs.p50.toFixed(2).padStart(8)} ${c.keyToPaintMs.p50.toFixed(2).padStart(7)} ${c.keyToPaintMs.p95.toFixed(2).padStart(6)}  ${JSON.stringify(c.finalValue)}`,
    )
  }
  console.info('\nTimes in ms (medians; p95 of key→paint). siblings = commits of the other subtrees while typing, all runs (goal 0).')
  mkdirSync(new URL('../results/', import.meta.url), { recursive: true })
  writeFileSync(new URL('../results/renders.json', import.meta.url), `${JSON.stringify({ date: new Date().toISOString(), machine, ...result }, null, 2)}\n`)
  console.info('written to apps/bench/results/renders.json')
}

await main()
