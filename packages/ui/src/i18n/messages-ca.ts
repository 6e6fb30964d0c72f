import type { Messages } from './messages-en'

/**
 * Catalan messages (`ca`), addressing the user as "tu", as Catalan software usually does. Counts
 * sit in parentheses or after "aquí a", so no "de"/"d’" elision depends on how a number sounds.
 */
export const messages: Messages = {
  'code.label': 'Codi de verificació',
  'code.hint': {
    one: 'Introdueix el codi ({count} xifra).',
    many: 'Introdueix el codi ({count} xifres).',
    other: 'Introdueix el codi ({count} xifres).',
  },
  'code.hintSentTo': {
    one: 'Introdueix el codi ({count} xifra) que hem enviat a {address}.',
    many: 'Introdueix el codi ({count} xifres) que hem enviat a {address}.',
    other: 'Introdueix el codi ({count} xifres) que hem enviat a {address}.',
  },
  'code.checking': 'S’està comprovant el codi…',

  'phone.label': 'Número de telèfon',
  'phone.country': 'País',
  'phone.countrySelected': 'País: {country}, {dialCode}',
  'phone.countrySearch': 'Cerca un país',
  'phone.noCountryMatches': 'Cap país coincideix amb «{query}».',
  'phone.countryResults': { one: '{count} país', many: '{count} de països', other: '{count} països' },
  'phone.feePerSms': '{fee} per SMS',
  'phone.error.tooShort': 'Aquest número és massa curt per a aquest país ({country}).',
  'phone.error.tooLong': 'Aquest número és massa llarg per a aquest país ({country}).',
  'phone.error.invalid': 'Introdueix un número de telèfon vàlid per a aquest país ({country}).',
  'phone.error.unsupportedCountry': 'Encara no es poden enviar codis a aquest país.',
  'phone.error.noCountry': 'Tria el teu país o comença el número amb + i el prefix del país.',
  'phone.error.invalidNoCountry': 'Introdueix un número de telèfon vàlid.',
  'phone.error.required': 'Introdueix el teu número de telèfon.',

  'email.label': 'Adreça electrònica',
  'email.placeholder': 'nom@example.com',
  'email.error.required': 'Introdueix la teva adreça electrònica.',
  'email.error.invalid': 'Introdueix una adreça electrònica vàlida, com ara nom@example.com.',

  'channel.legend': 'Rep el codi per',
  'channel.sms': 'SMS',
  'channel.call': 'Trucada de veu',
  'channel.email': 'Correu electrònic',
  'channel.fee': '{fee} per missatge',

  'locale.label': 'Idioma',

  'resend.button': 'Torna a enviar el codi',
  'resend.countdown': {
    one: 'Torna a enviar el codi d’aquí a {count} s',
    many: 'Torna a enviar el codi d’aquí a {count} s',
    other: 'Torna a enviar el codi d’aquí a {count} s',
  },
  'resend.wait': {
    one: 'Podràs demanar un codi nou d’aquí a {count} segon.',
    many: 'Podràs demanar un codi nou d’aquí a {count} de segons.',
    other: 'Podràs demanar un codi nou d’aquí a {count} segons.',
  },
  'resend.ready': 'Ja pots demanar un codi nou.',
  'resend.sending': 'S’està enviant un codi nou…',

  'expiry.countdown': 'El codi caduca d’aquí a {time}',
  'expiry.minutes': {
    one: 'El codi caduca d’aquí a {count} minut.',
    many: 'El codi caduca d’aquí a {count} de minuts.',
    other: 'El codi caduca d’aquí a {count} minuts.',
  },
  'expiry.seconds': {
    one: 'El codi caduca d’aquí a {count} segon.',
    many: 'El codi caduca d’aquí a {count} de segons.',
    other: 'El codi caduca d’aquí a {count} segons.',
  },
  'expiry.expired': 'El codi ha caducat.',

  'attempts.left': { one: 'Queda {count} intent', many: 'Queden {count} d’intents', other: 'Queden {count} intents' },
  'attempts.wrongCode': {
    one: 'Aquest codi no és correcte. Queda {count} intent.',
    many: 'Aquest codi no és correcte. Queden {count} d’intents.',
    other: 'Aquest codi no és correcte. Queden {count} intents.',
  },
  'attempts.none': 'No queden intents. Demana un codi nou.',

  'error.invalid_request': 'Hi ha alguna cosa incorrecta al formulari. Revisa’l i torna-ho a provar.',
  'error.invalid_phone_number': 'Aquest número de telèfon no és vàlid. Revisa’l i torna-ho a provar.',
  'error.invalid_email': 'Aquesta adreça electrònica no és vàlida. Revisa-la i torna-ho a provar.',
  'error.unsupported_country': 'Encara no es poden enviar codis a aquest país.',
  'error.unsupported_locale': 'Els missatges no estan disponibles en aquest idioma. Tria’n un altre.',
  'error.invalid_code_format': 'Introdueix el codi només amb xifres.',
  'error.rate_limited': 'Massa sol·licituds. Espera un moment i torna-ho a provar.',
  'error.rate_limited.retry': {
    one: 'Massa sol·licituds. Torna-ho a provar d’aquí a {count} segon.',
    many: 'Massa sol·licituds. Torna-ho a provar d’aquí a {count} de segons.',
    other: 'Massa sol·licituds. Torna-ho a provar d’aquí a {count} segons.',
  },
  'error.not_found': 'Aquesta sol·licitud de codi ja no és vàlida. Demana un codi nou.',
  'error.expired': 'Aquest codi ha caducat. Demana un codi nou.',
  'error.too_many_attempts': 'Massa codis incorrectes. Demana un codi nou.',
  'error.forbidden_origin': 'No es poden demanar codis des d’aquesta pàgina. Contacta amb el servei d’assistència del lloc web.',
  'error.forbidden': 'Ara mateix no pots demanar cap codi.',
  'error.upstream_unavailable': 'El servei de verificació està saturat. Torna-ho a provar d’aquí a un moment.',
  'error.upstream_error': 'El servei de verificació ha tingut un problema. Torna-ho a provar d’aquí a un moment.',
  'error.network_error': 'No hi ha connexió. Comprova que estiguis en línia i torna-ho a provar.',
  'error.invalid_response': 'Alguna cosa ha fallat per part nostra. Torna-ho a provar més tard.',
  'error.wrong_code': 'Aquest codi no és correcte.',
  'error.incomplete_code': {
    one: 'Introdueix el codi sencer ({count} xifra).',
    many: 'Introdueix les {count} xifres del codi.',
    other: 'Introdueix les {count} xifres del codi.',
  },
  'error.unknown': 'Alguna cosa ha fallat. Torna-ho a provar.',

  'flow.heading.phone': 'Verifica el teu número de telèfon',
  'flow.heading.email': 'Verifica la teva adreça electrònica',
  'flow.heading.code': 'Introdueix el codi',
  'flow.heading.verified': 'Verificat',
  'flow.heading.expired': 'El teu codi ha caducat',
  'flow.heading.locked': 'Massa codis incorrectes',
  'flow.heading.failed': 'Alguna cosa ha fallat',
  'flow.send': 'Envia el codi',
  'flow.send.countdown': {
    one: 'Envia el codi d’aquí a {count} s',
    many: 'Envia el codi d’aquí a {count} s',
    other: 'Envia el codi d’aquí a {count} s',
  },
  'flow.verify': 'Verifica',
  'flow.sending': 'S’està enviant el codi…',
  'flow.sent.sms': 'T’hem enviat un codi per SMS al {address}.',
  'flow.sent.call': 'Estem trucant al {address} per dir-te un codi.',
  'flow.sent.email': 'T’hem enviat un codi a {address}. Pot trigar un minut a arribar.',
  'flow.changePhone': 'Canvia el número',
  'flow.changeEmail': 'Canvia l’adreça electrònica',
  'flow.callInstead': 'Prefereixo una trucada',
  'flow.smsInstead': 'Prefereixo un SMS',
  'flow.newCode': 'Envia un codi nou',
  'flow.newCode.countdown': {
    one: 'Envia un codi nou d’aquí a {count} s',
    many: 'Envia un codi nou d’aquí a {count} s',
    other: 'Envia un codi nou d’aquí a {count} s',
  },
  'flow.expiredBody': 'Els codis només són vàlids durant un temps limitat. Envia un codi nou per continuar.',
  'flow.lockedBody': 'Per la teva seguretat, aquest codi ja no funciona. Envia un codi nou per continuar.',
  'flow.verified': '{address} s’ha verificat.',
  // Flow progress, recovery and auto-submit (issue 13), added together by the flow helper.
  'error.already_tried': 'Ja has provat aquest codi.',
  'flow.autoSubmitHint': 'El codi es comprova tan bon punt escrius l’última xifra.',
  'flow.callInstead.countdown': {
    one: 'Prefereixo una trucada d’aquí a {count} s',
    many: 'Prefereixo una trucada d’aquí a {count} s',
    other: 'Prefereixo una trucada d’aquí a {count} s',
  },
  'flow.smsInstead.countdown': {
    one: 'Prefereixo un SMS d’aquí a {count} s',
    many: 'Prefereixo un SMS d’aquí a {count} s',
    other: 'Prefereixo un SMS d’aquí a {count} s',
  },
}
