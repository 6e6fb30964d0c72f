import { readdirSync, readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { buildPhoneRegions, REGION_INDEX_PATH, REGIONS_DIR, renderPhoneRegionIndex, renderPhoneRegionModule } from '../scripts/generate-phone-metadata'
import { COUNTRIES } from './countries'
import { createPhoneHelpers } from './create-phone-helpers'
import { getPhoneRegionCallingCode, getPhoneRegionsForCallingCode, loadPhoneRegions, PHONE_REGIONS } from './load-phone-regions'

describe('per-region phone metadata', () => {
  it('is generated from the installed libphonenumber-js (regenerate with `pnpm --filter @hakiki/core generate:phone`)', () => {
    const { libphonenumberVersion, regions } = buildPhoneRegions()
    expect(readFileSync(REGION_INDEX_PATH, 'utf8')).toBe(renderPhoneRegionIndex(libphonenumberVersion, regions))
    expect(readdirSync(REGIONS_DIR).toSorted()).toEqual(regions.map((r) => `${r.iso2}.gen.ts`).toSorted())
    for (const region of regions) expect(readFileSync(`${REGIONS_DIR}${region.iso2}.gen.ts`, 'utf8')).toBe(renderPhoneRegionModule(libphonenumberVersion, region))
  })

  it('offers the regions the helpers read exactly, the covered ones among them', () => {
    expect(PHONE_REGIONS.length).toBeGreaterThanOrEqual(173)
    for (const { iso2 } of COUNTRIES) expect(PHONE_REGIONS).toContain(iso2)
    // Shared +1 and +44 need parser features the helpers lack.
    expect(PHONE_REGIONS).not.toContain('US')
    expect(PHONE_REGIONS).not.toContain('GB')
    expect(getPhoneRegionCallingCode('DE')).toBe('49')
    expect(getPhoneRegionCallingCode('US')).toBeUndefined()
    expect(getPhoneRegionsForCallingCode('49')).toEqual(['DE'])
    expect(getPhoneRegionsForCallingCode('590')).toEqual(expect.arrayContaining(['GP', 'BL', 'MF']))
  })

  it('loads regions on demand and the helpers read, validate and format their numbers', async () => {
    const { metadata, examples } = await loadPhoneRegions(['DE', 'GH', 'US', 'constructor'])
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
})
