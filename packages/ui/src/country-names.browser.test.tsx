import { COUNTRIES, LOCALES, loadCountryAliases, loadPhoneCountries, withCountrySearchDeps, type CountryCode } from '@hakiki/core'
import { render } from '@testing-library/react'
import { beforeAll, describe, expect, test, vi } from 'vitest'
import { userEvent } from 'vitest/browser'
import { guessCountry } from './country-names'
import { CountrySelect, preloadCountryList } from './country-select'
import { LocaleProvider } from './i18n/locale-provider'
import { PhoneInput } from './phone-input'

// Core's country search, given what it reads of the rest of core, as the country list's chunk has it.
const { countryEntries, searchCountries } = withCountrySearchDeps(await import('@hakiki/core/country-search'))

const ALL: readonly CountryCode[] = COUNTRIES.map((c) => c.iso2)
const codes = (tag: string, query: string) => searchCountries(countryEntries(tag), query).map((c) => c.iso2)

describe('searchCountries', () => {
  test.each(LOCALES.map((l) => [l.api, l.tag] as const))('%s: names that start with the text first, aliases without accents', (_, tag) => {
    const ni = codes(tag, 'Ni')
    expect(ni).toContain('BJ')
    expect(ni.indexOf('NG')).toBeGreaterThanOrEqual(0)
    expect(ni.indexOf('NG')).toBeLessThan(ni.indexOf('BJ'))
    for (const query of ['Ivory Coast', 'ivory', "Cote d'Ivoire", 'côte d’ivoire', 'COTE D IVOIRE']) expect([query, codes(tag, query)[0]]).toEqual([query, 'CI'])
    for (const query of ['SA', 'rsa', 'South Africa', '+27', '27']) expect([query, codes(tag, query)[0]]).toEqual([query, 'ZA'])
    expect(codes(tag, 'Kenya')).toEqual(['KE'])
    expect(codes(tag, 'xyzzy')).toEqual([])
    expect(codes(tag, '')).toHaveLength(COUNTRIES.length)
  })

  test('a later word before a match inside a word; each group alphabetical', () => {
    // "africa": South Africa by its second word; no name starts with it.
    expect(codes('en', 'africa')).toEqual(['ZA'])
    // "an": no name starts with it; those that contain it stay in alphabetical order.
    expect(codes('en', 'an')).toEqual(['GH', 'RW', 'TZ', 'UG'])
    expect(codes('en', 'ug')).toEqual(['UG'])
  })
})

/** The first country a search in every country finds. */
const first = (tag: string, query: string) => searchCountries(countryEntries(tag, 'all'), query)[0]?.iso2

describe('searchCountries with the readings and common names core loads', () => {
  test('ja kana and readings, ru, en, ar and zh everyday names find their country first', async () => {
    await Promise.all([loadPhoneCountries(), loadCountryAliases()])
    const found = (
      [
        ['ja', 'がーな', 'GH'],
        ['ja', 'にほん', 'JP'],
        ['ja', '米国', 'US'],
        ['ru', 'США', 'US'],
        ['ru', 'Белоруссия', 'BY'],
        ['en', 'Turkey', 'TR'],
        ['en', 'Swaziland', 'SZ'],
        ['ar', 'أمريكا', 'US'],
        ['zh', '南韩', 'KR'],
      ] as const
    ).map(([tag, query]) => [tag, query, first(tag, query)])
    expect(found).toEqual(found.map(([tag, query], i) => [tag, query, ['GH', 'JP', 'US', 'US', 'BY', 'TR', 'SZ', 'US', 'KR'][i]]))
  })
})

describe('guessCountry', () => {
  test('the first explicit region that is offered, else where the language is most spoken', () => {
    expect(guessCountry(['en-GH'], ALL)).toBe('GH')
    expect(guessCountry(['fr-CI'], ALL)).toBe('CI')
    expect(guessCountry(['fr', 'en-KE'], ALL)).toBe('KE')
    expect(guessCountry(['sw'], ALL)).toBe('TZ')
    expect(guessCountry(['en-US', 'yo'], ALL)).toBe('NG')
    expect(guessCountry(['en'], ALL)).toBeUndefined()
    expect(guessCountry(['en-GH'], ['NG'])).toBeUndefined()
    expect(guessCountry(['not a tag', undefined], ALL)).toBeUndefined()
  })

  test('the phone field starts in the LocaleProvider’s region when no defaultCountry is given', async () => {
    const view = render(
      <LocaleProvider locale="en-GH">
        <PhoneInput />
      </LocaleProvider>,
    )
    const trigger = view.container.querySelector('[data-part="trigger"]')
    expect(trigger?.getAttribute('aria-label')).toBe('Country: Ghana, +233')
    await userEvent.type(view.getByRole('textbox', { name: 'Phone number' }), '241234567')
    expect(view.getByRole('textbox', { name: 'Phone number' }).getAttribute('aria-invalid')).toBeNull()
  })

  test('with no country known, it says what to do while the user is still typing', async () => {
    const view = render(<PhoneInput />)
    const input = view.getByRole('textbox', { name: 'Phone number' })
    await userEvent.type(input, '0241')
    expect(document.activeElement).toBe(input)
    await expect.poll(() => view.container.querySelector('[data-part="error"]')?.textContent).toBe(
      'Choose your country, or start the number with + and the country code.',
    )
  })
})

describe('CountrySelect keyboard and selection state', () => {
  // The list's code (a chunk fetched as the button is first hovered) is in before a test opens it.
  beforeAll(() => preloadCountryList())

  test('the number of matches is said once typing pauses, not at each keystroke', async () => {
    const view = render(<CountrySelect value="GH" />)
    view.getByRole('button').focus()
    await userEvent.keyboard('{ArrowDown}')
    const said = view.container.querySelector('output')!
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    try {
      for (const letter of 'ken') {
        await userEvent.keyboard(letter)
        vi.advanceTimersByTime(300)
        expect(said.textContent).toBe('')
      }
      vi.advanceTimersByTime(700)
      await expect.poll(() => said.textContent).toBe('1 country')
    } finally {
      vi.useRealTimers()
    }
  })

  test('aria-selected follows the active option, the chosen country is data-chosen; Home/End move the caret', async () => {
    const view = render(<CountrySelect value="GH" />)
    view.getByRole('button').focus()
    await userEvent.keyboard('{ArrowDown}')
    const search = view.getByRole('combobox') as HTMLInputElement
    const selected = () => view.getAllByRole('option').filter((o) => o.getAttribute('aria-selected') === 'true')
    const active = () => document.getElementById(search.getAttribute('aria-activedescendant') ?? '')
    expect(selected()).toEqual([active()])
    expect(active()?.textContent).toContain('Ghana')
    await userEvent.keyboard('{ArrowDown}')
    expect(selected()).toEqual([active()])
    expect(active()?.textContent).not.toContain('Ghana')
    const ghana = view.getAllByRole('option').find((o) => o.textContent?.includes('Ghana'))
    expect(ghana?.getAttribute('aria-selected')).toBe('false')
    expect(ghana?.hasAttribute('data-chosen')).toBe(true)

    await userEvent.keyboard('ken')
    const before = active()
    await userEvent.keyboard('{Home}')
    expect(search.selectionStart).toBe(0)
    expect(active()).toBe(before)
    await userEvent.keyboard('{End}')
    expect(search.selectionStart).toBe(3)
    expect(active()).toBe(before)
  })
})
