/**
 * Writes `src/phone/phone-metadata.gen.ts`: libphonenumber-js metadata and mobile example numbers for
 * the covered countries only, so the phone helpers ship ~3 kB of metadata instead of ~80 kB.
 *
 * Run after upgrading libphonenumber-js:
 *   pnpm --filter @hakiki/core generate:phone
 *
 * It filters the library's compiled `metadata.max.json` (the variant with per-type patterns, so
 * `isValid()` and `getType()` answer exactly as with the full `max` bundle) instead of running
 * Google's XML through `libphonenumber-metadata-generator`: the compiled JSON is already in the
 * format `libphonenumber-js/core` reads, and every country entry is copied verbatim, which a test
 * (`src/phone/phone-metadata.test.ts`) checks against the installed library.
 *
 * The package reads this metadata with its own small functions (`src/phone/read-phone-number.ts`,
 * `src/phone/format-as-you-type.ts`, ...) rather than libphonenumber-js, for bundle size. They implement
 * the metadata features libphonenumber-js's regions use; `findUnsupportedPhoneFeatures` lists any
 * other, and generation fails on it (or leaves the region out), so an upgrade that brings one
 * cannot slip through. It also writes one module per region (`src/phone/phone-regions/<ISO>.gen.ts`)
 * and their index (`src/phone/phone-regions.gen.ts`), loaded on demand by `loadPhoneRegions`.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { gzipSync } from 'node:zlib'
import { fileURLToPath } from 'node:url'
import type { Examples, MetadataJson } from 'libphonenumber-js/core'
import { COUNTRIES } from '../src/phone/countries'
import type { PhoneRegionData } from '../src/phone/phone-region-data'

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

/** The source text of `src/phone/phone-metadata.gen.ts` for {@link buildPhoneMetadata}'s data. */
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
export const GENERATED_PATH = fileURLToPath(new URL('../src/phone/phone-metadata.gen.ts', import.meta.url))

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

/** A region's data as its chunk holds it: `[iso2, plan, mobile example]`. */
const regionData = (region: GeneratedPhoneRegion): PhoneRegionData => [region.iso2, region.plan, region.example ?? '']

const chunkBytesSeen = new Map<string, number>()

/** gzip -9 bytes of a chunk of regions as a bundler emits it (minified), to pack regions by. */
export function phoneChunkBytes(chunk: readonly GeneratedPhoneRegion[]): number {
  const text = `var e=${JSON.stringify(chunk.map(regionData))};export{e as phoneRegions};`
  let bytes = chunkBytesSeen.get(text)
  if (bytes === undefined) {
    bytes = gzipSync(text, { level: 9 }).byteLength
    chunkBytesSeen.set(text, bytes)
  }
  return bytes
}

/**
 * What choosing one region may fetch, at most (gzip -9 bytes, as {@link phoneChunkBytes} estimates
 * them; bundlers' chunks come out within a few bytes): its chunk, plus its shared calling code's
 * main region's chunk when that is another one. A region above it on its own would get a chunk of
 * its own. 3 kB, not the 1.45 kB of sessions 3–5 (56 chunks): one request either way and within a
 * connection's first round trip (~14 kB), while the 29 chunks fewer are ~0.44 kB less up front for
 * every page that bundles the phone field with webpack, whose runtime lists each chunk with its hash
 * (issue 24). Choosing a region beyond the 14 covered now fetches ~3.0 kB (median) instead of ~1.45.
 * Session 7: packed without frozen chunks (below), 15 chunks instead of 27 at the same 3 kB.
 */
export const PHONE_CHUNK_BUDGET = 3000

/**
 * Packs the regions into chunks, each fetched with one `import()`: one `import()` per region
 * costs ~16 bytes gzip up front (a bundler names every chunk with a hash that does not compress),
 * so small regions share a chunk as long as what choosing any of them fetches stays within
 * {@link PHONE_CHUNK_BUDGET}. A shared calling code's main region is placed first, with as many of
 * its code's regions as fit beside it (its other regions are placed right after, elsewhere); a
 * region joins a chunk only if every region's cost stays within budget: that of each region in
 * the chunk, and that of each region elsewhere whose main region the chunk holds (it fetches this
 * chunk too). Sessions 3–6 froze every chunk holding a main region instead: 12 small chunks more.
 */
