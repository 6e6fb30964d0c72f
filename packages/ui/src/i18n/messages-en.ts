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
  /** The country's phone metadata could not be loaded (offline, a failed deploy): the number cannot be checked yet. */
  'phone.error.unavailable': 'Numbers of this country cannot be checked right now. Check your connection, then try again.',
} as const

/** English messages of `EmailInput`. */
export const emailInputMessagesEn = {
  /** Label of the e-mail address field. */
  'email.label': 'Email address',
  /** Placeholder of the e-mail field: an example address, never a real one. */
  'email.placeholder': 'name@example.com',
  /** The field is required and empty. */
  'email.error.required': 'Enter your email address.',
  /** The text is not an address a code can be sent to. */
  'email.error.invalid': 'Enter a valid email address, like name@example.com.',
  /** The domain looks like a typo of a popular one; `{address}` is the address meant, drawn as a button that puts it in the field. */
  'email.suggestion': 'Did you mean {address}?',
} as const

/** English messages of `ChannelPicker`. */
export const channelPickerMessagesEn = {
  /** Legend of the group of channels. */
  'channel.legend': 'Send the code by',
  /** The SMS channel. */
  'channel.sms': 'SMS',
  /** The voice-call channel: the code is read aloud. */
  'channel.call': 'Voice call',
  /** The e-mail channel. */
  'channel.email': 'Email',
  /** The WhatsApp channel (the brand name). */
  'channel.whatsapp': 'WhatsApp',
  /** Price of one code by a channel, e.g. "USD 0.05 per message". */
  'channel.fee': '{fee} per message',
} as const

/** English messages of `LocaleSelect`. */
export const localeSelectMessagesEn = {
  /** Label of the language picker. */
  'locale.label': 'Language',
} as const

/** English messages of `ResendButton`. */
export const resendButtonMessagesEn = {
  /** The button, once a new code may be requested. */
  'resend.button': 'Resend code',
  /**
   * The seconds left, drawn beside a waiting button (after it in reading order): "Resend code"
   * [button] "in 25 s". Short, and readable on its own next to any of the kit's buttons (Resend
   * code, Send code, Send a new code, Call me instead, Text me instead); it is not part of the
   * button's name, which stays the text the button shows (WCAG 2.5.3).
   */
  'resend.countdown.suffix': { one: 'in {count} s', other: 'in {count} s' },
  /** Described and announced during the cooldown (once, not every second). */
  'resend.wait': {
    one: 'You can ask for a new code in {count} second.',
    other: 'You can ask for a new code in {count} seconds.',
  },
  /** The same for a wait of two minutes or more, in whole minutes (rounded up). */
  'resend.waitMinutes': {
    one: 'You can ask for a new code in {count} minute.',
    other: 'You can ask for a new code in {count} minutes.',
  },
  /** Announced when the cooldown is over. */
  'resend.ready': 'You can ask for a new code now.',
  /** Announced while a new code is being sent. */
  'resend.sending': 'Sending a new code…',
} as const

/** English messages of `ExpiryNotice`. */
export const expiryNoticeMessagesEn = {
  /** Visible countdown; `{time}` is minutes and seconds, like "9:59". */
  'expiry.countdown': 'Code expires in {time}',
  /** For screen readers, and announced when one minute is left. */
  'expiry.minutes': { one: 'The code expires in {count} minute.', other: 'The code expires in {count} minutes.' },
  /** For screen readers in the last minute. */
  'expiry.seconds': { one: 'The code expires in {count} second.', other: 'The code expires in {count} seconds.' },
  /** The code's lifetime is over. */
  'expiry.expired': 'The code has expired.',
} as const

/** English messages of `AttemptsNotice`. */
export const attemptsNoticeMessagesEn = {
  /** Wrong codes the user may still try. */
  'attempts.left': { one: '{count} attempt left', other: '{count} attempts left' },
  /** After a wrong code, with the attempts left. */
  'attempts.wrongCode': {
    one: 'That code is not right. {count} attempt left.',
    other: 'That code is not right. {count} attempts left.',
  },
  /** No attempt is left: only a new code helps. */
  'attempts.none': 'No attempts left. Ask for a new code.',
} as const

/**
 * English messages for every error the flow can meet: one per proxy error code (`ERROR_CODES` of
 * `@hakiki/core`), the two the browser adds (`network_error`, `invalid_response`) and the two the
 * flow adds (`wrong_code`, `incomplete_code`). Written for the person at the keyboard: what
 * happened and what to do, never a status number.
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
  /** The code was checked and is not the one sent. */
  'error.wrong_code': 'That code is not right.',
  /** Verify was pressed before every digit was typed. */
  'error.incomplete_code': { one: 'Enter all {count} digits of the code.', other: 'Enter all {count} digits of the code.' },
  /** An error this version does not know (a newer proxy). */
  'error.unknown': 'Something went wrong. Try again.',
  /** The code the server just refused was typed again; it is not checked by itself. */
  'error.already_tried': 'You already tried this code.',
} as const

