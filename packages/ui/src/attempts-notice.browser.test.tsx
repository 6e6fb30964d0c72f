import './styles.css'
import { render } from '@testing-library/react'
import { describe, expect, test } from 'vitest'
import { axeViolations } from '../test/browser-helpers'
import { AttemptsNotice } from './attempts-notice'
import { LocaleProvider } from './i18n/locale-provider'

describe('AttemptsNotice', () => {
  test.each([
    [5, false, '5 attempts left', 'ok'],
    [1, false, '1 attempt left', 'warning'],
    [4, true, 'That code is not right. 4 attempts left.', 'ok'],
    [1, true, 'That code is not right. 1 attempt left.', 'warning'],
    [0, true, 'No attempts left. Ask for a new code.', 'none'],
  ])('%i left (wrong code: %s) reads "%s"', (attemptsLeft, wrongCode, text, state) => {
    const view = render(<AttemptsNotice attemptsLeft={attemptsLeft} wrongCode={wrongCode} />)
    const root = view.container.firstElementChild as HTMLElement
    expect(root.textContent).toBe(text)
    expect(root.getAttribute('data-state')).toBe(state)
  })

  test("picks the locale's plural form", () => {
    const forms = { zero: 'zero', one: 'one', two: 'two', few: 'few {count}', many: 'many {count}', other: 'other {count}' }
    const view = render(
      <LocaleProvider locale="ar" loadMessages={async () => ({})} messages={{ 'attempts.left': forms }}>
        {[1, 2, 3, 11].map((n) => (
          <AttemptsNotice key={n} attemptsLeft={n} />
        ))}
      </LocaleProvider>,
    )
    const arabic = new Intl.NumberFormat('ar')
    expect([...view.container.querySelectorAll('p')].map((p) => p.textContent)).toEqual(['one', 'two', `few ${arabic.format(3)}`, `many ${arabic.format(11)}`])
  })

  test('is a live region only when asked to', () => {
    const view = render(<AttemptsNotice attemptsLeft={3} />)
    expect(view.queryByRole('status')).toBeNull()
    view.rerender(<AttemptsNotice attemptsLeft={3} announce />)
    expect(view.getByRole('status').textContent).toBe('3 attempts left')
  })

  test('no axe violations', async () => {
    const view = render(
      <>
        <AttemptsNotice attemptsLeft={3} />
        <AttemptsNotice attemptsLeft={1} wrongCode />
        <AttemptsNotice attemptsLeft={0} />
      </>,
    )
    expect(await axeViolations(view.container)).toEqual([])
  })
})
