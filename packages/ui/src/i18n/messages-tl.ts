import type { Messages } from './messages-en'

/**
 * Tagalog (Filipino) messages (`tl`), in the Filipino of Philippine apps, which keeps everyday
 * English loanwords ("code", "email", "i-verify"). Nouns do not change with a number, so `one`
 * and `other` read alike.
 */
export const messages: Messages = {
  'code.label': 'Code sa pag-verify',
  'code.hint': { one: 'Ilagay ang {count}-digit na code.', other: 'Ilagay ang {count}-digit na code.' },
  'code.hintSentTo': {
    one: 'Ilagay ang {count}-digit na code na ipinadala sa {address}.',
    other: 'Ilagay ang {count}-digit na code na ipinadala sa {address}.',
  },
  'code.checking': 'Sinusuri ang code…',

  'phone.label': 'Numero ng telepono',
  'phone.country': 'Bansa',
  'phone.countrySelected': 'Bansa: {country}, {dialCode}',
  'phone.countrySearch': 'Maghanap ng bansa',
  'phone.noCountryMatches': 'Walang bansang tumutugma sa “{query}”.',
  'phone.countryResults': { one: '{count} bansa', other: '{count} bansa' },
  'phone.feePerSms': '{fee} bawat SMS',
  'phone.error.tooShort': 'Masyadong maikli ang numerong ito para sa {country}.',
  'phone.error.tooLong': 'Masyadong mahaba ang numerong ito para sa {country}.',
  'phone.error.invalid': 'Maglagay ng wastong numero ng telepono para sa {country}.',
  'phone.error.unsupportedCountry': 'Hindi pa maaaring magpadala ng code sa bansang ito.',
  'phone.error.noCountry': 'Piliin ang iyong bansa, o simulan ang numero sa + at sa country code.',
  'phone.error.invalidNoCountry': 'Maglagay ng wastong numero ng telepono.',
  'phone.error.required': 'Ilagay ang iyong numero ng telepono.',
  'phone.error.unavailable': 'Hindi masuri ngayon ang mga numero ng bansang ito. Tingnan ang iyong koneksyon, saka subukang muli.',

  'email.label': 'Iyong email address',
  'email.placeholder': 'pangalan@example.com',
  'email.error.required': 'Ilagay ang iyong email address.',
  'email.error.invalid': 'Maglagay ng wastong email address, gaya ng pangalan@example.com.',

  'channel.legend': 'Ipadala ang code sa pamamagitan ng',
  'channel.sms': 'SMS',
  'channel.call': 'Tawag',
  'channel.email': 'Email',
  'channel.fee': '{fee} bawat mensahe',

  'locale.label': 'Wika',

  'resend.button': 'Ipadala muli ang code',
  'resend.countdown.suffix': { one: 'pagkalipas ng {count} s', other: 'pagkalipas ng {count} s' },
  'resend.wait': {
    one: 'Puwede kang humingi ng bagong code pagkalipas ng {count} segundo.',
    other: 'Puwede kang humingi ng bagong code pagkalipas ng {count} segundo.',
  },
  'resend.ready': 'Maaari ka nang humingi ng bagong code.',
  'resend.sending': 'Nagpapadala ng bagong code…',

  'expiry.countdown': 'Mag-e-expire ang code pagkalipas ng {time}',
  'expiry.minutes': {
    one: 'Mag-e-expire ang code pagkalipas ng {count} minuto.',
    other: 'Mag-e-expire ang code pagkalipas ng {count} minuto.',
  },
  'expiry.seconds': {
    one: 'Mag-e-expire ang code pagkalipas ng {count} segundo.',
    other: 'Mag-e-expire ang code pagkalipas ng {count} segundo.',
  },
  'expiry.expired': 'Nag-expire na ang code.',

  'attempts.left': { one: 'May {count} subok pang natitira', other: 'May {count} subok pang natitira' },
  'attempts.wrongCode': {
    one: 'Mali ang code na iyan. May {count} subok pang natitira.',
    other: 'Mali ang code na iyan. May {count} subok pang natitira.',
  },
  'attempts.none': 'Wala nang natitirang subok. Humingi ng bagong code.',

  'error.invalid_request': 'May mali sa form. Suriin ito at subukang muli.',
  'error.invalid_phone_number': 'Hindi wasto ang numero ng teleponong ito. Suriin ito at subukang muli.',
  'error.invalid_email': 'Hindi wasto ang email address na ito. Suriin ito at subukang muli.',
  'error.unsupported_country': 'Hindi pa maaaring magpadala ng code sa bansang ito.',
  'error.unsupported_number_type': 'Hindi makakatanggap ng code ang numerong ito. Gumamit ng mobile number o piliin ang email.',
  'error.unsupported_country.named': 'Hindi pa maaaring magpadala ng code sa {country}.',
  'error.unsupported_number_type.noEmail': 'Hindi makakatanggap ng code ang numerong ito. Gumamit ng mobile number.',
  'error.unsupported_locale': 'Walang available na mensahe sa wikang ito. Pumili ng ibang wika.',
  'error.invalid_code_format': 'Ilagay ang code gamit lamang ang mga numero.',
  'error.rate_limited': 'Masyadong maraming kahilingan. Maghintay sandali at subukang muli.',
  'error.rate_limited.retry': {
    one: 'Masyadong maraming kahilingan. Subukang muli pagkalipas ng {count} segundo.',
    other: 'Masyadong maraming kahilingan. Subukang muli pagkalipas ng {count} segundo.',
  },
  'error.not_found': 'Hindi na wasto ang kahilingang ito para sa code. Humingi ng bagong code.',
  'error.expired': 'Nag-expire na ang code na ito. Humingi ng bagong code.',
  'error.too_many_attempts': 'Masyadong maraming maling code. Humingi ng bagong code.',
  'error.forbidden_origin': 'Hindi maaaring humingi ng code mula sa pahinang ito. Makipag-ugnayan sa suporta ng site.',
  'error.forbidden': 'Hindi ka maaaring humingi ng code sa ngayon.',
  'error.upstream_unavailable': 'Abala ang serbisyo ng pag-verify. Subukang muli mamaya-maya.',
  'error.upstream_error': 'Nagkaproblema ang serbisyo ng pag-verify. Subukang muli mamaya-maya.',
  'error.store_unavailable': 'Pansamantalang hindi available ang serbisyo. Subukang muli mamaya-maya.',
  'error.network_error': 'Walang koneksyon. Tiyaking online ka at subukang muli.',
  'error.invalid_response': 'Nagkaproblema sa aming panig. Subukang muli mamaya.',
  'error.wrong_code': 'Mali ang code na iyan.',
  'error.incomplete_code': {
    one: 'Ilagay ang lahat ng {count} digit ng code.',
    other: 'Ilagay ang lahat ng {count} digit ng code.',
  },
  'error.unknown': 'Nagkaproblema. Subukang muli.',

  'flow.heading.phone': 'I-verify ang iyong numero ng telepono',
  'flow.heading.email': 'I-verify ang iyong email address',
  'flow.heading.code.sms': 'Ilagay ang code na ipinadala sa {address}',
  'flow.heading.code.call': 'Ilagay ang code mula sa tawag namin sa {address}',
  'flow.heading.code.email': 'Ilagay ang code na ipinadala sa {address}',
  'flow.heading.verified': 'Na-verify na',
  'flow.heading.expired': 'Nag-expire na ang iyong code',
  'flow.heading.locked': 'Masyadong maraming maling code',
  'flow.heading.failed': 'Nagkaproblema',
  'flow.send': 'Ipadala ang code',
  'flow.verify': 'I-verify',
  'flow.sending': 'Ipinapadala ang code…',
  'flow.sent.sms': 'Nagpadala kami ng code sa pamamagitan ng SMS sa {address}.',
  'flow.sent.call': 'Tinatawagan namin ang {address} para basahin sa iyo ang code.',
  'flow.sent.email': 'Nagpadala kami ng code sa {address}. Maaaring abutin ng isang minuto bago ito dumating.',
  'flow.changePhone': 'Palitan ang numero',
  'flow.changeEmail': 'Palitan ang email address',
  'flow.useEmail': 'Gamitin ang email',
  'flow.callInstead': 'Tawagan na lang ako',
  'flow.smsInstead': 'I-text na lang ako',
  'flow.newCode': 'Magpadala ng bagong code',
  'flow.expiredBody': 'May limitadong oras lang ang bisa ng mga code. Magpadala ng bagong code para magpatuloy.',
  'flow.lockedBody': 'Para sa iyong seguridad, hindi na gumagana ang code na ito. Magpadala ng bagong code para magpatuloy.',
  'flow.verified': 'Na-verify na ang {address}.',
  // Flow progress, recovery and auto-submit (issue 13), added together by the flow helper.
  'error.already_tried': 'Nasubukan mo na ang code na ito.',
  'flow.autoSubmitHint': 'Susuriin agad ang code pagka-type mo ng huling digit.',
}
