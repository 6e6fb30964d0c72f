import { getLocaleInfo, toLanguageTag, type ApiLocale } from '@hakiki/core'
import { useEffect } from 'react'

/**
 * Puts the chosen locale on `<html>` (`lang`, and `dir="rtl"` for Arabic and Hebrew), so the
 * browser, screen readers and the kit's logical CSS lay the page out for it, and in the address
 * bar (`?locale=ar`), so a reload or a shared link keeps it.
 */
export function useDocumentLocale(locale: ApiLocale): void {
  useEffect(() => {
    const root = document.documentElement
    root.lang = toLanguageTag(locale)
    root.dir = getLocaleInfo(locale)?.dir ?? 'ltr'
    const url = new URL(location.href)
    if (locale === 'en') url.searchParams.delete('locale')
    else url.searchParams.set('locale', locale)
    history.replaceState(history.state, '', url)
  }, [locale])
}
