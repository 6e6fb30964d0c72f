/**
 * Validation of the `to` address of a create request: an E.164 number of a covered country for
 * sms and call, a syntactically valid e-mail address for email. Each failure says which rule broke.
 */
import { COUNTRIES, isCoveredCountry, isE164, isEmailAddress, type CountryCode } from '@hakiki/core'
import { parsePhoneNumberFromString } from 'libphonenumber-js/max'
import { SandboxApiError } from './sandbox-api-error'

/** A phone number that passed every rule. */
export interface ValidPhone {
  /** The number in E.164 form, exactly as given. */
  e164: string
  /** Its covered country. */
  country: CountryCode
}

const COVERED = COUNTRIES.map((c) => `${c.name} (+${c.dialCode})`).join(', ')

/**
 * Checks an sms/call destination.
 * @throws SandboxApiError 400 naming the rule that failed: E.164 form, validity, coverage.
 */
export function validatePhone(to: string): ValidPhone {
  // E.164's bounds (at most 15 digits), the kit's one rule: the proxy and the memory adapter apply it too.
  if (!isE164(to)) {
    throw new SandboxApiError(400, "'to' must be a phone number in E.164 form: '+', the country code and the number, digits only, no spaces (e.g. +233241234567)")
  }
  // The `max` metadata checks number ranges, not only lengths, so unassigned ranges are refused
  // as a carrier would refuse them.
  const phone = parsePhoneNumberFromString(to)
  if (!phone || !phone.isValid()) {
    throw new SandboxApiError(400, "'to' is not a valid phone number for its country")
  }
  // A national trunk prefix kept after the country code (+234 0803…) parses, but is not E.164.
  if (phone.number !== to) {
    throw new SandboxApiError(400, "'to' is not in E.164 form: drop the national trunk prefix (the leading 0) after the country code")
  }
  if (!isCoveredCountry(phone.country)) {
    throw new SandboxApiError(400, `'to' is not in a covered country: sms and call verifications go only to ${COVERED}`)
  }
  return { e164: to, country: phone.country }
}

// oxlint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/

/**
 * Checks an email destination with the kit's one e-mail rule (`isEmailAddress` of `@hakiki/core`:
 * the WHATWG `<input type=email>` grammar with a dotted domain, ASCII, at most 254 characters; a
 * verification service must reach the address over the internet, so `user@localhost` is refused).
 * @throws SandboxApiError 400 naming the rule that failed.
 */
export function validateEmail(to: string): string {
  if (CONTROL.test(to)) throw new SandboxApiError(400, "'to' must not contain control characters or line breaks")
  if (to.length > 254) throw new SandboxApiError(400, "'to' must be an e-mail address of at most 254 characters")
  if (!isEmailAddress(to)) throw new SandboxApiError(400, "'to' must be a valid e-mail address (e.g. ama@example.com) for channel email")
  return to
}
