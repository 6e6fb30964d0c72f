/**
 * The country of a phone number, with libphonenumber-js's metadata of every country: the engine's
 * default (`createEngineProvider`). Its own module, so a bundle of the in-process stand-in, which
 * reads countries with core's metadata instead, leaves the whole-world metadata out.
 */
import { parsePhoneNumberFromString } from 'libphonenumber-js/min'

/** The ISO country of a valid E.164 number, `'001'` for a valid non-geographic one, `undefined` when invalid. */
export function countryOf(e164: string): string | undefined {
  const parsed = parsePhoneNumberFromString(e164)
  if (!parsed || !parsed.isValid() || `+${parsed.countryCallingCode}${parsed.nationalNumber}` !== e164) return undefined
  return parsed.country ?? '001'
}
