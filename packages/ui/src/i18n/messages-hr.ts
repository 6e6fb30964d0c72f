import type { Messages } from './messages-en'

/**
 * Croatian messages (`hr`), addressing the user formally ("vi"). Croatian declines names, which
 * a bare `{country}` cannot do, so it stands in the nominative ("odabranu državu ({country})").
 */
export const messages: Messages = {
  'code.label': 'Kôd za potvrdu',
  'code.hint': {
    one: 'Unesite {count}-znamenkasti kôd.',
    few: 'Unesite {count}-znamenkasti kôd.',
    other: 'Unesite {count}-znamenkasti kôd.',
  },
  'code.hintSentTo': {
    one: 'Unesite {count}-znamenkasti kôd poslan na {address}.',
    few: 'Unesite {count}-znamenkasti kôd poslan na {address}.',
    other: 'Unesite {count}-znamenkasti kôd poslan na {address}.',
  },
  'code.checking': 'Provjera koda…',

  'phone.label': 'Broj telefona',
  'phone.country': 'Država',
  'phone.countrySelected': 'Država: {country}, {dialCode}',
  'phone.countrySearch': 'Pretraži države',
  'phone.noCountryMatches': 'Nijedna država ne odgovara upitu „{query}”.',
  'phone.countryResults': { one: '{count} država', few: '{count} države', other: '{count} država' },
  'phone.feePerSms': '{fee} po SMS-u',
  'phone.error.tooShort': 'Ovaj je broj prekratak za odabranu državu ({country}).',
  'phone.error.tooLong': 'Ovaj je broj predug za odabranu državu ({country}).',
  'phone.error.invalid': 'Unesite valjani broj telefona za odabranu državu ({country}).',
  'phone.error.unsupportedCountry': 'Kodovi se još ne mogu slati u ovu državu.',
  'phone.error.noCountry': 'Odaberite državu ili započnite broj znakom + i pozivnim brojem države.',
  'phone.error.invalidNoCountry': 'Unesite valjani broj telefona.',
  'phone.error.required': 'Unesite svoj broj telefona.',

  'email.label': 'Adresa e-pošte',
  'email.placeholder': 'ime@example.com',
  'email.error.required': 'Unesite svoju adresu e-pošte.',
  'email.error.invalid': 'Unesite valjanu adresu e-pošte, na primjer ime@example.com.',

  'channel.legend': 'Pošalji kôd putem',
  'channel.sms': 'SMS',
  'channel.call': 'Glasovni poziv',
  'channel.email': 'E-pošta',
  'channel.fee': '{fee} po poruci',

  'locale.label': 'Jezik',

  'resend.button': 'Ponovno pošalji kôd',
  'resend.countdown': {
    one: 'Ponovno pošalji kôd za {count} s',
    few: 'Ponovno pošalji kôd za {count} s',
    other: 'Ponovno pošalji kôd za {count} s',
  },
  'resend.wait': {
    one: 'Novi kôd možete zatražiti za {count} sekundu.',
    few: 'Novi kôd možete zatražiti za {count} sekunde.',
    other: 'Novi kôd možete zatražiti za {count} sekundi.',
  },
  'resend.ready': 'Sada možete zatražiti novi kôd.',
  'resend.sending': 'Slanje novog koda…',

  'expiry.countdown': 'Kôd istječe za {time}',
  'expiry.minutes': {
    one: 'Kôd istječe za {count} minutu.',
    few: 'Kôd istječe za {count} minute.',
    other: 'Kôd istječe za {count} minuta.',
  },
  'expiry.seconds': {
    one: 'Kôd istječe za {count} sekundu.',
    few: 'Kôd istječe za {count} sekunde.',
    other: 'Kôd istječe za {count} sekundi.',
  },
  'expiry.expired': 'Kôd je istekao.',

  'attempts.left': {
    one: 'Preostao je {count} pokušaj',
    few: 'Preostala su {count} pokušaja',
    other: 'Preostalo je {count} pokušaja',
  },
  'attempts.wrongCode': {
    one: 'Kôd nije točan. Preostao je {count} pokušaj.',
    few: 'Kôd nije točan. Preostala su {count} pokušaja.',
    other: 'Kôd nije točan. Preostalo je {count} pokušaja.',
  },
  'attempts.none': 'Nema više pokušaja. Zatražite novi kôd.',

  'error.invalid_request': 'Nešto u obrascu nije u redu. Provjerite ga i pokušajte ponovno.',
  'error.invalid_phone_number': 'Ovaj broj telefona nije valjan. Provjerite ga i pokušajte ponovno.',
  'error.invalid_email': 'Ova adresa e-pošte nije valjana. Provjerite je i pokušajte ponovno.',
  'error.unsupported_country': 'Kodovi se još ne mogu slati u ovu državu.',
  'error.unsupported_locale': 'Poruke na ovom jeziku nisu dostupne. Odaberite drugi jezik.',
  'error.invalid_code_format': 'Unesite kôd samo znamenkama.',
  'error.rate_limited': 'Previše zahtjeva. Pričekajte trenutak i pokušajte ponovno.',
  'error.rate_limited.retry': {
    one: 'Previše zahtjeva. Pokušajte ponovno za {count} sekundu.',
    few: 'Previše zahtjeva. Pokušajte ponovno za {count} sekunde.',
    other: 'Previše zahtjeva. Pokušajte ponovno za {count} sekundi.',
  },
  'error.not_found': 'Ovaj zahtjev za kôd više ne vrijedi. Zatražite novi kôd.',
  'error.expired': 'Ovaj je kôd istekao. Zatražite novi kôd.',
  'error.too_many_attempts': 'Previše netočnih kodova. Zatražite novi kôd.',
  'error.forbidden_origin': 'S ove stranice ne mogu se zatražiti kodovi. Obratite se podršci web-mjesta.',
  'error.forbidden': 'Trenutačno ne možete zatražiti kôd.',
  'error.upstream_unavailable': 'Usluga potvrde je preopterećena. Pokušajte ponovno za trenutak.',
  'error.upstream_error': 'U usluzi potvrde došlo je do problema. Pokušajte ponovno za trenutak.',
  'error.network_error': 'Nema veze. Provjerite jeste li povezani s internetom i pokušajte ponovno.',
  'error.invalid_response': 'Nešto je pošlo po zlu kod nas. Pokušajte ponovno kasnije.',
  'error.wrong_code': 'Taj kôd nije točan.',
  'error.incomplete_code': {
    one: 'Unesite {count} znamenku koda.',
    few: 'Unesite sve {count} znamenke koda.',
    other: 'Unesite svih {count} znamenki koda.',
  },
  'error.unknown': 'Nešto je pošlo po zlu. Pokušajte ponovno.',

  'flow.heading.phone': 'Potvrdite broj telefona',
  'flow.heading.email': 'Potvrdite adresu e-pošte',
  'flow.heading.code': 'Unesite kôd',
  'flow.heading.verified': 'Potvrđeno',
  'flow.heading.expired': 'Vaš je kôd istekao',
  'flow.heading.locked': 'Previše netočnih kodova',
  'flow.heading.failed': 'Nešto je pošlo po zlu',
  'flow.send': 'Pošalji kôd',
  'flow.send.countdown': { one: 'Pošalji kôd za {count} s', few: 'Pošalji kôd za {count} s', other: 'Pošalji kôd za {count} s' },
  'flow.verify': 'Potvrdi',
  'flow.sending': 'Slanje koda…',
  'flow.sent.sms': 'Poslali smo kôd SMS-om na broj {address}.',
  'flow.sent.call': 'Zovemo broj {address} kako bismo vam pročitali kôd.',
  'flow.sent.email': 'Poslali smo kôd na adresu {address}. Može potrajati minutu da stigne.',
  'flow.changePhone': 'Promijeni broj',
  'flow.changeEmail': 'Promijeni adresu e-pošte',
  'flow.callInstead': 'Radije me nazovite',
  'flow.smsInstead': 'Radije mi pošaljite SMS',
  'flow.newCode': 'Pošalji novi kôd',
  'flow.newCode.countdown': {
    one: 'Pošalji novi kôd za {count} s',
    few: 'Pošalji novi kôd za {count} s',
    other: 'Pošalji novi kôd za {count} s',
  },
  'flow.expiredBody': 'Kodovi vrijede ograničeno vrijeme. Pošaljite novi kôd za nastavak.',
  'flow.lockedBody': 'Radi vaše sigurnosti ovaj kôd više ne vrijedi. Pošaljite novi kôd za nastavak.',
  'flow.verified': 'Potvrđeno: {address}.',
  // Flow progress, recovery and auto-submit (issue 13), added together by the flow helper.
  'error.already_tried': 'Ovaj ste kôd već pokušali.',
  'flow.autoSubmitHint': 'Kôd se provjerava čim upišete posljednju znamenku.',
  'flow.callInstead.countdown': {
    one: 'Radije me nazovite za {count} s',
    few: 'Radije me nazovite za {count} s',
    other: 'Radije me nazovite za {count} s',
  },
  'flow.smsInstead.countdown': {
    one: 'Radije mi pošaljite SMS za {count} s',
    few: 'Radije mi pošaljite SMS za {count} s',
    other: 'Radije mi pošaljite SMS za {count} s',
  },
}
