/**
 * Fills a message template for one send. Placeholders are replaced with a single pass, so a value
 * that itself contains `{code}` (an odd app name) is never expanded a second time.
 */
import { LOCALES, type Channel } from '@hakiki/core'
import type { MessageTemplate, PluralForms } from './message-template'

/** Values for one message. */
export interface MessageValues {
  /** App name shown in the message. */
  app: string
  /** The one-time code. */
  code: string
  /** Whole minutes the code has left: its lifetime on the first send, the time left on a re-send. */
  minutes: number
  /** Host for the SMS autofill line (`example.com`), if any. */
  autofillHost?: string
  /** Separator between spoken digits; by default the locale's list separator (`、` in Chinese and Japanese, `، ` in Arabic), else `, `. */
  digitSeparator?: string
}

/** A rendered message. */
export interface RenderedMessage {
  /** E-mail subject; only for channel email. */
  subject?: string
  /** SMS text, e-mail plain text or call script. */
  body: string
  /** E-mail HTML; only for channel email. */
  html?: string
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }
const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!)

// Scripts whose own list separator reads more naturally to a speech engine than a Latin comma: a
// pause between digits is what makes a call's code writable.
const DIGIT_SEPARATORS: Readonly<Record<string, string>> = { ar: '، ', ja: '、', zh: '、', 'zh-CN': '、', 'zh-HK': '、' }

/** FIRST STRONG ISOLATE and POP DIRECTIONAL ISOLATE (Unicode Bidirectional Algorithm, UAX #9). */
const FSI = '\u2068'
const PDI = '\u2069'

const LOCALE_INFO = new Map(LOCALES.map((l) => [l.api as string, l]))

/** `forms` for `count` under the plural rules of BCP-47 `tag`, with `{count}` filled in. */
function plural(forms: PluralForms, tag: string, count: number): string {
  return (forms[new Intl.PluralRules(tag).select(count)] ?? forms.other).replaceAll('{count}', String(count))
}

function fill(text: string, values: Record<string, string>): string {
  return text.replace(/\{(app|code|minutes|digits)\}/g, (_, key: string) => values[key]!)
}

/**
 * Renders the message of `channel`: `{minutes}` takes the plural form of the template's locale,
 * and the e-mail HTML is wrapped in an element carrying its `lang` and `dir`. With an `autofillHost`, the SMS ends with the line
 * `@<host> #<code>` that WebOTP (Chrome) and iOS/macOS domain-bound code autofill read.
 */
export function renderMessage(template: MessageTemplate, channel: Channel, values: MessageValues): RenderedMessage {
  const locale = LOCALE_INFO.get(template.locale)
  const tag = locale?.tag ?? template.locale
  // In a right-to-left message a Latin app name ("Acme 2") is isolated (FSI … PDI), so that its
  // own digits and punctuation never join the Arabic or Hebrew around it, nor the code beside it.
  // The call script is spoken, so it keeps the bare name.
  const isolate = (name: string) => (locale?.dir === 'rtl' ? `${FSI}${name}${PDI}` : name)
  const plain = {
    app: isolate(values.app),
    code: values.code,
    minutes: plural(template.minutes, tag, values.minutes),
    digits: values.code.split('').join(values.digitSeparator ?? DIGIT_SEPARATORS[template.locale] ?? ', '),
  }
  switch (channel) {
    case 'sms': {
      const body = fill(template.sms, plain)
      return { body: values.autofillHost ? `${body}\n\n@${values.autofillHost} #${values.code}` : body }
    }
    case 'call':
      return { body: fill(template.call, { ...plain, app: values.app }) }
    // A WhatsApp authentication template says what the SMS says, with no WebOTP line (no SMS arrives).
    case 'whatsapp':
      return { body: fill(template.sms, plain) }
    case 'email':
      return {
        subject: fill(template.email.subject, plain),
        body: fill(template.email.text, plain),
        // The language and direction go on the message's root, so that mail clients pick the
        // right font and screen readers the right voice, and Arabic and Hebrew read right to left.
        html: `<div lang="${escapeHtml(tag)}" dir="${locale?.dir ?? 'ltr'}">${fill(template.email.html, { ...plain, app: isolate(escapeHtml(values.app)) })}</div>`,
      }
  }
}
