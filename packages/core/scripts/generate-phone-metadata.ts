/**
 * Writes `src/phone-metadata.gen.ts`: libphonenumber-js metadata and mobile example numbers for
 * the covered countries only, so the phone helpers ship ~3 kB of metadata instead of ~80 kB.
 *
 * Run after upgrading libphonenumber-js:
 *   pnpm --filter @hakiki/core generate:phone
 *
 * It filters the library's compiled `metadata.max.json` (the variant with per-type patterns, so
 * `isValid()` and `getType()` answer exactly as with the full `max` bundle) instead of running
 * Google's XML through `libphonenumber-metadata-generator`: the compiled JSON is already in the
 * format `libphonenumber-js/core` reads, and every country entry is copied verbatim, which a test
 * (`src/phone-metadata.test.ts`) checks against the installed library.
 *
 * The package reads this metadata with its own small functions (`src/read-phone-number.ts`,
 * `src/format-as-you-type.ts`, ...) rather than libphonenumber-js, for bundle size. They implement
 * only the metadata features the covered countries use; `findUnsupportedPhoneFeatures` lists any
 * other, and generation fails on it, so an upgrade that brings one cannot slip through.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { fileURLToPath } from 'node:url'
import type { Examples, MetadataJson } from 'libphonenumber-js/core'
import { COUNTRIES } from '../src/countries'

const require = createRequire(import.meta.url)

/** The generated module's data: metadata for `libphonenumber-js/core` and example numbers. */
export interface GeneratedPhoneMetadata {
  /** libphonenumber-js version the data was taken from. */
  libphonenumberVersion: string
  metadata: MetadataJson
  examples: Partial<Examples>
}

/** Filters the installed libphonenumber-js's `max` metadata and mobile examples to the covered countries. */
export function buildPhoneMetadata(): GeneratedPhoneMetadata {
  const max = require('libphonenumber-js/metadata.max.json') as MetadataJson
  const allExamples = require('libphonenumber-js/examples.mobile.json') as Examples
  const { version } = require('libphonenumber-js/package.json') as { version: string }

  const countries: MetadataJson['countries'] = {}
  const callingCodes: MetadataJson['country_calling_codes'] = {}
  const examples: Partial<Examples> = {}
  for (const { iso2 } of COUNTRIES) {
    const plan = max.countries[iso2]
    if (!plan) throw new Error(`libphonenumber-js has no metadata for ${iso2}`)
    countries[iso2] = plan
    const callingCode = plan[0]
    // Keep the library's order of countries sharing a calling code: the first is the "main" one.
    callingCodes[callingCode] = (max.country_calling_codes[callingCode] ?? []).filter((c) =>
      COUNTRIES.some((covered) => covered.iso2 === c),
    )
    examples[iso2] = allExamples[iso2]
  }
  const metadata: MetadataJson = { version: max.version, country_calling_codes: callingCodes, countries, nonGeographic: {} }
  const unsupported = findUnsupportedPhoneFeatures(metadata)
  if (unsupported.length > 0) {
    throw new Error(`The covered metadata uses features the phone helpers do not implement:\n${unsupported.join('\n')}`)
  }
  return { libphonenumberVersion: version, metadata, examples }
}

/** Number pattern of a format made only of digit groups: `(\d{2})(\d{3,4})`. */
const GROUPS_ONLY = /^(?:\(\\d(?:\{\d+(?:,\d+)?\})?\))+$/
/** Layout of a format: the groups in order with single spaces or dashes, `$1 $2 $3`, `$1-$2-$3`. */
const SPACED_GROUPS = /^\$1(?:[ -]\$\d)*$/
/** National prefix rule: the prefix before the first group, maybe in parentheses (`0$1`, `(0$1)`). */
const PREFIX_RULE = /^(\(?)(\d*)\$1(\)?)$/

