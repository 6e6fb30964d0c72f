import { mkdirSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import { BUNDLERS } from './bundlers'
import { measureEveryCountryPhoneInput } from './phone-input-every-country'
import { measurePhoneRegions, measureShippedPhoneRegions } from './phone-region-sizes'
import { measureSizes } from './published-sizes'
import { SIZE_ENTRIES } from './size-entries'

const kb = (n: number): string => (n / 1024).toFixed(1).padStart(6)

/** `pnpm bench:size`: prints the consumer bundle sizes of ours (sources and published) beside the alternatives, in three bundlers. */
async function main(): Promise<void> {
  // `HAKIKI_SIZE_BEFORE=/path/to/checkout` (packages built there): its published figures too.
  const before = process.env.HAKIKI_SIZE_BEFORE
  const rows = await measureSizes(SIZE_ENTRIES, before ? { before } : {})
  console.info('Consumer bundles, gzip -9 kB of what loads up front; react, react-dom, @tanstack/react-query external.')
  console.info('source: esbuild on the workspace sources; esbuild / vite / webpack: the packed tarballs installed by npm (alternatives: from npm).\n')
  console.info(`${'bundle'.padEnd(72)} ${'source'.padStart(7)} ${'esbuild'.padStart(8)} ${'vite'.padStart(7)} ${'webpack'.padStart(8)}  budget`)
  let over = 0
  for (const r of rows) {
    const figures = BUNDLERS.map((b) => kb(r.published[b].gzip).padStart(b === 'esbuild' || b === 'webpack' ? 8 : 7)).join(' ')
    const budgets = r.budgetGzip ? BUNDLERS.filter((b) => r.published[b].gzip > (r.budgetGzip?.[b] ?? Infinity)) : []
    over += budgets.length
    const budget = r.budgetGzip ? `${kb(Math.min(...Object.values(r.budgetGzip))).trim()} kB ${budgets.length === 0 ? 'ok' : `OVER (${budgets.join(', ')})`}` : ''
    console.info(`${r.name.padEnd(72)} ${r.source ? kb(r.source.gzip) : '     -'} ${figures}  ${budget}`)
  }
  // Where webpack's extra bytes go: its runtime lists every lazy chunk (however deep its import())
  // with a content hash that does not compress; esbuild and rolldown leave that to each import().
  const listed = rows.filter((r) => r.kind === 'hakiki' && r.published.webpack?.chunkList)
  if (listed.length > 0) console.info('\nwebpack, of which its runtime lists the lazy chunks (gzip kB, chunks):')
  for (const r of listed) console.info(`  ${r.name.padEnd(70)} ${kb(r.published.webpack.chunkList?.gzip ?? 0)} kB, ${r.published.webpack.chunkList?.chunks} chunks`)
  if (before) {
    console.info(`\nBefore (${before}), published, gzip kB:`)
    for (const r of rows.filter((row) => row.before)) {
      console.info(`${r.name.padEnd(72)} ${'      '} ${BUNDLERS.map((b) => kb(r.before?.[b].gzip ?? 0).padStart(b === 'rolldown' ? 7 : 8)).join(' ')}`)
    }
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
      if (b) console.info(`${ours} / ${t}: ${BUNDLERS.map((x) => `${(a.published[x].gzip / b.published[x].gzip).toFixed(2)}× (${x})`).join(', ')} the gzip size`)
    }
  }
  // Phone fields for every country: what loads up front, and what one more country would cost.
  const regions = measurePhoneRegions()
  const phone = find('hakiki PhoneInput')
  const theirs = find('react-phone-number-input/input')
  console.info('\nPhone field for every country (gzip, esbuild on the sources):')
  if (phone?.source) console.info(`  hakiki PhoneInput up front (14 covered countries built in): ${kb(phone.source.gzip).trim()} kB`)
  const every = await measureEveryCountryPhoneInput()
  console.info(`  hakiki PhoneInput countries="all" up front, before any interaction: ${kb(every.upFrontGzip).trim()} kB`)
  console.info(
    `  hakiki PhoneInput countries="all", first country beyond the 14 (region index ${kb(every.indexGzip).trim()} kB + its chunk): median ${kb(every.firstCountryMedianGzip).trim()} kB, largest ${kb(every.firstCountryMaxGzip).trim()} kB (${every.firstCountryMaxRegion}); each further country: its chunk alone`,
  )
  if (theirs) console.info(`  react-phone-number-input/input up front (every country built in): ${kb(theirs.published.esbuild.gzip).trim()} kB`)
  console.info(`  one country's metadata chunk, of ${regions.regions}: median ${kb(regions.medianGzip).trim()} kB, largest ${kb(regions.maxGzip).trim()} kB (${regions.maxRegion})`)
  // What @hakiki/core really ships for every region: its helpers and region index, then chunks of a few regions.
  const shipped = await measureShippedPhoneRegions()
  const [largest] = shipped.chosen
  console.info(`  hakiki phone helpers for every region up front (loadPhoneRegions, createPhoneHelpers, region list): ${kb(shipped.upFrontGzip).trim()} kB`)
  console.info(`  hakiki: one country chosen fetches (${shipped.chunks.length} chunks for ${shipped.chosen.length} regions): median ${kb(shipped.medianGzip).trim()} kB, largest ${kb(largest?.gzip ?? 0).trim()} kB (${largest?.iso2 ?? ''})`)
  mkdirSync(new URL('../results/', import.meta.url), { recursive: true })
  const machine = { cpus: os.cpus().length, cpu: os.cpus()[0]?.model ?? 'unknown', node: process.version, platform: `${os.platform()} ${os.release()}` }
  writeFileSync(
    new URL('../results/size.json', import.meta.url),
    `${JSON.stringify({ date: new Date().toISOString(), machine, bundlers: BUNDLERS, ...(before ? { before: process.env.HAKIKI_SIZE_BEFORE_LABEL ?? before } : {}), rows, phoneRegions: regions, everyCountryPhoneInput: every, shippedPhoneRegions: { upFrontGzip: shipped.upFrontGzip, chunks: shipped.chunks.length, medianGzip: shipped.medianGzip, largest } }, null, 2)}\n`,
  )
  console.info('\nwritten to apps/bench/results/size.json')
  if (over > 0) {
    console.error(`\n${over} published figure(s) over budget`)
    process.exitCode = 1
  }
}

await main()
