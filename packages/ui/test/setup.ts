import { cleanup, configure } from '@testing-library/react'
import { afterEach, beforeEach } from 'vitest'

// Testing Library only unmounts on its own when the runner exposes globals; Vitest does not.
afterEach(cleanup)

// Firefox runs the files one after another in one tab (build-config/browsers.js), and a file can
// leave the focus outside the test's frame; then `input.focus()` in the next file moves no real
// focus and typed keys go nowhere. Each test starts with its frame focused, as in a user's tab.
beforeEach(() => {
  if (!document.hasFocus()) window.focus()
})

// `waitFor`/`findBy*` give up after 1 s by default: a wait, not a ceiling, and one a busy 2-core
// machine misses. Conditions still end the wait as soon as they hold.
configure({ asyncUtilTimeout: 15_000 })
