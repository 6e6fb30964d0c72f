/**
 * The shape of a message template file (`templates/<locale>.json`) and the placeholders it may use.
 */
import type { ApiLocale } from '@hakiki/core'

/** Plural categories of `Intl.PluralRules`. */
export type PluralCategory = 'zero' | 'one' | 'two' | 'few' | 'many' | 'other'

/** Wording that depends on a number: one form per plural category of the locale, `other` always. */
export type PluralForms = { other: string } & { [C in Exclude<PluralCategory, 'other'>]?: string }

/** One locale's messages. Placeholders: `{app}`, `{code}`, `{minutes}`, `{digits}`. */
export interface MessageTemplate {
  /** The API locale the file is for; equals its file name. */
  locale: ApiLocale | string
  /**
   * What `{minutes}` becomes: the minutes the code has left (its lifetime on the first send, less on
   * a re-send, which keeps the first send's expiry) with its unit, in the form the count takes
   * ("1 minute", "10 minutes"; Arabic "دقيقتين" for two, "{count} دقائق" for 3–10), picked by
   * `Intl.PluralRules` of the locale; `{count}` is the number. A form may say the number in words
   * and leave `{count}` out (Arabic and Hebrew one and two).
   */
  minutes: PluralForms
  /** SMS text; uses `{app}`, `{code}`, `{minutes}`. */
  sms: string
  /** E-mail; every part uses `{app}` and `{code}`, `text` and `html` also `{minutes}`. */
  email: { subject: string; text: string; html: string }
  /** Voice-call script; uses `{app}` and `{digits}` (the code spoken digit by digit), twice. */
  call: string
}

/** Placeholders each field must use; a field may use no others. */
export const REQUIRED_PLACEHOLDERS = {
  sms: ['{app}', '{code}', '{minutes}'],
  'email.subject': ['{app}', '{code}'],
  'email.text': ['{app}', '{code}', '{minutes}'],
  'email.html': ['{app}', '{code}', '{minutes}'],
  call: ['{app}', '{digits}'],
} as const
