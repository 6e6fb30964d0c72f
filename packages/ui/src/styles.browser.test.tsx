import './styles.css'
// A Japanese font of the test's own (never the system's, which differ between machines).
import '@fontsource/dotgothic16/japanese-400.css'
import { act, render } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { commands, page } from 'vitest/browser'
import { CodeInput } from './code-input'
import { EmailInput } from './email-input'
import { LocaleProvider } from './i18n/locale-provider'
import { PhoneInput } from './phone-input'
import { ResendButton } from './resend-button'
import { screenshotPixels } from '../test/browser-helpers'
import { engine, skipIn } from '../test/engine'
import { preloadCountryList } from './country-select'

/**
 * The theme, measured in Chromium: the code boxes at 320 px in both directions, an app's own
 * focus ring, placeholder and success contrast computed from the styles, forced colours.
 */

beforeEach(() => {
  document.body.style.margin = '0'
})
afterEach(async () => {
  document.querySelectorAll('style[data-app]').forEach((s) => s.remove())
  await page.viewport(800, 600)
})

/** A phone-sized page: the 16 px side padding of a typical mobile layout. */
function Page({ children, dir }: { children: ReactNode; dir?: 'rtl' | 'ltr' }) {
  return (
    <div dir={dir} style={{ paddingInline: 16 }}>
      {children}
    </div>
  )
}

describe('CodeInput is fluid at 320 px', () => {
  const cases = [4, 6, 10].flatMap((length) => [
    [length, 'en'],
    [length, 'ar'],
  ]) as [number, 'en' | 'ar'][]

  test.each(cases)('%i digits, %s: no sideways scroll, every box whole on screen and at least 24 px', async (length, locale) => {
    await page.viewport(320, 640)
    const view = render(
      <Page>
        <LocaleProvider locale={locale}>
          <CodeInput length={length} defaultValue={'1234567890'.slice(0, length)} />
        </LocaleProvider>
      </Page>,
    )
    const root = view.container.querySelector<HTMLElement>('.hakiki-code')
    await expect.poll(() => root?.getAttribute('dir')).toBe(locale === 'ar' ? 'rtl' : 'ltr')
    expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth)
    const slots = [...view.container.querySelectorAll<HTMLElement>('[data-part="slot"]')]
    expect(slots).toHaveLength(length)
    for (const slot of slots) {
      const box = slot.getBoundingClientRect()
      expect(box.left).toBeGreaterThanOrEqual(16)
      expect(box.right).toBeLessThanOrEqual(320 - 16 + 0.5)
      expect(box.width).toBeGreaterThanOrEqual(24)
      // The digit fits its box (nothing clipped or spilling into the next one).
      expect(slot.scrollWidth).toBeLessThanOrEqual(slot.clientWidth + 1)
    }
    // Digits read left to right in Arabic too, first box first.
    expect(slots.map((s) => s.textContent).join('')).toBe('1234567890'.slice(0, length))
    const lefts = slots.map((s) => s.getBoundingClientRect().left)
    expect(lefts).toEqual(lefts.toSorted((a, b) => a - b))
    // The input that receives taps covers every box (to within the engine's layout unit: WebKit
    // rounds the input's edge to whole pixels, 1/32 px short of a box laid out in 1/64 px).
    const input = view.getByRole('textbox').getBoundingClientRect()
    expect(input.left).toBeLessThanOrEqual((lefts[0] ?? 0) + 0.1)
    expect(input.right).toBeGreaterThanOrEqual((slots.at(-1)?.getBoundingClientRect().right ?? Infinity) - 0.1)
  })

  test('on a wide screen the boxes keep their full size', async () => {
    await page.viewport(800, 600)
    const view = render(<CodeInput length={6} />)
    for (const slot of view.container.querySelectorAll('[data-part="slot"]')) expect(slot.getBoundingClientRect().width).toBeCloseTo(44, 0)
  })
})

/** How many pixels of `element`'s screenshot are close to pure red (the app's ring colour here). */
async function redPixels(element: HTMLElement): Promise<number> {
  const { data } = await screenshotPixels(element)
  let count = 0
  for (let i = 0; i < data.length; i += 4) if ((data[i] ?? 0) > 200 && (data[i + 1] ?? 255) < 60 && (data[i + 2] ?? 255) < 60) count++
  return count
}

