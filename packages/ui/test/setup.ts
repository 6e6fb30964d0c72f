import { cleanup, configure } from '@testing-library/react'
import { afterEach, beforeEach } from 'vitest'
import { commands, server } from 'vitest/browser'

// Testing Library only unmounts on its own when the runner exposes globals; Vitest does not.
afterEach(cleanup)

// Firefox runs a project's files one after another in one tab: a new file's frame does not get the
// focus the last one had, and a Tab past a frame's last field takes it out of the page. Then
// neither `focus()` nor typed keys reach the test's fields (Playwright emulates a focused page for
// Chromium only). In Firefox each test starts with a click into its frame, as a user's would.
beforeEach(async () => {
  if (server.browser === 'firefox') await commands.focusTestFrame()
})

// `waitFor`/`findBy*` give up after 1 s by default: a wait, not a ceiling, and one a busy 2-core
// machine misses. Conditions still end the wait as soon as they hold.
configure({ asyncUtilTimeout: 15_000 })