/**
 * What in `metadata` the hand-written phone helpers do not implement (empty when they handle it
 * all): shared calling codes, calling codes that are prefixes of others, national prefix parsing
 * and transform rules, optional national prefixes, international layouts, formats that add
 * characters other than spaces and dashes, plans without an international call prefix pattern or without
 * per-type patterns, non-geographic codes.
 */
export function findUnsupportedPhoneFeatures(metadata: MetadataJson): string[] {
  const problems: string[] = []
  const codes = Object.keys(metadata.country_calling_codes)
  const nonGeographic = Object.keys(metadata.nonGeographic ?? {})
  if (nonGeographic.length > 0) problems.push(`non-geographic calling codes ${nonGeographic.join(', ')}`)
  for (const [code, countries] of Object.entries(metadata.country_calling_codes)) {
    if (countries.length !== 1) problems.push(`+${code} is shared by ${countries.join(', ')}`)
    for (const other of codes) if (other !== code && other.startsWith(code)) problems.push(`+${code} is a prefix of +${other}`)
  }
  for (const [country, plan] of Object.entries(metadata.countries) as [string, unknown[]][]) {
    const problem = (what: string) => problems.push(`${country}: ${what}`)
    const [, idd, , lengths, formats, prefix] = plan as [string, string, string, number[], unknown[][] | 0, string | 0]
    if (typeof idd !== 'string' || !idd) problem(`international prefix ${String(idd)}`)
    if (prefix && !/^\d+$/.test(prefix)) problem(`national prefix ${prefix}`)
    // Field 12, the preferred international prefix (`8~10` in Russia), is read by libphonenumber-js
    // only to format a number for dialling from abroad, which the helpers never do: allowed.
    for (const index of [6, 7, 8, 9, 10]) if (plan[index]) problem(`field ${index} (${JSON.stringify(plan[index])})`)
    if (!Array.isArray(plan[11]) || plan[11].length === 0) problem('no per-type patterns')
    if (lengths.some((length, i) => i > 0 && length <= (lengths[i - 1] ?? 0))) problem('possible lengths not ascending')
    for (const [pattern, layout, , rule, optional, international] of formats || []) {
      const format = `format ${String(pattern)}`
      if (!GROUPS_ONLY.test(String(pattern))) problem(`${format}: pattern not made of digit groups`)
      if (!SPACED_GROUPS.test(String(layout))) problem(`${format}: layout ${String(layout)}`)
      const parts = rule ? PREFIX_RULE.exec(String(rule)) : undefined
      if (rule && (!parts || parts[2] !== prefix || parts[1] !== (parts[3] ? '(' : ''))) problem(`${format}: national prefix rule ${String(rule)}`)
      if (optional || international) problem(`${format}: optional national prefix or international layout`)
    }
  }
  return problems
}

/** The source text of `src/phone-metadata.gen.ts` for {@link buildPhoneMetadata}'s data. */
export function renderPhoneMetadataModule(data: GeneratedPhoneMetadata): string {
  return `// Generated by scripts/generate-phone-metadata.ts from libphonenumber-js ${data.libphonenumberVersion}. Do not edit.
// Regenerate with: pnpm --filter @hakiki/core generate:phone
import type { Examples, MetadataJson } from 'libphonenumber-js/core'

/** libphonenumber-js \`max\` metadata of the covered countries only. */
export const coveredPhoneMetadata: MetadataJson = ${JSON.stringify(data.metadata)}

/** Example mobile numbers (national significant number) of the covered countries. */
export const coveredPhoneExamples: Partial<Examples> = ${JSON.stringify(data.examples, null, 2)}
`
}

/** Where the generated module lives. */
export const GENERATED_PATH = fileURLToPath(new URL('../src/phone-metadata.gen.ts', import.meta.url))

/** One region the helpers read exactly, as its own module: its plan and mobile example. */
export interface GeneratedPhoneRegion {
  iso2: string
  plan: unknown
  example: string | undefined
}