/** The kind of unlayered rule apps ship, which beats anything inside `@layer hakiki`. */
function addAppFocusRule() {
  const style = document.createElement('style')
  style.dataset['app'] = ''
  style.textContent = ':focus-visible { outline: 3px solid rgb(255, 0, 0); outline-offset: 2px; }'
  document.head.append(style)
}

describe("an app's own :focus-visible rule", () => {
  test('draws no ring over the whole code row; the active box shows focus', async () => {
    addAppFocusRule()
    const view = render(
      <div data-testid="frame" style={{ padding: 12, display: 'inline-block' }}>
        <CodeInput length={6} />
        <input aria-label="control" />
      </div>,
    )
    const frame = view.getByTestId('frame')
    const code = view.getByRole('textbox', { name: 'Verification code' })
    act(() => code.focus())
    await expect.poll(() => code.closest('.hakiki-code')?.hasAttribute('data-focused')).toBe(true)
    const group = code.parentElement
    if (!group) throw new Error('no group')
    expect(await redPixels(group.parentElement ?? group)).toBe(0)
    const active = view.container.querySelector('[data-part="slot"][data-active]')
    expect(active && getComputedStyle(active).outlineStyle).toBe('solid')
    // The same rule does draw on a plain input: the check can see a ring.
    act(() => view.getByRole('textbox', { name: 'control' }).focus())
    // Polled: WebKit paints the new focus ring a frame or more after focus() under load (0 red
    // pixels once in a full run).
    await expect.poll(() => redPixels(frame)).toBeGreaterThan(50)
  })

  test('a focused step heading is as wide as its text, not a rectangle across the form', async () => {
    addAppFocusRule()
    const view = render(
      <div className="hakiki hakiki-flow" style={{ inlineSize: 400 }}>
        <div data-part="step" data-step="verified">
          <h2 data-part="heading" tabIndex={-1}>
            Verified
          </h2>
        </div>
      </div>,
    )
    const heading = view.getByRole('heading')
    act(() => heading.focus())
    expect(heading.getBoundingClientRect().width).toBeLessThan(200)
  })
})

/** Relative luminance (WCAG 2.2) of a computed `rgb()`/`rgba()` colour. */
function luminance(color: string): number {
  const [r = 0, g = 0, b = 0] = (color.match(/[\d.]+/g) ?? []).slice(0, 3).map((c) => {
    const v = Number(c) / 255
    return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4
  })
  return 0.2126 * r + 0.7152 * g + 0.0722 * b
}

function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].toSorted((x, y) => y - x)
  return ((hi ?? 0) + 0.05) / ((lo ?? 0) + 0.05)
}

/** The first opaque background at or above `element`. */
function backgroundOf(element: Element | null): string {
  for (let e = element; e; e = e.parentElement) {
    const bg = getComputedStyle(e).backgroundColor
    if (!/rgba\(.*, 0\)$/.test(bg) && bg !== 'transparent') return bg
  }
  return 'rgb(255, 255, 255)'
}

describe('contrast, computed from the styles', () => {
  test.each(['light', 'dark'] as const)('%s: every placeholder is ≥ 4.5:1 on its field', async (theme) => {
    const view = render(
      <div data-theme={theme} className="hakiki" style={{ background: 'var(--hakiki-color-bg)' }}>
        <PhoneInput defaultCountry="GH" />
        <EmailInput />
      </div>,
    )
    const phone = view.getByRole('textbox', { name: 'Phone number' })
    await expect.poll(() => phone.getAttribute('placeholder')).toBeTruthy()
    act(() => view.getByRole('button', { name: /Country/ }).click())
    const search = await view.findByRole('combobox', { name: 'Search countries' })
    const fields = [phone, view.getByRole('textbox', { name: 'Email address' }), search]
    for (const field of fields) {
      expect(field.getAttribute('placeholder')).toBeTruthy()
      const color = getComputedStyle(field, '::placeholder').color
      const ratio = contrast(color, backgroundOf(field))
      expect(ratio).toBeGreaterThanOrEqual(4.5)
    }
  })

  test.each(['light', 'dark'] as const)('%s: the verified panel’s heading and text are ≥ 4.5:1, its border ≥ 3:1', (theme) => {
    const view = render(
      <div data-theme={theme} className="hakiki hakiki-flow" style={{ background: 'var(--hakiki-color-bg)' }}>
        <div data-part="step" data-step="verified">
          <h2 data-part="heading">Verified</h2>
          <p data-part="message">+233 24 123 4567 is verified.</p>
        </div>
      </div>,
    )
    const step = view.container.querySelector('[data-step="verified"]')
    if (!step) throw new Error('no step')
    const panel = getComputedStyle(step)
    expect(contrast(getComputedStyle(view.getByRole('heading')).color, panel.backgroundColor)).toBeGreaterThanOrEqual(4.5)
    expect(contrast(getComputedStyle(view.getByText(/is verified/)).color, panel.backgroundColor)).toBeGreaterThanOrEqual(4.5)
    expect(contrast(panel.borderTopColor, backgroundOf(step.parentElement))).toBeGreaterThanOrEqual(3)
    // A real success look: not the plain background.
    expect(panel.backgroundColor).not.toBe(backgroundOf(step.parentElement))
  })
})

