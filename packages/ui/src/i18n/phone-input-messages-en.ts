// One group of the English messages, a module of its own so that a bundle takes only the groups
// its components use (esbuild shares a module's every used part between chunks; see messages-en.ts).
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
  /** The country's phone metadata could not be loaded (offline, a failed deploy): the number cannot be checked yet. */
  'phone.error.unavailable': 'Numbers of this country cannot be checked right now. Check your connection, then try again.',
} as const