/**
 * Every libphonenumber-js region whose metadata, on its own, uses only the features the helpers
 * implement (173 of 245 with 1.13.16): the regions a phone field may offer beyond the covered ones.
 */
export function buildPhoneRegions(): { libphonenumberVersion: string; regions: GeneratedPhoneRegion[] } {
  const max = require('libphonenumber-js/metadata.max.json') as MetadataJson
  const allExamples = require('libphonenumber-js/examples.mobile.json') as Examples
  const { version } = require('libphonenumber-js/package.json') as { version: string }
  const regions = Object.entries(max.countries).flatMap(([iso2, plan]) => {
    const metadata: MetadataJson = { version: max.version, country_calling_codes: { [plan[0]]: [iso2 as keyof Examples] }, countries: { [iso2]: plan }, nonGeographic: {} }
    return findUnsupportedPhoneFeatures(metadata).length === 0 ? [{ iso2, plan: plan as unknown, example: allExamples[iso2 as keyof Examples] }] : []
  })
  return { libphonenumberVersion: version, regions }
}

/** The source text of `src/phone-regions/<ISO>.gen.ts`: one region, loaded on demand with `import()`. */
export function renderPhoneRegionModule(version: string, region: GeneratedPhoneRegion): string {
  return `// Generated by scripts/generate-phone-metadata.ts from libphonenumber-js ${version}. Do not edit.
import type { PhoneRegionData } from '../phone-region-data'

/** libphonenumber-js \`max\` plan and mobile example of ${region.iso2}. */
export const phoneRegion: PhoneRegionData = ${JSON.stringify([region.iso2, region.plan, region.example ?? ''])}
`
}

/**
 * The source text of `src/phone-regions.gen.ts`: what a field needs up front to offer every region
 * (each region's calling code, for `+<code>` typed before a country is chosen) and one `import()`
 * per region, so that bundlers split each into its own chunk.
 */
export function renderPhoneRegionIndex(version: string, regions: readonly GeneratedPhoneRegion[]): string {
  const codes = Object.fromEntries(regions.map((r) => [r.iso2, (r.plan as [string])[0]]))
  const loaders = regions.map((r) => `  ${r.iso2}: () => import('./phone-regions/${r.iso2}.gen').then((m) => m.phoneRegion),`).join('\n')
  return `// Generated by scripts/generate-phone-metadata.ts from libphonenumber-js ${version}. Do not edit.
import type { PhoneRegionData } from './phone-region-data'

/** Calling code of every region the phone helpers read exactly (ISO 3166-1 alpha-2 → code). */
export const phoneRegionCallingCodes: Readonly<Record<string, string>> = ${JSON.stringify(codes)}

/** Loads one region's metadata, as its own chunk. */
export const phoneRegionLoaders: Readonly<Record<string, () => Promise<PhoneRegionData>>> = {
${loaders}
}
`
}

/** Where the per-region modules live. */
export const REGIONS_DIR = fileURLToPath(new URL('../src/phone-regions/', import.meta.url))
/** Where the region index lives. */
export const REGION_INDEX_PATH = fileURLToPath(new URL('../src/phone-regions.gen.ts', import.meta.url))

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  writeFileSync(GENERATED_PATH, renderPhoneMetadataModule(buildPhoneMetadata()))
  console.info(`wrote ${GENERATED_PATH}`)
  const { libphonenumberVersion, regions } = buildPhoneRegions()
  rmSync(REGIONS_DIR, { recursive: true, force: true })
  mkdirSync(REGIONS_DIR, { recursive: true })
  for (const region of regions) writeFileSync(`${REGIONS_DIR}${region.iso2}.gen.ts`, renderPhoneRegionModule(libphonenumberVersion, region))
  writeFileSync(REGION_INDEX_PATH, renderPhoneRegionIndex(libphonenumberVersion, regions))
  console.info(`wrote ${regions.length} regions to ${REGIONS_DIR} and ${REGION_INDEX_PATH}`)
}
