import { useState } from 'react'
import { applyTheme, isDark, readStoredTheme } from './theme'

/**
 * "Dark mode" as a toggle button (`aria-pressed`): one control, one state, which is what a
 * screen reader announces best. The first press pins the opposite of what the system shows.
 */
export function ThemeToggle() {
  const [dark, setDark] = useState(() => isDark(readStoredTheme()))
  return (
    <button
      type="button"
      className="demo-toggle"
      aria-pressed={dark}
      onClick={() => {
        applyTheme(dark ? 'light' : 'dark')
        setDark(!dark)
      }}
    >
      <svg aria-hidden="true" viewBox="0 0 24 24" width="18" height="18">
        <path fill="currentColor" d="M12 3a9 9 0 1 0 9 9 7 7 0 0 1-9-9z" />
      </svg>
      Dark mode
    </button>
  )
}
