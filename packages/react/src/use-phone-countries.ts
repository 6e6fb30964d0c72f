import { useEffect, useMemo, useReducer } from 'react'
import { getPhoneCountries, isPhoneCountriesLoaded, loadPhoneCountries, needsPhoneCountries, resolvePhoneCountries, type PhoneCountries, type PhoneCountryCode } from '@hakiki/core'

/**
 * The countries a phone field or picker offers, as region codes: `countries` itself, or for
 * `'all'` every region. Offering a country beyond the covered 14 needs the region index (every
 * region's calling code and metadata loader, one chunk); until it has arrived, `'all'` lists the
 * covered 14, and the list grows (a re-render) when it does. Offline, the list stays as it is.
 * @param eager fetch the index as the component mounts (the default); `false` when the caller
 * fetches it only when needed (`usePhoneInput` and `CountrySelect` of `@hakiki/ui`: as the list
 * opens, or a `+` number needs it) and re-renders once it has arrived.
 */
export function usePhoneCountries(countries: PhoneCountries, eager = true): readonly PhoneCountryCode[] {
  const [, indexArrived] = useReducer((n: number) => n + 1, 0)
  const waiting = eager && needsPhoneCountries(countries) && !isPhoneCountriesLoaded()
  useEffect(() => {
    if (!waiting) return
    let live = true
    loadPhoneCountries().then(
      () => {
        if (live) indexArrived()
      },
      () => undefined,
    )
    return () => {
      live = false
    }
  }, [waiting])
  // A new list once the index is loaded, so that the memo follows it.
  const known = getPhoneCountries()
  return useMemo(() => resolvePhoneCountries(countries, known), [countries, known])
}