/** English messages of `VerificationFlow`. */
export const flowMessagesEn = {
  /** Heading of the address step for a phone number. */
  'flow.heading.phone': 'Verify your phone number',
  /** Heading of the address step for an e-mail address. */
  'flow.heading.email': 'Verify your email address',
  /** Heading of the code step after an SMS: where the code went (the formatted number). */
  'flow.heading.code.sms': 'Enter the code sent to {address}',
  /** Heading of the code step after a voice call: the number being called. */
  'flow.heading.code.call': 'Enter the code from our call to {address}',
  /** Heading of the code step after an e-mail: the address it went to. */
  'flow.heading.code.email': 'Enter the code sent to {address}',
  /** Heading of the code step for a channel without a heading of its own (WhatsApp); `{channel}` is its name. */
  'flow.heading.code': 'Enter the code sent by {channel} to {address}',
  /** Heading once the address is verified. */
  'flow.heading.verified': 'Verified',
  /** Heading when the code's lifetime is over. */
  'flow.heading.expired': 'Your code has expired',
  /** Heading after too many wrong codes. */
  'flow.heading.locked': 'Too many wrong codes',
  /** Heading when the verification cannot go on. */
  'flow.heading.failed': 'Something went wrong',
  /** Button that sends the code. */
  'flow.send': 'Send code',
  /** Button that checks the code. */
  'flow.verify': 'Verify',
  /** Announced while the code is being sent. */
  'flow.sending': 'Sending the code…',
  /** Announced once an SMS is sent (the code step's heading shows where it went); `{address}` is the formatted number. */
  'flow.sent.sms': 'We sent a code by SMS to {address}.',
  /** Announced once a call is placed. */
  'flow.sent.call': 'We are calling {address} to read you a code.',
  /** Announced once an e-mail is sent. */
  'flow.sent.email': 'We sent a code to {address}. It may take a minute to arrive.',
  /** Announced once a code went by a channel without a sentence of its own (WhatsApp); `{channel}` is its name. */
  'flow.sent': 'We sent a code by {channel} to {address}.',
  /** Back to the phone number, keeping it. */
  'flow.changePhone': 'Change number',
  /** Back to the e-mail address, keeping it. */
  'flow.changeEmail': 'Change email address',
  /** Offered beside a number that cannot get a code, when the flow offers e-mail: switches the address step to e-mail. */
  'flow.useEmail': 'Use email instead',
  /** Resend the code by a voice call. */
  'flow.callInstead': 'Call me instead',
  /** Resend the code by SMS after a call. */
  'flow.smsInstead': 'Text me instead',
  /** After expiry, too many wrong codes or a lost verification: send a new code. */
  'flow.newCode': 'Send a new code',
  /** Under the expired heading. */
  'flow.expiredBody': 'Codes work for a limited time. Send a new code to continue.',
  /** Under the too-many-wrong-codes heading. */
  'flow.lockedBody': 'For your security, this code no longer works. Send a new code to continue.',
  /** Shown and announced once verified. */
  'flow.verified': '{address} is verified.',
  /** Under the code field when the code is checked on its last digit (WCAG 3.2.2: said before it happens). */
  'flow.autoSubmitHint': 'The code is checked as soon as you type the last digit.',
  /** Shown under the code field and announced once "Resend code" sent a new code. */
  'flow.resent': 'New code sent.',
  /**
   * Two sentences said as one announcement ("Too many wrong codes. …" then "You can ask for a new
   * code in 25 seconds."): how the language puts one sentence after another (no space in Japanese
   * and Chinese).
   */
  'flow.sentences': '{first} {second}',
  /** Beside the code's clock, and said once, when the provider reports the message arrived. */
  'flow.delivery.delivered': 'Delivered',
  /** The message with the code will never arrive (failed, undelivered), and no other channel is offered. */
  'flow.delivery.failed': 'Couldn’t be delivered',
  /** As `flow.delivery.failed`, when "Call me instead" is offered beside it. */
  'flow.delivery.failed.call': 'Couldn’t be delivered — try a call',
  /** As `flow.delivery.failed`, when "Text me instead" is offered beside it. */
  'flow.delivery.failed.sms': 'Couldn’t be delivered — try a text message',
} as const

/**
 * Every English message. Add a component's group here, to the call and to its type (beyond three
 * sources `Object.assign` is typed `any`); `@__PURE__` lets bundlers drop the join where only one
 * group is used.
 */
export const messagesEn = /* @__PURE__ */ Object.assign(
  {},
  codeInputMessagesEn,
  phoneInputMessagesEn,
  emailInputMessagesEn,
  channelPickerMessagesEn,
  localeSelectMessagesEn,
  resendButtonMessagesEn,
  expiryNoticeMessagesEn,
  attemptsNoticeMessagesEn,
  errorMessagesEn,
  flowMessagesEn,
) as typeof codeInputMessagesEn &
  typeof phoneInputMessagesEn &
  typeof emailInputMessagesEn &
  typeof channelPickerMessagesEn &
  typeof localeSelectMessagesEn &
  typeof resendButtonMessagesEn &
  typeof expiryNoticeMessagesEn &
  typeof attemptsNoticeMessagesEn &
  typeof errorMessagesEn &
  typeof flowMessagesEn

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
