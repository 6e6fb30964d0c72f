/**
 * The proxy hands providers a BCP-47 tag; Twilio Verify takes its own list of locale values
 * (https://www.twilio.com/docs/verify/supported-languages) and answers an unsupported one with a
 * 404. The kit's 36 message languages are all on Twilio's list, spelled as BCP-47 (`pt-BR`, where
 * the spec's API says `pr-BR`), so a tag maps through the kit's locale table; anything else is left
 * out, and Twilio picks the language from the number's country, as its page recommends.
 */
import { toApiLocale, toLanguageTag } from '@hakiki/core'

/** Twilio's `Locale` for a BCP-47 tag, or `undefined` to let Twilio choose. */
export function toTwilioLocale(tag: string): string | undefined {
  const api = toApiLocale(tag)
  return api === undefined ? undefined : toLanguageTag(api)
}
