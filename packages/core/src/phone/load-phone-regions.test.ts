import { readdirSync, readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { buildPhoneRegions, packPhoneRegions, PHONE_CHUNK_BUDGET, phoneChunkBytes, phoneChunkName, REGION_INDEX_PATH, REGIONS_DIR, renderPhoneRegionIndex, renderPhoneRegionModule } from '../../scripts/generate-phone-metadata'
import { COUNTRIES } from './countries'
import { createPhoneHelpers } from './create-phone-helpers'
import { getPhoneRegionCallingCode, getPhoneRegionsForCallingCode, loadPhoneRegions, PHONE_REGIONS } from './load-phone-regions'

describe('per-region phone metadata', () => {
  it('is generated from the installed libphonenumber-js (regenerate with `pnpm --filter @hakiki/core generate:phone`)', () => {
    const { libphonenumberVersion, regions, sharedCallingCodes } = buildPhoneRegions()
    const chunks = packPhoneRegions(regions, sharedCallingCodes)
    expect(readFileSync(REGION_INDEX_PATH, 'utf8')).toBe(renderPhoneRegionIndex(libphonenumberVersion, regions, sharedCallingCodes, chunks))
    expect(readdirSync(REGIONS_DIR).toSorted()).toEqual(chunks.map((chunk) => `${phoneChunkName(chunk)}.gen.ts`).toSorted())
    for (const chunk of chunks) expect(readFileSync(`${REGIONS_DIR}${phoneChunkName(chunk)}.gen.ts`, 'utf8')).toBe(renderPhoneRegionModule(libphonenumberVersion, chunk))
  }, 30_000)

  it('packs every region once, into chunks that keep what choosing one region fetches within budget', () => {
    const { regions, sharedCallingCodes } = buildPhoneRegions()
    const chunks = packPhoneRegions(regions, sharedCallingCodes)
    expect(chunks.flat().map((r) => r.iso2).toSorted()).toEqual(regions.map((r) => r.iso2).toSorted())
    expect(chunks.length).toBeLessThan(regions.length / 3)
    const chunkOf = new Map(chunks.flatMap((chunk) => chunk.map((r) => [r.iso2, chunk] as const)))
    const fetched = regions.map((region) => {
      const own = chunkOf.get(region.iso2) ?? []
      const main = chunkOf.get(sharedCallingCodes[(region.plan as [string])[0]]?.[0] ?? region.iso2) ?? own
      return { iso2: region.iso2, bytes: phoneChunkBytes(own) + (main === own ? 0 : phoneChunkBytes(main)) }
    })
    // Choosing any region fetches within the budget (a region whose plan alone were over it would
    // have a chunk of its own), and the chunks are filled up to it: fewer chunks, fewer bytes up front.
    expect(fetched.filter((r) => r.bytes > PHONE_CHUNK_BUDGET && chunkOf.get(r.iso2)?.length !== 1)).toEqual([])
    expect(Math.max(...fetched.map((r) => r.bytes))).toBeGreaterThan(0.95 * PHONE_CHUNK_BUDGET)
    // Under a budget below India's plan (~1.56 kB; sessions 3–5 packed to 1.45 kB), India is alone.
    const tight = packPhoneRegions(regions, sharedCallingCodes, 1450)
    expect(tight.find((chunk) => chunk.some((r) => r.iso2 === 'IN'))?.map((r) => r.iso2)).toEqual(['IN'])
    expect(tight.length).toBeGreaterThan(chunks.length)
  })

  it('offers every region, the covered ones among them, with their calling codes', () => {
    expect(PHONE_REGIONS).toHaveLength(245)
    for (const { iso2 } of COUNTRIES) expect(PHONE_REGIONS).toContain(iso2)
    expect(getPhoneRegionCallingCode('DE')).toBe('49')
    expect(getPhoneRegionCallingCode('US')).toBe('1')
    expect(getPhoneRegionCallingCode('constructor')).toBeUndefined()
    expect(getPhoneRegionsForCallingCode('49')).toEqual(['DE'])
    // Shared codes in libphonenumber-js's order, the main region first.
    expect(getPhoneRegionsForCallingCode('590')).toEqual(['GP', 'BL', 'MF'])
    expect(getPhoneRegionsForCallingCode('7')).toEqual(['RU', 'KZ'])
    expect(getPhoneRegionsForCallingCode('1')).toHaveLength(25)
    expect(getPhoneRegionsForCallingCode('1')[0]).toBe('US')
  })

  it('loads regions on demand and the helpers read, validate and format their numbers', async () => {
    const { metadata, examples } = await loadPhoneRegions(['DE', 'GH', 'constructor'])
    expect(Object.keys(metadata.countries).toSorted()).toEqual(['DE', 'GH'])
    const phone = createPhoneHelpers(metadata, examples)
    expect(phone.parsePhoneNumber('01512 3456789', 'DE')).toMatchObject({ e164: '+4915123456789', country: 'DE', isValid: true, isCovered: false, type: 'MOBILE', error: 'unsupported_country' })
    // Codes go to the covered countries only: no E.164 while typing, `unsupported_country` once read.
    expect(phone.formatPhoneAsYouType('+4915123456789')).toEqual({ formatted: '+49 1512 3456789', country: 'DE' })
    expect(phone.formatPhoneAsYouType('015123456789', 'DE').formatted).toBe('01512 3456789')
    expect(phone.parsePhoneNumber('024 123 4567', 'GH')).toMatchObject({ e164: '+233241234567', isValid: true })
    const example = phone.getExampleNumber('DE')
    expect(example && phone.parsePhoneNumber(example.international).isValid).toBe(true)
  })

  it('reads the biggest markets: national prefixes for parsing, transform rules, international layouts', async () => {
    const { metadata, examples } = await loadPhoneRegions(['US', 'GB', 'FR', 'IN', 'BR', 'JP', 'AU', 'RU', 'AR'])
    const phone = createPhoneHelpers(metadata, examples)
    expect(phone.formatPhoneAsYouType('2015550123', 'US')).toEqual({ formatted: '(201) 555-0123', country: 'US' })
    expect(phone.formatPhoneAsYouType('+12015550123')).toEqual({ formatted: '+1 201 555 0123', country: 'US' })
    expect(phone.parsePhoneNumber('(201) 555-0123', 'US')).toMatchObject({ e164: '+12015550123', country: 'US', isValid: true })
    expect(phone.formatPhoneAsYouType('07400 123456', 'GB').formatted).toBe('07400 123456')
    expect(phone.formatPhoneAsYouType('0612345678', 'FR').formatted).toBe('06 12 34 56 78')
    expect(phone.parsePhoneNumber('081234 56789', 'IN')).toMatchObject({ e164: '+918123456789', type: 'MOBILE', isValid: true })
    // Brazil: the carrier code `0 15` after the trunk prefix is dropped (field 7, transform `$2`).
    expect(phone.parsePhoneNumber('0 15 11 96123 4567', 'BR')).toMatchObject({ e164: '+5511961234567', isValid: true })
    expect(phone.parsePhoneNumber('090-1234-5678', 'JP')).toMatchObject({ e164: '+819012345678', type: 'MOBILE', isValid: true })
    expect(phone.parsePhoneNumber('0412 345 678', 'AU')).toMatchObject({ e164: '+61412345678', country: 'AU', isValid: true })
    expect(phone.formatPhoneAsYouType('89123456789', 'RU').formatted).toBe('8 (912) 345-67-89')
    // Argentina: mobile `15` after the area code becomes the `9` before it (transform `9$1`).
    expect(phone.parsePhoneNumber('011 15 2345 6789', 'AR')).toMatchObject({ e164: '+5491123456789', type: 'MOBILE', isValid: true })
    expect(phone.formatPhoneNumber('+5491123456789', 'national')).toBe('011 15-2345-6789')
    expect(phone.formatPhoneNumber('+5491123456789')).toBe('+54 9 11 2345 6789')
  })

  it('loads a shared calling code\'s main region with each of its regions, and tells the regions apart once all are loaded', async () => {
    const canada = await loadPhoneRegions(['CA'])
    expect(canada.metadata.country_calling_codes).toEqual({ 1: ['US', 'CA'] })
    const some = createPhoneHelpers(canada.metadata, canada.examples)
    expect(some.parsePhoneNumber('+1 416 555 0123')).toMatchObject({ country: 'CA', isValid: true })
    expect(some.parsePhoneNumber('+1 201 555 0123')).toMatchObject({ country: 'US', isValid: true })
    // Antigua is not loaded: its number is read in the main region, as an invalid number.
    expect(some.parsePhoneNumber('+1 268 464 1234')).toMatchObject({ country: undefined, isValid: false })
    // Canada has no formats of its own: the US's lay its numbers out.
    expect(some.formatPhoneAsYouType('4165550123', 'CA')).toEqual({ formatted: '(416) 555-0123', country: 'CA' })

    const nanp = await loadPhoneRegions(getPhoneRegionsForCallingCode('1'))
    const all = createPhoneHelpers(nanp.metadata, nanp.examples)
    expect(all.parsePhoneNumber('+1 268 464 1234')).toMatchObject({ country: 'AG', isValid: true })
    // Seven digits typed in Antigua get its area code (field 8, `268$1`).
    expect(all.parsePhoneNumber('464 1234', 'AG')).toMatchObject({ e164: '+12684641234', country: 'AG', isValid: true })
    expect(all.formatPhoneAsYouType('+1 268 464 1234')).toEqual({ formatted: '+1 268 464 1234', country: 'AG' })
  })
})
