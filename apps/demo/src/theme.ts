/** The page's colour scheme: `system` follows `prefers-color-scheme`. */
export type Theme = 'light' | 'dark' | 'system'

const KEY = 'hakiki-demo-theme'

/** The theme the visitor chose last time, `system` when none (or when storage is blocked). */
export function readStoredTheme(): Theme {
  try {
    const value = localStorage.getItem(KEY)
    return value === 'light' || value === 'dark' ? value : 'system'
  } catch {
    return 'system'
  }
}

/**
 * Applies the theme as `data-theme` on `<html>`, which both the demo's styles and `@hakiki/ui`'s
 * read, and remembers it. `system` removes the attribute, so `prefers-color-scheme` decides.
 */
export function applyTheme(theme: Theme): void {
  const root = document.documentElement
  if (theme === 'system') root.removeAttribute('data-theme')
  else root.dataset.theme = theme
  try {
    if (theme === 'system') localStorage.removeItem(KEY)
    else localStorage.setItem(KEY, theme)
  } catch {
    // Storage blocked (privacy mode): the choice lasts for this page only.
  }
}

/** Whether the page is dark now, whatever decided it. */
export function isDark(theme: Theme): boolean {
  if (theme !== 'system') return theme === 'dark'
  return typeof matchMedia === 'function' && matchMedia('(prefers-color-scheme: dark)').matches
}
