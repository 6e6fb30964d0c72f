import type { Messages } from './messages-en'

/**
 * Romanian messages (`ro`), addressing the user formally ("dvs."). Romanian puts "de" between a
 * number from 20 on and its noun ("20 de secunde"): that is the `other` plural form.
 */
export const messages: Messages = {
  'code.label': 'Cod de verificare',
  'code.hint': {
    one: 'Introduceți codul de {count} cifră.',
    few: 'Introduceți codul de {count} cifre.',
    other: 'Introduceți codul de {count} de cifre.',
  },
  'code.hintSentTo': {
    one: 'Introduceți codul de {count} cifră trimis la {address}.',
    few: 'Introduceți codul de {count} cifre trimis la {address}.',
    other: 'Introduceți codul de {count} de cifre trimis la {address}.',
  },
  'code.checking': 'Se verifică codul…',

  'phone.label': 'Număr de telefon',
  'phone.country': 'Țară',
  'phone.countrySelected': 'Țară: {country}, {dialCode}',
  'phone.countrySearch': 'Căutați o țară',
  'phone.noCountryMatches': 'Nicio țară nu corespunde cu „{query}”.',
  'phone.countryResults': { one: '{count} țară', few: '{count} țări', other: '{count} de țări' },
  'phone.feePerSms': '{fee} per SMS',
  'phone.error.tooShort': 'Acest număr este prea scurt pentru {country}.',
  'phone.error.tooLong': 'Acest număr este prea lung pentru {country}.',
  'phone.error.invalid': 'Introduceți un număr de telefon valid pentru {country}.',
  'phone.error.unsupportedCountry': 'Încă nu se pot trimite coduri în această țară.',
  'phone.error.noCountry': 'Alegeți țara sau începeți numărul cu + și prefixul țării.',
  'phone.error.invalidNoCountry': 'Introduceți un număr de telefon valid.',
  'phone.error.required': 'Introduceți numărul de telefon.',

  'email.label': 'Adresă de e-mail',
  'email.placeholder': 'nume@example.com',
  'email.error.required': 'Introduceți adresa de e-mail.',
  'email.error.invalid': 'Introduceți o adresă de e-mail validă, de exemplu nume@example.com.',

  'channel.legend': 'Trimite codul prin',
  'channel.sms': 'SMS',
  'channel.call': 'Apel vocal',
  'channel.email': 'E-mail',
  'channel.fee': '{fee} per mesaj',

  'locale.label': 'Limbă',

  'resend.button': 'Retrimite codul',
  'resend.countdown': { one: 'Retrimite codul în {count} s', few: 'Retrimite codul în {count} s', other: 'Retrimite codul în {count} s' },
  'resend.wait': {
    one: 'Puteți cere un cod nou peste {count} secundă.',
    few: 'Puteți cere un cod nou peste {count} secunde.',
    other: 'Puteți cere un cod nou peste {count} de secunde.',
  },
  'resend.ready': 'Acum puteți cere un cod nou.',
  'resend.sending': 'Se trimite un cod nou…',

  'expiry.countdown': 'Codul expiră în {time}',
  'expiry.minutes': {
    one: 'Codul expiră în {count} minut.',
    few: 'Codul expiră în {count} minute.',
    other: 'Codul expiră în {count} de minute.',
  },
  'expiry.seconds': {
    one: 'Codul expiră în {count} secundă.',
    few: 'Codul expiră în {count} secunde.',
    other: 'Codul expiră în {count} de secunde.',
  },
  'expiry.expired': 'Codul a expirat.',

  'attempts.left': {
    one: 'A mai rămas {count} încercare',
    few: 'Au mai rămas {count} încercări',
    other: 'Au mai rămas {count} de încercări',
  },
  'attempts.wrongCode': {
    one: 'Codul nu este corect. A mai rămas {count} încercare.',
    few: 'Codul nu este corect. Au mai rămas {count} încercări.',
    other: 'Codul nu este corect. Au mai rămas {count} de încercări.',
  },
  'attempts.none': 'Nu mai aveți încercări. Cereți un cod nou.',

  'error.invalid_request': 'Ceva din formular nu este corect. Verificați-l și încercați din nou.',
  'error.invalid_phone_number': 'Acest număr de telefon nu este valid. Verificați-l și încercați din nou.',
  'error.invalid_email': 'Această adresă de e-mail nu este validă. Verificați-o și încercați din nou.',
  'error.unsupported_country': 'Încă nu se pot trimite coduri în această țară.',
  'error.unsupported_locale': 'Mesajele nu sunt disponibile în această limbă. Alegeți altă limbă.',
  'error.invalid_code_format': 'Introduceți codul doar cu cifre.',
  'error.rate_limited': 'Prea multe solicitări. Așteptați puțin și încercați din nou.',
  'error.rate_limited.retry': {
    one: 'Prea multe solicitări. Încercați din nou peste {count} secundă.',
    few: 'Prea multe solicitări. Încercați din nou peste {count} secunde.',
    other: 'Prea multe solicitări. Încercați din nou peste {count} de secunde.',
  },
  'error.not_found': 'Această solicitare de cod nu mai este valabilă. Cereți un cod nou.',
  'error.expired': 'Acest cod a expirat. Cereți un cod nou.',
  'error.too_many_attempts': 'Prea multe coduri greșite. Cereți un cod nou.',
  'error.forbidden_origin': 'Nu se pot cere coduri de pe această pagină. Contactați asistența site-ului.',
  'error.forbidden': 'Momentan nu puteți cere un cod.',
  'error.upstream_unavailable': 'Serviciul de verificare este supraîncărcat. Încercați din nou în câteva momente.',
  'error.upstream_error': 'Serviciul de verificare a întâmpinat o problemă. Încercați din nou în câteva momente.',
  'error.network_error': 'Nu există conexiune. Verificați dacă sunteți online și încercați din nou.',
  'error.invalid_response': 'A apărut o problemă la noi. Încercați din nou mai târziu.',
  'error.wrong_code': 'Codul nu este corect.',
  'error.incomplete_code': {
    one: 'Introduceți codul complet ({count} cifră).',
    few: 'Introduceți toate cele {count} cifre ale codului.',
    other: 'Introduceți toate cele {count} de cifre ale codului.',
  },
  'error.unknown': 'A apărut o problemă. Încercați din nou.',

  'flow.heading.phone': 'Verificați numărul de telefon',
  'flow.heading.email': 'Verificați adresa de e-mail',
  'flow.heading.code': 'Introduceți codul',
  'flow.heading.verified': 'Verificare reușită',
  'flow.heading.expired': 'Codul dvs. a expirat',
  'flow.heading.locked': 'Prea multe coduri greșite',
  'flow.heading.failed': 'A apărut o problemă',
  'flow.send': 'Trimite codul',
  'flow.send.countdown': { one: 'Trimite codul în {count} s', few: 'Trimite codul în {count} s', other: 'Trimite codul în {count} s' },
  'flow.verify': 'Verifică',
  'flow.sending': 'Se trimite codul…',
  'flow.sent.sms': 'Am trimis un cod prin SMS la {address}.',
  'flow.sent.call': 'Vă sunăm la {address} ca să vă citim un cod.',
  'flow.sent.email': 'Am trimis un cod la {address}. Poate dura un minut până ajunge.',
  'flow.changePhone': 'Schimbă numărul',
  'flow.changeEmail': 'Schimbă adresa de e-mail',
  'flow.callInstead': 'Prefer un apel',
  'flow.smsInstead': 'Prefer un SMS',
  'flow.newCode': 'Trimite un cod nou',
  'flow.newCode.countdown': {
    one: 'Trimite un cod nou în {count} s',
    few: 'Trimite un cod nou în {count} s',
    other: 'Trimite un cod nou în {count} s',
  },
  'flow.expiredBody': 'Codurile sunt valabile doar o perioadă limitată. Trimiteți un cod nou pentru a continua.',
  'flow.lockedBody': 'Pentru siguranța dvs., acest cod nu mai funcționează. Trimiteți un cod nou pentru a continua.',
  'flow.verified': 'Verificare reușită: {address}.',
  // Flow progress, recovery and auto-submit (issue 13), added together by the flow helper.
  'error.already_tried': 'Ați încercat deja acest cod.',
  'flow.autoSubmitHint': 'Codul este verificat imediat ce introduceți ultima cifră.',
  'flow.callInstead.countdown': {
    one: 'Prefer un apel în {count} s',
    few: 'Prefer un apel în {count} s',
    other: 'Prefer un apel în {count} s',
  },
  'flow.smsInstead.countdown': {
    one: 'Prefer un SMS în {count} s',
    few: 'Prefer un SMS în {count} s',
    other: 'Prefer un SMS în {count} s',
  },
}
