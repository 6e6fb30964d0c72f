import './styles.css'
import type { SentVerification } from '@hakiki/core'
import { createMemoryAdapter } from '@hakiki/engine/memory-adapter'
import { VerificationProvider } from '@hakiki/react'
import { render } from '@testing-library/react'
import axe from 'axe-core'
import type { ReactNode } from 'react'
import { describe, expect, test } from 'vitest'
import { AttemptsNotice } from './attempts-notice'
import { ChannelPicker } from './channel-picker'
import { ExpiryNotice } from './expiry-notice'
import { LocaleProvider } from './i18n/locale-provider'
import { LocaleSelect } from './locale-select'

/**
 * The dark theme and an Arabic page of the small components, checked by axe in every engine, as
 * their Dark and Arabic stories are in Chromium. Firefox and WebKit do not run these components'
 * stories (.storybook/stories.browser.test.tsx): every other story's play function repeats a
 * browser test of the component's own file that runs in all three engines. What only the stories
 * gave those engines — contrast and names with the theme's colours and in right-to-left — is here,
 * in one page.
 */

const T0 = Date.UTC(2026, 0, 1, 12)

/** A sent verification expiring `seconds` after T0 (the stories' clock). */
const sent = (seconds: number): SentVerification => ({
  id: 'VE1',
  to: '+233241234567',
  channel: 'sms',
  codeLength: 6,
  expiresAt: T0 + seconds * 1000,
  resendAt: T0,
  attemptsLeft: 5,
  skewMs: 0,
})

/** The stories' frame (.storybook/story-preview.tsx): the theme's page colours, the locale's direction. */
function Frame({ theme, locale, children }: { theme: 'light' | 'dark'; locale: 'en' | 'ar'; children: ReactNode }) {
  return (
    <div data-theme={theme} dir={locale === 'ar' ? 'rtl' : 'ltr'} lang={locale} style={{ padding: 24, background: theme === 'dark' ? '#0f1115' : '#ffffff', color: theme === 'dark' ? '#e6edf3' : '#1b1f24' }}>
      <VerificationProvider adapter={createMemoryAdapter()} now={() => T0}>
        <LocaleProvider locale={locale}>{children}</LocaleProvider>
      </VerificationProvider>
    </div>
  )
}

/** Each component as its Dark and Arabic stories render it (the same args). */
const COMPONENTS: [string, { dark: ReactNode; arabic: ReactNode }][] = [
  ['AttemptsNotice', { dark: <AttemptsNotice attemptsLeft={2} wrongCode />, arabic: <AttemptsNotice attemptsLeft={2} /> }],
  ['ExpiryNotice', { dark: <ExpiryNotice verification={sent(30)} />, arabic: <ExpiryNotice verification={sent(125)} /> }],
  ['ChannelPicker', { dark: <ChannelPicker defaultValue="call" fees={{ sms: 'US$0.05' }} />, arabic: <ChannelPicker defaultValue="sms" fees={{ sms: 'US$0.05' }} /> }],
  ['LocaleSelect', { dark: <LocaleSelect />, arabic: <LocaleSelect /> }],
]

/** The rules the stories' a11y check runs (.storybook/story-preview.tsx: WCAG 2.2 AA). */
async function violations(root: Element): Promise<string[]> {
  const result = await axe.run(root, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] }, resultTypes: ['violations'] })
  return result.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)
}

describe('small components in the dark theme and on an Arabic page (axe, WCAG 2.2 AA)', () => {
  test.each(COMPONENTS)('%s', async (_, { dark, arabic }) => {
    const view = render(
      <>
        <Frame theme="dark" locale="en">
          {dark}
        </Frame>
        <Frame theme="light" locale="ar">
          {arabic}
        </Frame>
      </>,
    )
    // The Arabic messages load on demand: wait until the Arabic frame speaks Arabic (outside the
    // locale list's options, which name each language in its own words from the start).
    const arabicFrame = view.container.querySelector('[lang="ar"]') as HTMLElement
    const words = () => {
      const copy = arabicFrame.cloneNode(true) as HTMLElement
      for (const option of copy.querySelectorAll('option')) option.remove()
      return copy.textContent ?? ''
    }
    await expect.poll(() => /[\u0600-\u06FF]/.test(words())).toBe(true)
    expect(await violations(view.container)).toEqual([])
  })
})
