/**
 * Validation of the create request body. Every rule failure is a 400 whose message says which
 * field broke which rule; nothing a caller sends can cause a 500.
 */
import { CHANNELS, DEFAULT_API_LOCALE, LOCALES, isApiLocale, type ApiLocale, type Channel, type CountryCode } from '@hakiki/core'
import { SandboxApiError } from './sandbox-api-error'
import { validateEmail, validatePhone } from './validate-address'

/** A create request that passed every rule. */
export interface CreateRequest {
  to: string
  channel: Channel
  locale: ApiLocale
  /** Covered country of a phone destination; absent for email. */
  country?: CountryCode
}

const LOCALE_LIST = LOCALES.map((l) => l.api).join(', ')

/**
 * Checks a parsed JSON body. `channel` defaults to `sms` and `locale` to `en`, as in Twilio Verify
 * v2; unknown extra fields are ignored, as Twilio ignores them.
 * @throws SandboxApiError 400.
 */
export function validateCreateRequest(body: Record<string, unknown>): CreateRequest {
  const { to, channel = 'sms', locale = DEFAULT_API_LOCALE } = body
  if (to === undefined || to === null || to === '') throw new SandboxApiError(400, "'to' is required")
  if (typeof to !== 'string') throw new SandboxApiError(400, "'to' must be a string")
  if (typeof channel !== 'string' || !CHANNELS.includes(channel as Channel)) {
    throw new SandboxApiError(400, `'channel' must be one of ${CHANNELS.join(', ')}`)
  }
  if (!isApiLocale(locale)) {
    // pt-BR is what browsers send; say so, because the API's own spelling is surprising.
    const hint = locale === 'pt-BR' ? " (Brazilian Portuguese is spelled 'pr-BR' here)" : ''
    throw new SandboxApiError(400, `'locale' must be one of ${LOCALE_LIST}, spelled exactly${hint}`)
  }
  if (channel === 'email') return { to: validateEmail(to), channel, locale }
  const phone = validatePhone(to)
  return { to: phone.e164, channel: channel as Channel, locale, country: phone.country }
}
