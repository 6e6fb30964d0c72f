import { describe, expect, it } from 'vitest'
import { COUNTRY_ALIASES } from './country-aliases'
import { getCountryAliases, loadCountryAliases } from './load-country-aliases'
import { PHONE_REGIONS } from './region-index'

const has = (iso2: string, alias: string): boolean => COUNTRY_ALIASES[iso2]?.includes(alias) ?? false

describe('COUNTRY_ALIASES', () => {
  it('names only regions a phone number can be in, each alias once', () => {
    const regions = new Set<string>(PHONE_REGIONS)
    expect(Object.keys(COUNTRY_ALIASES).filter((iso2) => !regions.has(iso2))).toEqual([])
    for (const [iso2, aliases] of Object.entries(COUNTRY_ALIASES)) expect([iso2, aliases.length]).toEqual([iso2, new Set(aliases).size])
  })

  it('has the readings and common names a search in ja, ru, en, ar and zh is typed with', () => {
    expect([has('JP', 'にほん'), has('US', '米国'), has('US', 'США'), has('BY', 'Белоруссия'), has('TR', 'Turkey'), has('SZ', 'Swaziland'), has('US', 'أمريكا'), has('KR', '南韩')]).toEqual(Array(8).fill(true))
  })
})

describe('loadCountryAliases', () => {
  it('loads the table once, after which getCountryAliases answers from it', async () => {
    const first = loadCountryAliases()
    expect(loadCountryAliases()).toBe(first)
    await first
    expect(getCountryAliases('TR')).toContain('Turkey')
    expect(getCountryAliases('ZZ')).toEqual([])
  })
})
