import { mkdirSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import { measureBundle } from './measure-bundle'
import { measureEveryCountryPhoneInput } from './phone-input-every-country'
import { measurePhoneRegions, measureShippedPhoneRegions } from './phone-region-sizes'
import { SIZE_ENTRIES } from './size-entries'

const kb = (n: number): string => (n / 1024).toFixed(1).padStart(6)

/** `pnpm bench:size`: prints the consumer bundle sizes of ours beside the alternatives. */
async function main(): Promise<void> {
  const rows: Array<{ name: string; kind: string; minified: number; gzip: number; budgetGzip?: number }> = []
  for (const entry of SIZE_ENTRIES) {
    try {
      const size = await measureBundle(entry.code)
      rows.push({ name: entry.name, kind: entry.kind, ...size, ...(entry.budgetGzip ? { budgetGzip: entry.budgetGzip } : {}) })
    } catch (error) {
      console.error(`could not bundle ${entry.name}: ${(error as Error).message.split('\n')[0]}`)
    }
  }
  console.info('Consumer bundles: esbuild, minified, gzip -9; react, react-dom, @tanstack/react-query external\n')
  console.info(`${'bundle'.padEnd(52)} ${'min kB'.padStart(7)} ${'gzip kB'.padStart(8)}  budget`)
  for (const r of rows) {
    const budget = r.budgetGzip ? `${(r.budgetGzip / 1024).toFixed(0)} kB ${r.gzip <= r.budgetGzip ? 'ok' : 'OVER'}` : ''
    console.info(`${r.name.padEnd(52)} ${kb(r.minified)}  ${kb(r.gzip)}   ${budget}`)
  }
  const find = (prefix: string) => rows.find((r) => r.name.startsWith(prefix))
  const ratios: Array<[string, string, string]> = [
    ['hakiki CodeInput', 'input-otp', 'react-otp-input'],
    ['hakiki PhoneInput', 'react-phone-number-input (default)', 'react-international-phone'],
  ]
  console.info('')
  for (const [ours, ...theirs] of ratios) {
    const a = find(ours)
    if (!a) continue
    for (const t of theirs) {
      const b = find(t)
      if (b) console.info(`${ours} / ${t}: ${(a.gzip / b.gzip).toFixed(2)}× the gzip size`)
    }
  }
  // Phone fields for every country: what loads up front, and what one more country would cost.
  const regions = measurePhoneRegions()
  const phone = find('hakiki PhoneInput')
  const theirs = find('react-phone-number-input/input')
  console.info('\nPhone field for every country (gzip):')
  if (phone) console.info(`  hakiki PhoneInput up front (14 covered countries built in): ${kb(phone.gzip).trim()} kB`)
  const every = await measureEveryCountryPhoneInput()
  console.info(`  hakiki PhoneInput countries="all" up front, before any interaction: ${kb(every.upFrontGzip).trim()} kB`)
  console.info(
    `  hakiki PhoneInput countries="all", first country beyond the 14 (region index ${kb(every.indexGzip).trim()} kB + its chunk): median ${kb(every.firstCountryMedianGzip).trim()} kB, largest ${kb(every.firstCountryMaxGzip).trim()} kB (${every.firstCountryMaxRegion}); each further country: its chunk alone`,
  )
  if (theirs) console.info(`  react-phone-number-input/input up front (every country built in): ${kb(theirs.gzip).trim()} kB`)
  console.info(`  one country's metadata chunk, of ${regions.regions}: median ${kb(regions.medianGzip).trim()} kB, largest ${kb(regions.maxGzip).trim()} kB (${regions.maxRegion})`)
  // What @hakiki/core really ships for every region: its helpers and region index, then chunks of a few regions.
  const shipped = await measureShippedPhoneRegions()
  const [largest] = shipped.chosen
  console.info(`  hakiki phone helpers for every region up front (loadPhoneRegions, createPhoneHelpers, region list): ${kb(shipped.upFrontGzip).trim()} kB`)
  console.info(`  hakiki: one country chosen fetches (${shipped.chunks.length} chunks for ${shipped.chosen.length} regions): median ${kb(shipped.medianGzip).trim()} kB, largest ${kb(largest?.gzip ?? 0).trim()} kB (${largest?.iso2 ?? ''})`)
  mkdirSync(new URL('../results/', import.meta.url), { recursive: true })
  const machine = { cpus: os.cpus().length, cpu: os.cpus()[0]?.model ?? 'unknown', node: process.version, platform: `${os.platform()} ${os.release()}` }
  writeFileSync(new URL('../results/size.json', import.meta.url), `${JSON.stringify({ date: new Date().toISOString(), machine, rows, phoneRegions: regions, everyCountryPhoneInput: every, shippedPhoneRegions: { upFrontGzip: shipped.upFrontGzip, chunks: shipped.chunks.length, medianGzip: shipped.medianGzip, largest } }, null, 2)}\n`)
  console.info('\nwritten to apps/bench/results/size.json')
}

await main()
