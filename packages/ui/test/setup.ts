import { cleanup, configure } from '@testing-library/react'
import { afterEach, beforeEach } from 'vitest'
import { commands, server } from 'vitest/browser'

// Testing Library only unmounts on its own when the runner exposes globals; Vitest does not.
afterEach(cleanup)

/**
 * Whether a `focus()` in this frame fires its focus event now, which is what every focus, blur and
 * typing test relies on: the frame holds the focus of a window the browser treats as active. Firefox
 * otherwise moves `activeElement` silently (no focus, blur or focusin events: a field's error "on
 * blur" never comes) while keys still reach the field. Tried on a scratch field, not assumed from
 * `document.hasFocus()` alone.
 */
function frameTakesFocus(): boolean {
  if (!document.hasFocus()) return false
  const probe = document.createElement('input')
  probe.setAttribute('aria-hidden', 'true')
  probe.style.cssText = 'position: fixed; top: 0; left: 0; opacity: 0'
  let fired = false
  probe.addEventListener('focus', () => (fired = true), { once: true })
  document.body.append(probe)
  probe.focus()
  probe.remove()
  return fired
}

// Firefox runs a project's files one after another in one tab: a new file's frame does not get the
// focus the last one had, a Tab past a frame's last field takes it out of the frame, and on a loaded
// machine Firefox was seen to stop firing focus events mid-run (focus, blur and typing tests of
// several files failed together in full runs at load 25–40). Playwright emulates a focused page for
// Chromium only. So in Firefox every test starts once the frame really takes focus: if it does not,
// a click into the frame as a user's (focusTestFrame), then wait for the condition, clicking again
// now and then; a test never starts in a frame that ignores focus (it fails here, saying so).
beforeEach(async () => {
  if (server.browser !== 'firefox' || frameTakesFocus()) return
  const deadline = Date.now() + 30_000
  for (;;) {
    await commands.focusTestFrame()
    const retry = Date.now() + 3_000
    while (Date.now() < retry) {
      if (frameTakesFocus()) return
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
    if (Date.now() > deadline) throw new Error('Firefox: the test frame did not take the focus within 30 s (focus events would not fire)')
  }
})

// `waitFor`/`findBy*` give up after 1 s by default: a wait, not a ceiling, and one a busy 2-core
// machine misses. Conditions still end the wait as soon as they hold.
configure({ asyncUtilTimeout: 15_000 })
