// One group of the English messages, a module of its own so that a bundle takes only the groups
// its components use (esbuild shares a module's every used part between chunks; see messages-en.ts).
/**
 * English messages for every error the flow can meet: one per proxy error code (`ERROR_CODES` of
 * `@hakiki/core`) and the two the browser adds (`network_error`, `invalid_response`); the three
 * the code step alone meets are `codeErrorMessagesEn`, in its chunk. Written for the person at the
 * keyboard: what happened and what to do, never a status number.
 */
export const errorMessagesEn = {
  /** The request was malformed (a missing address, a bad field). */
  'error.invalid_request': 'Something in the form is not right. Check it and try again.',
  /** The proxy refused the phone number. */
  'error.invalid_phone_number': 'This phone number is not valid. Check it and try again.',
  /** The proxy refused the e-mail address. */
  'error.invalid_email': 'This email address is not valid. Check it and try again.',
  /** The number's country is not served. */
  'error.unsupported_country': 'Codes cannot be sent to this country yet.',
  /** The number's type (premium-rate, toll-free, VoIP, a fixed line for SMS...) cannot receive codes. */
  'error.unsupported_number_type': 'This number can’t receive codes. Use a mobile number or choose email.',
  /** `unsupported_country` when the country is known; `{country}` is its name in the UI's language. */
  'error.unsupported_country.named': 'Codes can’t be sent to {country} yet.',
  /** `unsupported_number_type` when the flow offers no e-mail (so it does not suggest it). */
  'error.unsupported_number_type.noEmail': 'This number can’t receive codes. Use a mobile number.',
  /** The provider behind the proxy cannot send this channel (WhatsApp through a service without it). */
  'error.unsupported_channel': 'Codes cannot be sent this way. Choose another way to get your code.',
  /** The message language is not offered. */
  'error.unsupported_locale': 'Messages in this language are not available. Choose another language.',
  /** The code is not 4 to 10 digits. */
  'error.invalid_code_format': 'Enter the code with digits only.',
  /** Too many requests, with no wait given. */
  'error.rate_limited': 'Too many requests. Wait a moment and try again.',
  /** Too many requests, with the wait in seconds. */
  'error.rate_limited.retry': {
    one: 'Too many requests. Try again in {count} second.',
    other: 'Too many requests. Try again in {count} seconds.',
  },
  /** Too many requests, with a wait of two minutes or more, in whole minutes (rounded up). */
  'error.rate_limited.retryMinutes': {
    one: 'Too many requests. Try again in {count} minute.',
    other: 'Too many requests. Try again in {count} minutes.',
  },
  /** The verification is unknown or gone. */
  'error.not_found': 'This code request is no longer valid. Ask for a new code.',
  /** The code's lifetime is over. */
  'error.expired': 'This code has expired. Ask for a new code.',
  /** Too many wrong codes: the verification is finished. */
  'error.too_many_attempts': 'Too many wrong codes. Ask for a new code.',
  /** The page's origin may not use the proxy (a misconfigured site, not the user's fault). */
  'error.forbidden_origin': 'Codes cannot be requested from this page. Contact the site’s support.',
  /** The app refused to start a verification (not signed in, captcha). */
  'error.forbidden': 'You cannot ask for a code right now.',
  /** The verification service is down or busy. */
  'error.upstream_unavailable': 'The verification service is busy. Try again in a moment.',
  /** The verification service failed. */
  'error.upstream_error': 'The verification service ran into a problem. Try again in a moment.',
  /** The proxy's own store did not answer in time; nothing was sent. */
  'error.store_unavailable': 'The service is temporarily unavailable. Try again in a moment.',
  /** The request did not reach the server (offline, refused). */
  'error.network_error': 'No connection. Check that you are online and try again.',
  /** The server's answer could not be read. */
  'error.invalid_response': 'Something went wrong on our side. Try again later.',
  /** An error this version does not know (a newer proxy). */
  'error.unknown': 'Something went wrong. Try again.',
} as const
