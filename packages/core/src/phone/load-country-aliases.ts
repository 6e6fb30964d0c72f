/** The alias table, once loaded. */
let loaded: Readonly<Record<string, readonly string[]>> | undefined
let loading: Promise<Readonly<Record<string, readonly string[]>>> | undefined

/**
 * Loads `COUNTRY_ALIASES` (the readings and common names people type in a country search, about
 * 1.6 kB gzip) with `import()`, once: a country list needs it only when someone searches it, so it
 * stays out of a phone field's bundle. A failed load is tried again on the next call.
 */
export function loadCountryAliases(): Promise<Readonly<Record<string, readonly string[]>>> {
  loading ??= import('./country-aliases').then(
    (module) => (loaded = module.COUNTRY_ALIASES),
    (error: unknown) => {
      loading = undefined
      throw error
    },
  )
  return loading
}

/** The aliases of a country (ISO 3166-1 alpha-2), or none while {@link loadCountryAliases} has not finished. */
export function getCountryAliases(iso2: string): readonly string[] {
  return loaded?.[iso2] ?? []
}
