/**
 * Style rules the translations are held to, stated once for the tests that check them
 * (`translations.browser.test.tsx`, `plural-strings.browser.test.tsx`).
 */

/**
 * Plural categories in which a locale says the number in words, with no digit: Arabic's dual
 * ("محاولتان", two attempts) and singular ("محاولة واحدة") already carry the number, and
 * "لم تتبقَّ أي محاولة" says zero, so "2 محاولتان" reads as "2 two attempts"; Hebrew says
 * "ניסיון אחד" and "שני ניסיונות" rather than "1 ניסיון". In these categories a message leaves
 * `{count}` out, except where the number stands in parentheses or on a ticking countdown button.
 */
export const NUMERAL_FREE: Readonly<Record<string, readonly string[]>> = {
  ar: ['zero', 'one', 'two'],
  he: ['one', 'two'],
}

/**
 * The visible countdown of each button and the button's label. The label stays the button's
 * accessible name during the wait (the seconds are not re-announced), so the countdown must begin
 * with it word for word (WCAG 2.5.3): a speech-input user says what they see, "Resend code", and
 * the name matches; in verb-final languages the time follows in parentheses ("コードを再送信（25秒後）").
 */
export const COUNTDOWN_LABELS = {
  'resend.countdown': 'resend.button',
  'flow.send.countdown': 'flow.send',
  'flow.newCode.countdown': 'flow.newCode',
  'flow.callInstead.countdown': 'flow.callInstead',
  'flow.smsInstead.countdown': 'flow.smsInstead',
} as const

/**
 * The counts every plural message is rendered at: those of the language audit, and 4, the first
 * whole number in Filipino's `other` (numbers ending in 4, 6 or 9).
 */
export const SAMPLE_COUNTS = [0, 1, 2, 3, 4, 5, 11, 21, 100] as const