export function packPhoneRegions(regions: readonly GeneratedPhoneRegion[], sharedCallingCodes: Record<string, string[]>, budget: number = PHONE_CHUNK_BUDGET): GeneratedPhoneRegion[][] {
  const byIso = new Map(regions.map((region) => [region.iso2, region]))
  const bytes = new Map(regions.map((region) => [region.iso2, phoneChunkBytes([region])]))
  const mainOf = (region: GeneratedPhoneRegion): string | undefined => sharedCallingCodes[(region.plan as [string])[0]]?.[0]
  const chunkOf = new Map<string, GeneratedPhoneRegion[]>()
  const chunks: GeneratedPhoneRegion[][] = []
  // What choosing `member` fetches if its chunk weighs `own`: that, and its main region's chunk when another.
  const cost = (member: GeneratedPhoneRegion, chunk: readonly GeneratedPhoneRegion[], own: number): number => {
    const main = mainOf(member)
    const mainChunk = main && !chunk.some((r) => r.iso2 === main) ? chunkOf.get(main) : undefined
    return own + (mainChunk ? phoneChunkBytes(mainChunk) : 0)
  }
  // `region` joins `chunk` if every region's cost stays within budget: the chunk's own, and those
  // of regions placed elsewhere whose main region is in it (they fetch it too).
  const fits = (chunk: readonly GeneratedPhoneRegion[], region: GeneratedPhoneRegion): boolean => {
    const next = [...chunk, region]
    const own = phoneChunkBytes(next)
    if (!next.every((member) => cost(member, next, own) <= budget)) return false
    const mains = new Set(next.map((r) => r.iso2))
    return [...chunkOf.entries()].every(([iso2, other]) => other === chunk || !mains.has(mainOf(byIso.get(iso2) as GeneratedPhoneRegion) ?? '') || phoneChunkBytes(other) + own <= budget)
  }
  const place = (chunk: GeneratedPhoneRegion[], region: GeneratedPhoneRegion): void => {
    chunk.push(region)
    chunkOf.set(region.iso2, chunk)
  }
  // The first chunk `region` fits in with `reserve` bytes to spare, or a new one.
  const firstFit = (region: GeneratedPhoneRegion, reserve = 0): void => {
    let chunk = chunks.find((candidate) => fits(candidate, region) && phoneChunkBytes([...candidate, region]) + reserve <= budget)
    if (!chunk) {
      chunk = []
      chunks.push(chunk)
    }
    place(chunk, region)
  }
  // Largest first, so that the small ones fill the gaps.
  const bySize = (a: GeneratedPhoneRegion, b: GeneratedPhoneRegion): number => (bytes.get(b.iso2) ?? 0) - (bytes.get(a.iso2) ?? 0) || a.iso2.localeCompare(b.iso2)
  // The shared calling codes first: each main region with as many of its code's regions as fit.
  for (const members of Object.values(sharedCallingCodes)) {
    const main = byIso.get(members[0] ?? '')
    if (!main) continue
    const rest = members.slice(1).toSorted((a, b) => (bytes.get(a) ?? 0) - (bytes.get(b) ?? 0) || a.localeCompare(b))
    // With room for its largest region, should that one not join it.
    firstFit(main, Math.max(0, ...rest.map((other) => bytes.get(other) ?? 0)))
    const chunk = chunkOf.get(main.iso2) as GeneratedPhoneRegion[]
    for (const iso2 of rest) {
      const region = byIso.get(iso2)
      // Leave room for the largest region left out: it fetches its chunk and this one.
      const reserve = Math.max(0, ...rest.filter((other) => other !== iso2 && !chunkOf.has(other)).map((other) => bytes.get(other) ?? 0))
      if (region && fits(chunk, region) && phoneChunkBytes([...chunk, region]) + reserve <= budget) place(chunk, region)
    }
    // Those left out are placed now, so that what joins their main region's chunk later counts them.
    for (const iso2 of rest) if (!chunkOf.has(iso2) && byIso.has(iso2)) firstFit(byIso.get(iso2) as GeneratedPhoneRegion)
  }
  for (const region of regions.filter((r) => !chunkOf.has(r.iso2)).toSorted(bySize)) firstFit(region)
  return chunks.toSorted((a, b) => phoneChunkName(a).localeCompare(phoneChunkName(b)))
}

/** The file name of a chunk: its alphabetically first region's code (`AC.gen.ts` holds AC and the regions packed with it). */
export const phoneChunkName = (chunk: readonly GeneratedPhoneRegion[]): string => chunk.map((region) => region.iso2).toSorted()[0] ?? ''

