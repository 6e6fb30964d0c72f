/**
 * Style rules the translations are held to, stated once for the tests that check them
 * (`translations.browser.test.tsx`, `plural-strings.browser.test.tsx`).
 */

/**
 * Plural categories in which a locale says the number in words, with no digit: Arabic's dual
 * ("محاولتان", two attempts) and singular ("محاولة واحدة") already carry the number, and
 * "لم تتبقَّ أي محاولة" says zero, so "2 محاولتان" reads as "2 two attempts"; Hebrew says
 * "ניסיון אחד" and "שני ניסיונות" rather than "1 ניסיון". In these categories a message leaves
 * `{count}` out, except where the number stands in parentheses or in a ticking countdown.
 */
export const NUMERAL_FREE: Readonly<Record<string, readonly string[]>> = {
  ar: ['zero', 'one', 'two'],
  he: ['one', 'two'],
}

/**
 * The label keys of the buttons that wait on a countdown: resend, send, send a new code, call me
 * instead, text me instead. Each button shows only its label, which is its accessible name (WCAG
 * 2.5.3: a speech-input user says what they see, "Resend code", and the name matches); the seconds
 * left are drawn beside it, outside the button, from one message, {@link COUNTDOWN_SUFFIX}.
 */
export const COUNTDOWN_BUTTONS = ['resend.button', 'flow.send', 'flow.newCode', 'flow.callInstead', 'flow.smsInstead'] as const

/**
 * The seconds left beside a waiting button ("in 25 s", "25秒後"). A ticking countdown, so it keeps
 * its digit even in the categories of {@link NUMERAL_FREE}; short, and never a button's label.
 */
export const COUNTDOWN_SUFFIX = 'resend.countdown.suffix'

/** The longest a countdown beside a button may be, in characters at 100 s: it shares a row at 320 px. */
export const COUNTDOWN_MAX_LENGTH = 22

/**
 * The counts every plural message is rendered at: those of the language audit, and 4, the first
 * whole number in Filipino's `other` (numbers ending in 4, 6 or 9).
 */
export const SAMPLE_COUNTS = [0, 1, 2, 3, 4, 5, 11, 21, 100] as const