describe.skipIf(skipIn(['firefox', 'webkit'], 'forced colours are emulated through Chromium only (CDP); Firefox over BiDi and WebDriver classic have no such override'))('forced colours', () => {
  afterEach(async () => {
    await commands.emulateForcedColors('none')
  })

  test('a waiting (aria-disabled) button looks disabled, a ready one does not; its seconds stay readable beside it', async () => {
    const now = Date.now()
    const view = render(
      <div className="hakiki">
        <ResendButton verification={{ id: 'VE1', to: '+233241234567', channel: 'sms', codeLength: 6, expiresAt: now + 600_000, resendAt: now + 45_000, attemptsLeft: 5, skewMs: 0 }} />
        <button type="button" data-part="button">
          Verify
        </button>
      </div>,
    )
    await commands.emulateForcedColors('active')
    await expect.poll(() => matchMedia('(forced-colors: active)').matches).toBe(true)
    const [waiting, ready] = view.getAllByRole('button').map((b) => getComputedStyle(b).color)
    const grayText = (() => {
      const probe = document.createElement('span')
      probe.style.color = 'GrayText'
      document.body.append(probe)
      const color = getComputedStyle(probe).color
      probe.remove()
      return color
    })()
    expect(waiting).toBe(grayText)
    expect(ready).not.toBe(grayText)
    // The seconds are text beside the button, in the system's text colour, not hidden or greyed away.
    const countdown = view.container.querySelector('.hakiki-resend > [data-part="countdown"]')
    if (!countdown) throw new Error('no countdown')
    expect(countdown.textContent).toMatch(/^in \d+ s$/)
    expect(getComputedStyle(countdown).color).toBe(ready)
    expect(countdown.getBoundingClientRect().width).toBeGreaterThan(0)
  })
  test('the code boxes show the digits; the real input over them stays unseen (no second copy of the digits, no caret over box 1)', async () => {
    const view = render(<CodeInput defaultValue="12" />)
    await commands.emulateForcedColors('active')
    await expect.poll(() => matchMedia('(forced-colors: active)').matches).toBe(true)
    const input = view.container.querySelector('input') as HTMLInputElement
    const style = getComputedStyle(input)
    expect([style.color, style.caretColor, style.backgroundColor]).toEqual(['rgba(0, 0, 0, 0)', 'rgba(0, 0, 0, 0)', 'rgba(0, 0, 0, 0)'])
    const slot = view.container.querySelector('[data-part="slot"]') as HTMLElement
    expect(slot.textContent).toBe('1')
    expect(getComputedStyle(slot).color).not.toBe('rgba(0, 0, 0, 0)')
  })
})

describe('the phone field in Arabic', () => {
  // The list's code (a chunk fetched as the button is first hovered) is in before a test opens it.
  beforeAll(() => preloadCountryList())

  test('the number starts right after its dial code; the list ends each row with the dial code', async () => {
    await page.viewport(360, 640)
    const view = render(
      <Page>
        <LocaleProvider locale="ar">
          <PhoneInput defaultCountry="GH" defaultValue="+233241234567" />
        </LocaleProvider>
      </Page>,
    )
    const root = view.container.querySelector('.hakiki-phone')
    await expect.poll(() => root?.getAttribute('dir')).toBe('rtl')
    const trigger = view.container.querySelector<HTMLElement>('[data-part="trigger"]')
    const input = view.container.querySelector<HTMLInputElement>('.hakiki-phone [data-part="input"]')
    if (!trigger || !input) throw new Error('no phone field')
    // "+233" then "24 123 4567", side by side, left to right as the number is read.
    expect(trigger.getBoundingClientRect().right).toBeCloseTo(input.getBoundingClientRect().left, 0)
    expect(getComputedStyle(input).textAlign).toMatch(/^(start|left)$/)

    act(() => trigger.click())
    const option = await view.findByRole('option', { name: /غانا/ })
    const name = option.querySelector('[data-part="name"]')?.getBoundingClientRect()
    const dial = option.querySelector('[data-part="dial-code"]')?.getBoundingClientRect()
    const row = option.getBoundingClientRect()
    if (!name || !dial) throw new Error('no option parts')
    // Right to left: the name at the start (right), the dial code at the end (left edge of the row).
    expect(name.left).toBeGreaterThan(dial.right)
    expect(dial.left - row.left).toBeLessThan(12)
    // The list opens under the trigger, inside the screen, not off its left edge.
    const popover = view.container.querySelector('[data-part="popover"]')?.getBoundingClientRect()
    expect(popover?.left).toBeGreaterThanOrEqual(0)
    expect(popover?.right).toBeLessThanOrEqual(window.innerWidth)
    expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth)
  })
})

