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
 * the metadata features libphonenumber-js's regions use; `findUnsupportedPhoneFeatures` lists any
 * other, and generation fails on it (or leaves the region out), so an upgrade that brings one
 * cannot slip through. It also writes one module per region (`src/phone-regions/<ISO>.gen.ts`)
 * and their index (`src/phone-regions.gen.ts`), loaded on demand by `loadPhoneRegions`.
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

/**
 * What in `metadata` the hand-written phone helpers do not implement (empty when they handle it
 * all): non-geographic calling codes (+800, +882, ...: no region to offer), plans without an
 * international call prefix, without per-type patterns or with unsorted lengths, and the plan-level
 * national prefix formatting rule and optional-prefix flag (fields 6 and 9, which no region uses
 * today). Everything else of libphonenumber-js's metadata they read as it does: national prefix for
 * parsing and its transform rule (fields 7 and 8), shared calling codes told apart by leading digits
 * (field 10) or number types, formats of any layout, national prefix rule and international layout.
 */
export function findUnsupportedPhoneFeatures(metadata: MetadataJson): string[] {
  const problems: string[] = []
  const nonGeographic = Object.keys(metadata.nonGeographic ?? {})
  if (nonGeographic.length > 0) problems.push(`non-geographic calling codes ${nonGeographic.join(', ')}`)
  for (const [country, plan] of Object.entries(metadata.countries) as [string, unknown[]][]) {
    const problem = (what: string) => problems.push(`${country}: ${what}`)
    const [, idd, , lengths] = plan as [string, string, string, number[]]
    if (typeof idd !== 'string' || !idd) problem(`international prefix ${String(idd)}`)
    // Field 12, the preferred international prefix (`8~10` in Russia), and field 13, the extension
    // prefix, are read by libphonenumber-js only to format a number for dialling from abroad or with
    // an extension, which the helpers never do: allowed.
    for (const index of [6, 9]) if (plan[index]) problem(`field ${index} (${JSON.stringify(plan[index])})`)
    if (!Array.isArray(plan[11]) || plan[11].length === 0) problem('no per-type patterns')
    if (lengths.some((length, i) => i > 0 && length <= (lengths[i - 1] ?? 0))) problem('possible lengths not ascending')
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
 * The metadata `loadPhoneRegions([iso2])` gives: the region with its calling code's main region
 * (US for +1, GB for +44), whose formats and national prefix rules libphonenumber-js applies to
 * numbers of the whole calling code, in the library's order.
 */
export function regionMetadata(max: MetadataJson, iso2s: readonly string[]): MetadataJson {
  const countries: Record<string, unknown> = {}
  const codes: Record<string, string[]> = {}
  for (const iso2 of iso2s) {
    const plan = max.countries[iso2 as keyof MetadataJson['countries']]
    if (!plan) continue
    const all = max.country_calling_codes[plan[0]] ?? [iso2]
    for (const one of [all[0] ?? iso2, iso2]) countries[one] = max.countries[one as keyof MetadataJson['countries']]
  }
  for (const [iso2, plan] of Object.entries(countries)) codes[(plan as [string])[0]] ??= (max.country_calling_codes[(plan as [string])[0]] ?? [iso2]).filter((c) => c in countries)
  return { version: max.version, country_calling_codes: codes, countries, nonGeographic: {} } as unknown as MetadataJson
}

/**
 * Every libphonenumber-js region whose metadata, loaded as {@link regionMetadata} does, uses only
 * the features the helpers implement (all 245 with 1.13.16): the regions a phone field may offer
 * beyond the covered ones.
 */
export function buildPhoneRegions(): { libphonenumberVersion: string; regions: GeneratedPhoneRegion[]; sharedCallingCodes: Record<string, string[]> } {
  const max = require('libphonenumber-js/metadata.max.json') as MetadataJson
  const allExamples = require('libphonenumber-js/examples.mobile.json') as Examples
  const { version } = require('libphonenumber-js/package.json') as { version: string }
  const regions = Object.entries(max.countries).flatMap(([iso2, plan]) =>
    findUnsupportedPhoneFeatures(regionMetadata(max, [iso2])).length === 0 ? [{ iso2, plan: plan as unknown, example: allExamples[iso2 as keyof Examples] }] : [],
  )
  const offered = new Set(regions.map((r) => r.iso2))
  const sharedCallingCodes = Object.fromEntries(
    Object.entries(max.country_calling_codes).flatMap(([code, countries]) => {
      const kept = countries.filter((c) => offered.has(c))
      return kept.length > 1 ? [[code, kept]] : []
    }),
  )
  return { libphonenumberVersion: version, regions, sharedCallingCodes }
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
 * (each region's calling code, for `+<code>` typed before a country is chosen; the regions of each
 * shared calling code in libphonenumber-js's order, its main region first) and one `import()` per
 * region, so that bundlers split each into its own chunk.
 */
export function renderPhoneRegionIndex(version: string, regions: readonly GeneratedPhoneRegion[], sharedCallingCodes: Record<string, string[]>): string {
  const codes = Object.fromEntries(regions.map((r) => [r.iso2, (r.plan as [string])[0]]))
  const loaders = regions.map((r) => `  ${r.iso2}: () => import('./phone-regions/${r.iso2}.gen').then((m) => m.phoneRegion),`).join('\n')
  return `// Generated by scripts/generate-phone-metadata.ts from libphonenumber-js ${version}. Do not edit.
import type { PhoneRegionData } from './phone-region-data'

/** Calling code of every region the phone helpers read exactly (ISO 3166-1 alpha-2 → code). */
export const phoneRegionCallingCodes: Readonly<Record<string, string>> = ${JSON.stringify(codes)}

/** The regions of each shared calling code, in libphonenumber-js's order: the first is the main one. */
export const phoneSharedCallingCodes: Readonly<Record<string, readonly string[]>> = ${JSON.stringify(sharedCallingCodes)}

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
  const { libphonenumberVersion, regions, sharedCallingCodes } = buildPhoneRegions()
  rmSync(REGIONS_DIR, { recursive: true, force: true })
  mkdirSync(REGIONS_DIR, { recursive: true })
  for (const region of regions) writeFileSync(`${REGIONS_DIR}${region.iso2}.gen.ts`, renderPhoneRegionModule(libphonenumberVersion, region))
  writeFileSync(REGION_INDEX_PATH, renderPhoneRegionIndex(libphonenumberVersion, regions, sharedCallingCodes))
  console.info(`wrote ${regions.length} regions to ${REGIONS_DIR} and ${REGION_INDEX_PATH}`)
}
