import type { Messages } from './messages-en'

/**
 * British English messages (`en-GB`). The kit's English already avoids American-only spellings
 * (no "-ize", "-or" or "-er" words), so these are the English strings with British usage where
 * it differs ("dialling code"); a complete set of its own, so that a product can reword it for
 * UK users without touching `en`.
 */
export const messages: Messages = {
  'code.label': 'Verification code',
  'code.hint': { one: 'Enter the {count}-digit code.', other: 'Enter the {count}-digit code.' },
  'code.hintSentTo': {
    one: 'Enter the {count}-digit code sent to {address}.',
    other: 'Enter the {count}-digit code sent to {address}.',
  },
  'code.checking': 'Checking the code…',

  'phone.label': 'Phone number',
  'phone.country': 'Country',
  'phone.countrySelected': 'Country: {country}, {dialCode}',
  'phone.countrySearch': 'Search countries',
  'phone.noCountryMatches': 'No country matches “{query}”.',
  'phone.countryResults': { one: '{count} country', other: '{count} countries' },
  'phone.feePerSms': '{fee} per SMS',
  'phone.error.tooShort': 'This number is too short for {country}.',
  'phone.error.tooLong': 'This number is too long for {country}.',
  'phone.error.invalid': 'Enter a valid phone number for {country}.',
  'phone.error.unsupportedCountry': 'Codes cannot be sent to this country yet.',
  'phone.error.noCountry': 'Choose your country, or start the number with + and the country’s dialling code.',
  'phone.error.invalidNoCountry': 'Enter a valid phone number.',
  'phone.error.required': 'Enter your phone number.',

  'email.label': 'Email address',
  'email.placeholder': 'name@example.com',
  'email.error.required': 'Enter your email address.',
  'email.error.invalid': 'Enter a valid email address, like name@example.com.',

  'channel.legend': 'Send the code by',
  'channel.sms': 'SMS',
  'channel.call': 'Voice call',
  'channel.email': 'Email',
  'channel.fee': '{fee} per message',

  'locale.label': 'Language',

  'resend.button': 'Resend code',
  'resend.countdown': { one: 'Resend code in {count} s', other: 'Resend code in {count} s' },
  'resend.wait': {
    one: 'You can ask for a new code in {count} second.',
    other: 'You can ask for a new code in {count} seconds.',
  },
  'resend.ready': 'You can ask for a new code now.',
  'resend.sending': 'Sending a new code…',

  'expiry.countdown': 'Code expires in {time}',
  'expiry.minutes': { one: 'The code expires in {count} minute.', other: 'The code expires in {count} minutes.' },
  'expiry.seconds': { one: 'The code expires in {count} second.', other: 'The code expires in {count} seconds.' },
  'expiry.expired': 'The code has expired.',

  'attempts.left': { one: '{count} attempt left', other: '{count} attempts left' },
  'attempts.wrongCode': {
    one: 'That code is not right. {count} attempt left.',
    other: 'That code is not right. {count} attempts left.',
  },
  'attempts.none': 'No attempts left. Ask for a new code.',

  'error.invalid_request': 'Something in the form is not right. Check it and try again.',
  'error.invalid_phone_number': 'This phone number is not valid. Check it and try again.',
  'error.invalid_email': 'This email address is not valid. Check it and try again.',
  'error.unsupported_country': 'Codes cannot be sent to this country yet.',
  'error.unsupported_number_type': 'This number can’t receive codes. Use a mobile number or choose email.',
  'error.unsupported_locale': 'Messages in this language are not available. Choose another language.',
  'error.invalid_code_format': 'Enter the code with digits only.',
  'error.rate_limited': 'Too many requests. Wait a moment and try again.',
  'error.rate_limited.retry': {
    one: 'Too many requests. Try again in {count} second.',
    other: 'Too many requests. Try again in {count} seconds.',
  },
  'error.not_found': 'This code request is no longer valid. Ask for a new code.',
  'error.expired': 'This code has expired. Ask for a new code.',
  'error.too_many_attempts': 'Too many wrong codes. Ask for a new code.',
  'error.forbidden_origin': 'Codes cannot be requested from this page. Contact the site’s support.',
  'error.forbidden': 'You cannot ask for a code right now.',
  'error.upstream_unavailable': 'The verification service is busy. Try again in a moment.',
  'error.upstream_error': 'The verification service ran into a problem. Try again in a moment.',
  'error.store_unavailable': 'The service is temporarily unavailable. Try again in a moment.',
  'error.network_error': 'No connection. Check that you are online and try again.',
  'error.invalid_response': 'Something went wrong on our side. Try again later.',
  'error.wrong_code': 'That code is not right.',
  'error.incomplete_code': { one: 'Enter all {count} digits of the code.', other: 'Enter all {count} digits of the code.' },
  'error.unknown': 'Something went wrong. Try again.',

  'flow.heading.phone': 'Verify your phone number',
  'flow.heading.email': 'Verify your email address',
  'flow.heading.code': 'Enter the code',
  'flow.heading.verified': 'Verified',
  'flow.heading.expired': 'Your code has expired',
  'flow.heading.locked': 'Too many wrong codes',
  'flow.heading.failed': 'Something went wrong',
  'flow.send': 'Send code',
  'flow.send.countdown': { one: 'Send code in {count} s', other: 'Send code in {count} s' },
  'flow.verify': 'Verify',
  'flow.sending': 'Sending the code…',
  'flow.sent.sms': 'We sent a code by SMS to {address}.',
  'flow.sent.call': 'We are calling {address} to read you a code.',
  'flow.sent.email': 'We sent a code to {address}. It may take a minute to arrive.',
  'flow.changePhone': 'Change number',
  'flow.changeEmail': 'Change email address',
  'flow.callInstead': 'Call me instead',
  'flow.smsInstead': 'Text me instead',
  'flow.newCode': 'Send a new code',
  'flow.newCode.countdown': { one: 'Send a new code in {count} s', other: 'Send a new code in {count} s' },
  'flow.expiredBody': 'Codes work for a limited time. Send a new code to continue.',
  'flow.lockedBody': 'For your security, this code no longer works. Send a new code to continue.',
  'flow.verified': '{address} is verified.',
}