describe('errors and the layout', () => {
  test('a field error appearing on blur does not move the button under the pointer', async () => {
    const view = render(
      <div className="hakiki" style={{ inlineSize: 360 }}>
        <EmailInput required />
        <button type="button">Send code</button>
      </div>,
    )
    const button = view.getByRole('button')
    const before = button.getBoundingClientRect().top
    const input = view.getByRole('textbox')
    act(() => input.focus())
    act(() => input.blur())
    await expect.poll(() => view.container.querySelector('[data-part="error"]')?.textContent).toBe('Enter your email address.')
    expect(button.getBoundingClientRect().top).toBe(before)
  })

  test('an empty flow error stays in the accessibility tree but takes no room', () => {
    const view = render(
      <div className="hakiki hakiki-flow">
        <div data-part="step">
          <p data-part="error" className="hakiki-flow-error" role="alert" />
        </div>
      </div>,
    )
    const region = view.getByRole('alert')
    expect(getComputedStyle(region).display).not.toBe('none')
    expect(region.getBoundingClientRect().height).toBeLessThanOrEqual(1)
  })
})

/** Where each character of `el`'s text is drawn: the top of its box, per character. */
function tops(el: HTMLElement): number[] {
  const text = el.firstChild as Text
  return [...text.data].map((_, i) => {
    const range = document.createRange()
    range.setStart(text, i)
    range.setEnd(text, i + 1)
    return Math.round(range.getBoundingClientRect().top)
  })
}

describe('Japanese line breaks', () => {
  // WebKitGTK 2.50 still starts a line with the mark inside the kit's root (found when this file
  // began to run in WebKit; not yet explained, the theme's owner is told): Chromium and Firefox here.
  test.skipIf(skipIn(['webkit'], "WebKitGTK breaks before ー/ッ inside the kit's root (not yet explained)"))('no line starts with the long-vowel mark (ー) or a small kana (ッ)', async () => {
    await document.fonts.load('16px "DotGothic16"', 'アー')
    expect(document.fonts.check('16px "DotGothic16"', 'アー')).toBe(true)
    // Five full-width characters fit a line: the sixth, "ー" or "ッ", would start the second.
    const style = { fontFamily: '"DotGothic16"', fontSize: 16, lineHeight: '24px', inlineSize: '5em', overflowWrap: 'normal' } as const
    const view = render(
      <>
        <p lang="ja" style={style} data-case="plain-long">アアアアアー</p>
        <p lang="ja" style={style} data-case="plain-small">アアアアアッ</p>
        <div className="hakiki" lang="ja">
          <p style={style} data-case="kit-long">アアアアアー</p>
          <p style={style} data-case="kit-small">アアアアアッ</p>
        </div>
      </>,
    )
    const at = (name: string) => view.container.querySelector<HTMLElement>(`[data-case="${name}"]`) as HTMLElement
    // Outside the kit, Chromium's default rules break before the mark: there the case is real and
    // the test fails without the kit's rule. (Firefox already keeps the mark by default.)
    const loose = ['plain-long', 'plain-small'].map((name) => {
      const t = tops(at(name))
      return t[5]! > t[4]!
    })
    expect(loose).toEqual(engine === 'chromium' ? [true, true] : loose)
    // Inside the kit's root, the mark stays with the kana before it (both go to the next line).
    for (const name of ['kit-long', 'kit-small']) {
      const t = tops(at(name))
      expect({ name, markWithItsKana: t[5] === t[4], wrapped: t[5]! > t[0]! }).toEqual({ name, markWithItsKana: true, wrapped: true })
    }
  })
})