/** The source text of `src/phone/phone-regions/<ISO>.gen.ts`: a chunk of regions, loaded on demand with `import()`. */
export function renderPhoneRegionModule(version: string, chunk: readonly GeneratedPhoneRegion[]): string {
  return `// Generated by scripts/generate-phone-metadata.ts from libphonenumber-js ${version}. Do not edit.
import type { PhoneRegionData } from '../phone-region-data'

/** libphonenumber-js \`max\` plans and mobile examples of ${chunk.map((r) => r.iso2).join(', ')}: one chunk, fetched when one of them is chosen. */
export const phoneRegions: readonly PhoneRegionData[] = ${JSON.stringify(chunk.map(regionData))}
`
}

/** A chunk's number in the index, in base 26 with the letters `a`–`z` (0 → `a`, 27 → `bb`): no digit or capital, so it ends each entry. */
function chunkNumber(n: number): string {
  return (n >= 26 ? chunkNumber(Math.floor(n / 26)) : '') + String.fromCharCode(97 + (n % 26))
}

/**
 * The source text of `src/phone/phone-regions.gen.ts`: what a field needs up front to offer every region
 * (each region's calling code, for `+<code>` typed before a country is chosen, and the number of
 * its chunk; the main region of each shared calling code) and one `import()` per chunk of
 * regions, so that bundlers split each into its own chunk. Written as compactly as it reads back,
 * since it loads before any country is chosen: the regions of a shared calling code other than its
 * main one are in alphabetical order in libphonenumber-js, so the main regions are all it takes to
 * rebuild that order (checked here, so that a libphonenumber-js that broke it fails the generator).
 */
export function renderPhoneRegionIndex(version: string, regions: readonly GeneratedPhoneRegion[], sharedCallingCodes: Record<string, string[]>, chunks: readonly (readonly GeneratedPhoneRegion[])[]): string {
  // The chunks of most regions first, so that their numbers take one letter.
  const ordered = chunks.toSorted((a, b) => b.length - a.length)
  const chunkIndex = new Map(ordered.flatMap((chunk, i) => chunk.map((r) => [r.iso2, i] as const)))
  const codes = regions.map((r) => `${r.iso2}${(r.plan as [string])[0]}${chunkNumber(chunkIndex.get(r.iso2) ?? 0)}`).join('')
  const mains = Object.entries(sharedCallingCodes).map(([code, list]) => {
    const [main = '', ...others] = list
    if (others.join() !== others.toSorted().join()) throw new Error(`the regions of +${code} after ${main} are not in alphabetical order`)
    return main
  })
  const loaders = ordered.map((chunk) => `  () => import('./phone-regions/${phoneChunkName(chunk)}.gen'),`).join('\n')
  return `// Generated by scripts/generate-phone-metadata.ts from libphonenumber-js ${version}. Do not edit.
// Written compactly (\`AC247eAD376a…\`: region, calling code, chunk number in letters): this module loads up front.
import type { PhoneRegionData } from './phone-region-data'

/** Each region the phone helpers read exactly, its calling code and its chunk's number (base 26, \`a\` = 0, \`ba\` = 26), in alphabetical order. */
export const phoneRegionEntries: string = ${JSON.stringify(codes)}

/** The main region of each shared calling code; its other regions follow it in alphabetical order, as in libphonenumber-js. */
export const phoneMainRegions: string = ${JSON.stringify(mains.join(''))}

/** One \`import()\` per chunk of regions, so that bundlers split them; the chunks' numbers are their places here. */
export const phoneRegionChunks: readonly (() => Promise<{ phoneRegions: readonly PhoneRegionData[] }>)[] = [
${loaders}
]
`
}

/** Where the per-region modules live. */
export const REGIONS_DIR = fileURLToPath(new URL('../src/phone/phone-regions/', import.meta.url))
/** Where the region index lives. */
export const REGION_INDEX_PATH = fileURLToPath(new URL('../src/phone/phone-regions.gen.ts', import.meta.url))

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  writeFileSync(GENERATED_PATH, renderPhoneMetadataModule(buildPhoneMetadata()))
  console.info(`wrote ${GENERATED_PATH}`)
  const { libphonenumberVersion, regions, sharedCallingCodes } = buildPhoneRegions()
  const chunks = packPhoneRegions(regions, sharedCallingCodes)
  rmSync(REGIONS_DIR, { recursive: true, force: true })
  mkdirSync(REGIONS_DIR, { recursive: true })
  for (const chunk of chunks) writeFileSync(`${REGIONS_DIR}${phoneChunkName(chunk)}.gen.ts`, renderPhoneRegionModule(libphonenumberVersion, chunk))
  writeFileSync(REGION_INDEX_PATH, renderPhoneRegionIndex(libphonenumberVersion, regions, sharedCallingCodes, chunks))
  console.info(`wrote ${regions.length} regions in ${chunks.length} chunks to ${REGIONS_DIR} and ${REGION_INDEX_PATH}`)
}
