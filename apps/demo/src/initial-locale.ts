import { isApiLocale, negotiateLocale, toApiLocale, type ApiLocale } from '@hakiki/core'

/** The locale of the page at load: `?locale=` (a shared link, a reload), else the browser's languages. */
export function initialLocale(): ApiLocale {
  const asked = new URLSearchParams(location.search).get('locale')
  if (asked) {
    const api = isApiLocale(asked) ? asked : toApiLocale(asked)
    if (api) return api
  }
  return negotiateLocale(navigator.languages)
}
