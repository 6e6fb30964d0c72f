import { useEffect, useMemo, useReducer } from 'react'
import { getPhoneCountries, isPhoneCountriesLoaded, loadPhoneCountries, needsPhoneCountries, resolvePhoneCountries, type PhoneCountries, type PhoneCountryCode } from '@hakiki/core'

/**
 * The countries a phone field or picker offers, as region codes: `countries` itself, or for
 * `'all'` every region. Offering a country beyond the covered 14 fetches the region index (every
 * region's calling code and metadata loader, one chunk) as the component mounts; until it has
 * arrived, `'all'` lists the covered 14, and the list grows (a re-render) when it does. Offline,
 * the list stays as it is.
 */
export function usePhoneCountries(countries: PhoneCountries): readonly PhoneCountryCode[] {
  const [, indexArrived] = useReducer((n: number) => n + 1, 0)
  const wide = needsPhoneCountries(countries)
  const waiting = wide && !isPhoneCountriesLoaded()
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
