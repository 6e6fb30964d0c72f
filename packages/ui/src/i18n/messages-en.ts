/**
 * The English messages, one group per component: each component bundles only its own group as
 * the fallback for keys a translation lacks, so a page with just a `CodeInput` does not carry the
 * flow's strings. {@link messagesEn} joins them and is the source of the {@link Messages} type
 * every other locale must satisfy.
 *
 * Placeholders are `{name}`; `{count}` is formatted with `Intl.NumberFormat` of the locale. A
 * message whose wording depends on a number is an object keyed by `Intl.PluralRules` categories
 * (`zero`, `one`, `two`, `few`, `many`, `other`): English needs `one` and `other`, Arabic all six.
 */

/** English messages of `CodeInput`. */
export const codeInputMessagesEn = {
  /** Accessible name of the code field. */
  'code.label': 'Verification code',
  /** Description of the code field when the address is not known. */
  'code.hint': { one: 'Enter the {count}-digit code.', other: 'Enter the {count}-digit code.' },
  /** Description of the code field: where the code was sent (a masked phone number or e-mail address). */
  'code.hintSentTo': {
    one: 'Enter the {count}-digit code sent to {address}.',
    other: 'Enter the {count}-digit code sent to {address}.',
  },
  /** Announced while the code is being checked. */
  'code.checking': 'Checking the code…',
} as const

/** English messages of `PhoneInput` and `CountrySelect`. */
export const phoneInputMessagesEn = {
  /** Label of the phone number field. */
  'phone.label': 'Phone number',
  /** Accessible name of the country picker button and list. */
  'phone.country': 'Country',
  /** The picker button's accessible name once a country is chosen; keep `{dialCode}` out of parentheses, which screen-reader checks skip when matching the visible "+233". */
  'phone.countrySelected': 'Country: {country}, {dialCode}',
  /** Placeholder and accessible name of the search box of the country list. */
  'phone.countrySearch': 'Search countries',
  /** Shown when the search matches no country. */
  'phone.noCountryMatches': 'No country matches “{query}”.',
  /** Live announcement of how many countries the search left. */
  'phone.countryResults': { one: '{count} country', other: '{count} countries' },
  /** SMS price shown beside a country, e.g. "GHS 0.30 per SMS". */
  'phone.feePerSms': '{fee} per SMS',
  /** The number is shorter than any number of the country. */
  'phone.error.tooShort': 'This number is too short for {country}.',
  /** The number is longer than any number of the country. */
  'phone.error.tooLong': 'This number is too long for {country}.',
  /** The number is not a valid number of the country. */
  'phone.error.invalid': 'Enter a valid phone number for {country}.',
  /** The number belongs to a country codes cannot be sent to. */
  'phone.error.unsupportedCountry': 'Codes cannot be sent to this country yet.',
  /** National digits were typed but no country is chosen. */
  'phone.error.noCountry': 'Choose your country, or start the number with + and the country code.',
  /** The number is not valid and its country is unknown. */
  'phone.error.invalidNoCountry': 'Enter a valid phone number.',
  /** The field is required and empty. */
  'phone.error.required': 'Enter your phone number.',
} as const

/**
 * Every English message. Add a component's group here; `@__PURE__` lets bundlers drop the join
 * where only one group is used.
 */
export const messagesEn = /* @__PURE__ */ Object.assign({}, codeInputMessagesEn, phoneInputMessagesEn)

/** Plural categories of `Intl.PluralRules`; every plural message has at least `other`. */
export type PluralCategory = 'zero' | 'one' | 'two' | 'few' | 'many' | 'other'

/** A message whose wording depends on `{count}`, one entry per plural category of the locale. */
export type PluralMessage = { readonly other: string } & { readonly [C in Exclude<PluralCategory, 'other'>]?: string }

/** One message: plain text with `{name}` placeholders, or a plural message. */
export type Message = string | PluralMessage

/** Every message key of the UI. */
export type MessageKey = keyof typeof messagesEn

/** A complete set of messages for one locale: plain keys stay plain, plural keys stay plural. */
export type Messages = {
  readonly [K in MessageKey]: (typeof messagesEn)[K] extends string ? string : PluralMessage
}
