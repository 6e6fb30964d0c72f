import type { Messages } from './messages-en'

/**
 * Italian messages (`it`), addressing the user as "tu", as most Italian apps do. Italian country
 * names take an article ("il Ghana", "la Nigeria"), which a bare `{country}` cannot carry, hence
 * "questo paese ({country})".
 */
export const messages: Messages = {
  'code.label': 'Codice di verifica',
  'code.hint': {
    one: 'Inserisci il codice di {count} cifra.',
    many: 'Inserisci il codice di {count} cifre.',
    other: 'Inserisci il codice di {count} cifre.',
  },
  'code.hintSentTo': {
    one: 'Inserisci il codice di {count} cifra inviato a {address}.',
    many: 'Inserisci il codice di {count} cifre inviato a {address}.',
    other: 'Inserisci il codice di {count} cifre inviato a {address}.',
  },
  'code.checking': 'Verifica del codice in corso…',

  'phone.label': 'Numero di telefono',
  'phone.country': 'Paese',
  'phone.countrySelected': 'Paese: {country}, {dialCode}',
  'phone.countrySearch': 'Cerca un paese',
  'phone.noCountryMatches': 'Nessun paese corrisponde a “{query}”.',
  'phone.countryResults': { one: '{count} paese', many: '{count} di paesi', other: '{count} paesi' },
  'phone.feePerSms': '{fee} per SMS',
  'phone.error.tooShort': 'Questo numero è troppo corto per questo paese ({country}).',
  'phone.error.tooLong': 'Questo numero è troppo lungo per questo paese ({country}).',
  'phone.error.invalid': 'Inserisci un numero di telefono valido per questo paese ({country}).',
  'phone.error.unsupportedCountry': 'Non è ancora possibile inviare codici in questo paese.',
  'phone.error.noCountry': 'Scegli il tuo paese o inizia il numero con + e il prefisso internazionale.',
  'phone.error.invalidNoCountry': 'Inserisci un numero di telefono valido.',
  'phone.error.required': 'Inserisci il tuo numero di telefono.',

  'email.label': 'Indirizzo email',
  'email.placeholder': 'nome@example.com',
  'email.error.required': 'Inserisci il tuo indirizzo email.',
  'email.error.invalid': 'Inserisci un indirizzo email valido, ad esempio nome@example.com.',

  'channel.legend': 'Ricevi il codice tramite',
  'channel.sms': 'SMS',
  'channel.call': 'Chiamata vocale',
  'channel.email': 'Email',
  'channel.fee': '{fee} per messaggio',

  'locale.label': 'Lingua',

  'resend.button': 'Invia di nuovo il codice',
  'resend.countdown': {
    one: 'Invia di nuovo il codice tra {count} s',
    many: 'Invia di nuovo il codice tra {count} s',
    other: 'Invia di nuovo il codice tra {count} s',
  },
  'resend.wait': {
    one: 'Potrai chiedere un nuovo codice tra {count} secondo.',
    many: 'Potrai chiedere un nuovo codice tra {count} di secondi.',
    other: 'Potrai chiedere un nuovo codice tra {count} secondi.',
  },
  'resend.ready': 'Ora puoi chiedere un nuovo codice.',
  'resend.sending': 'Invio di un nuovo codice…',

  'expiry.countdown': 'Il codice scade tra {time}',
  'expiry.minutes': {
    one: 'Il codice scade tra {count} minuto.',
    many: 'Il codice scade tra {count} di minuti.',
    other: 'Il codice scade tra {count} minuti.',
  },
  'expiry.seconds': {
    one: 'Il codice scade tra {count} secondo.',
    many: 'Il codice scade tra {count} di secondi.',
    other: 'Il codice scade tra {count} secondi.',
  },
  'expiry.expired': 'Il codice è scaduto.',

  'attempts.left': { one: '{count} tentativo rimasto', many: '{count} di tentativi rimasti', other: '{count} tentativi rimasti' },
  'attempts.wrongCode': {
    one: 'Il codice non è corretto. {count} tentativo rimasto.',
    many: 'Il codice non è corretto. {count} di tentativi rimasti.',
    other: 'Il codice non è corretto. {count} tentativi rimasti.',
  },
  'attempts.none': 'Nessun tentativo rimasto. Chiedi un nuovo codice.',

  'error.invalid_request': 'Qualcosa nel modulo non va. Controllalo e riprova.',
  'error.invalid_phone_number': 'Questo numero di telefono non è valido. Controllalo e riprova.',
  'error.invalid_email': 'Questo indirizzo email non è valido. Controllalo e riprova.',
  'error.unsupported_country': 'Non è ancora possibile inviare codici in questo paese.',
  'error.unsupported_number_type': 'Questo numero non può ricevere codici. Usa un numero di cellulare o scegli l’email.',
  'error.unsupported_country.named': 'Non è ancora possibile inviare codici in questo paese ({country}).',
  'error.unsupported_number_type.noEmail': 'Questo numero non può ricevere codici. Usa un numero di cellulare.',
  'error.unsupported_locale': 'I messaggi non sono disponibili in questa lingua. Scegline un’altra.',
  'error.invalid_code_format': 'Inserisci il codice usando solo cifre.',
  'error.rate_limited': 'Troppe richieste. Attendi un momento e riprova.',
  'error.rate_limited.retry': {
    one: 'Troppe richieste. Riprova tra {count} secondo.',
    many: 'Troppe richieste. Riprova tra {count} di secondi.',
    other: 'Troppe richieste. Riprova tra {count} secondi.',
  },
  'error.not_found': 'Questa richiesta di codice non è più valida. Chiedi un nuovo codice.',
  'error.expired': 'Questo codice è scaduto. Chiedi un nuovo codice.',
  'error.too_many_attempts': 'Troppi codici errati. Chiedi un nuovo codice.',
  'error.forbidden_origin': 'Non è possibile richiedere codici da questa pagina. Contatta l’assistenza del sito.',
  'error.forbidden': 'Al momento non puoi chiedere un codice.',
  'error.upstream_unavailable': 'Il servizio di verifica è sovraccarico. Riprova tra un momento.',
  'error.upstream_error': 'Il servizio di verifica ha riscontrato un problema. Riprova tra un momento.',
  'error.store_unavailable': 'Il servizio è temporaneamente non disponibile. Riprova tra un momento.',
  'error.network_error': 'Nessuna connessione. Verifica di essere online e riprova.',
  'error.invalid_response': 'Si è verificato un problema da parte nostra. Riprova più tardi.',
  'error.wrong_code': 'Il codice non è corretto.',
  'error.incomplete_code': {
    one: 'Inserisci il codice completo ({count} cifra).',
    many: 'Inserisci tutte le {count} cifre del codice.',
    other: 'Inserisci tutte le {count} cifre del codice.',
  },
  'error.unknown': 'Si è verificato un problema. Riprova.',

  'flow.heading.phone': 'Verifica il tuo numero di telefono',
  'flow.heading.email': 'Verifica il tuo indirizzo email',
  'flow.heading.code': 'Inserisci il codice',
  'flow.heading.verified': 'Verificato',
  'flow.heading.expired': 'Il codice è scaduto',
  'flow.heading.locked': 'Troppi codici errati',
  'flow.heading.failed': 'Si è verificato un problema',
  'flow.send': 'Invia codice',
  'flow.send.countdown': { one: 'Invia codice tra {count} s', many: 'Invia codice tra {count} s', other: 'Invia codice tra {count} s' },
  'flow.verify': 'Verifica',
  'flow.sending': 'Invio del codice…',
  'flow.sent.sms': 'Abbiamo inviato un codice via SMS al numero {address}.',
  'flow.sent.call': 'Stiamo chiamando il numero {address} per dettarti un codice.',
  'flow.sent.email': 'Abbiamo inviato un codice a {address}. Potrebbe volerci un minuto prima che arrivi.',
  'flow.changePhone': 'Cambia numero',
  'flow.changeEmail': 'Cambia indirizzo email',
  'flow.useEmail': 'Usa l’email',
  'flow.callInstead': 'Preferisco una chiamata',
  'flow.smsInstead': 'Preferisco un SMS',
  'flow.newCode': 'Invia un nuovo codice',
  'flow.newCode.countdown': {
    one: 'Invia un nuovo codice tra {count} s',
    many: 'Invia un nuovo codice tra {count} s',
    other: 'Invia un nuovo codice tra {count} s',
  },
  'flow.expiredBody': 'I codici sono validi solo per un tempo limitato. Invia un nuovo codice per continuare.',
  'flow.lockedBody': 'Per la tua sicurezza, questo codice non funziona più. Invia un nuovo codice per continuare.',
  'flow.verified': '{address} è verificato.',
  // Flow progress, recovery and auto-submit (issue 13), added together by the flow helper.
  'error.already_tried': 'Hai già provato questo codice.',
  'flow.autoSubmitHint': 'Il codice viene verificato non appena digiti l’ultima cifra.',
  'flow.callInstead.countdown': {
    one: 'Preferisco una chiamata tra {count} s',
    many: 'Preferisco una chiamata tra {count} s',
    other: 'Preferisco una chiamata tra {count} s',
  },
  'flow.smsInstead.countdown': {
    one: 'Preferisco un SMS tra {count} s',
    many: 'Preferisco un SMS tra {count} s',
    other: 'Preferisco un SMS tra {count} s',
  },
}
