/**
 * The shape of a message template file (`templates/<locale>.json`) and the placeholders it may use.
 */
import type { ApiLocale } from '@hakiki/core'

/** One locale's messages. Placeholders: `{app}`, `{code}`, `{minutes}`, `{digits}`. */
export interface MessageTemplate {
  /** The API locale the file is for; equals its file name. */
  locale: ApiLocale | string
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
