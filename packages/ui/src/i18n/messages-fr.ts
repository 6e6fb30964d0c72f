import type { Messages } from './messages-en'

/**
 * French messages (`fr`), addressing the user as "vous". A no-break space (`\u00a0`) sits before
 * `:` and inside « », as French typography wants, so the sign never wraps onto its own line.
 * Country names in French take an article ("le Ghana", "la Côte d’Ivoire"), which a bare
 * `{country}` cannot carry, hence "ce pays ({country})".
 */
export const messages: Messages = {
  'code.label': 'Code de vérification',
  'code.hint': {
    one: 'Saisissez le code à {count} chiffre.',
    many: 'Saisissez le code à {count} chiffres.',
    other: 'Saisissez le code à {count} chiffres.',
  },
  'code.hintSentTo': {
    one: 'Saisissez le code à {count} chiffre envoyé à {address}.',
    many: 'Saisissez le code à {count} chiffres envoyé à {address}.',
    other: 'Saisissez le code à {count} chiffres envoyé à {address}.',
  },
  'code.checking': 'Vérification du code…',

  'phone.label': 'Numéro de téléphone',
  'phone.country': 'Pays',
  'phone.countrySelected': 'Pays\u00a0: {country}, {dialCode}',
  'phone.countrySearch': 'Rechercher un pays',
  'phone.noCountryMatches': 'Aucun pays ne correspond à «\u00a0{query}\u00a0».',
  'phone.countryResults': { one: '{count} pays', many: '{count} de pays', other: '{count} pays' },
  'phone.feePerSms': '{fee} par SMS',
  'phone.error.tooShort': 'Ce numéro est trop court pour ce pays ({country}).',
  'phone.error.tooLong': 'Ce numéro est trop long pour ce pays ({country}).',
  'phone.error.invalid': 'Saisissez un numéro de téléphone valide pour ce pays ({country}).',
  'phone.error.unsupportedCountry': 'L’envoi de codes vers ce pays n’est pas encore possible.',
  'phone.error.noCountry': 'Choisissez votre pays ou commencez le numéro par + et l’indicatif du pays.',
  'phone.error.invalidNoCountry': 'Saisissez un numéro de téléphone valide.',
  'phone.error.required': 'Saisissez votre numéro de téléphone.',
  'phone.error.unavailable': 'Les numéros de ce pays ne peuvent pas être vérifiés pour le moment. Vérifiez votre connexion, puis réessayez.',

  'email.label': 'Adresse e-mail',
  'email.placeholder': 'nom@example.com',
  'email.error.required': 'Saisissez votre adresse e-mail.',
  'email.error.invalid': 'Saisissez une adresse e-mail valide, par exemple nom@example.com.',

  'channel.legend': 'Recevoir le code par',
  'channel.sms': 'SMS',
  'channel.call': 'Appel vocal',
  'channel.email': 'E-mail',
  'channel.fee': '{fee} par message',

  'locale.label': 'Langue',

  'resend.button': 'Renvoyer le code',
  'resend.countdown.suffix': { one: 'dans {count} s', many: 'dans {count} s', other: 'dans {count} s' },
  'resend.wait': {
    one: 'Vous pourrez demander un nouveau code dans {count}\u00a0seconde.',
    many: 'Vous pourrez demander un nouveau code dans {count}\u00a0de secondes.',
    other: 'Vous pourrez demander un nouveau code dans {count}\u00a0secondes.',
  },
  'resend.ready': 'Vous pouvez maintenant demander un nouveau code.',
  'resend.sending': 'Envoi d’un nouveau code…',

  'expiry.countdown': 'Le code expire dans {time}',
  'expiry.minutes': {
    one: 'Le code expire dans {count}\u00a0minute.',
    many: 'Le code expire dans {count}\u00a0de minutes.',
    other: 'Le code expire dans {count}\u00a0minutes.',
  },
  'expiry.seconds': {
    one: 'Le code expire dans {count}\u00a0seconde.',
    many: 'Le code expire dans {count}\u00a0de secondes.',
    other: 'Le code expire dans {count}\u00a0secondes.',
  },
  'expiry.expired': 'Le code a expiré.',

  'attempts.left': {
    one: '{count}\u00a0tentative restante',
    many: '{count}\u00a0de tentatives restantes',
    other: '{count}\u00a0tentatives restantes',
  },
  'attempts.wrongCode': {
    one: 'Ce code est incorrect. {count}\u00a0tentative restante.',
    many: 'Ce code est incorrect. {count}\u00a0de tentatives restantes.',
    other: 'Ce code est incorrect. {count}\u00a0tentatives restantes.',
  },
  'attempts.none': 'Plus aucune tentative. Demandez un nouveau code.',

  'error.invalid_request': 'Un élément du formulaire est incorrect. Vérifiez-le et réessayez.',
  'error.invalid_phone_number': 'Ce numéro de téléphone n’est pas valide. Vérifiez-le et réessayez.',
  'error.invalid_email': 'Cette adresse e-mail n’est pas valide. Vérifiez-la et réessayez.',
  'error.unsupported_country': 'L’envoi de codes vers ce pays n’est pas encore possible.',
  'error.unsupported_number_type': 'Ce numéro ne peut pas recevoir de codes. Utilisez un numéro de mobile ou choisissez l’e-mail.',
  'error.unsupported_country.named': 'L’envoi de codes vers ce pays ({country}) n’est pas encore possible.',
  'error.unsupported_number_type.noEmail': 'Ce numéro ne peut pas recevoir de codes. Utilisez un numéro de mobile.',
  'error.unsupported_locale': 'Les messages ne sont pas disponibles dans cette langue. Choisissez-en une autre.',
  'error.invalid_code_format': 'Saisissez le code avec des chiffres uniquement.',
  'error.rate_limited': 'Trop de demandes. Patientez un instant, puis réessayez.',
  'error.rate_limited.retry': {
    one: 'Trop de demandes. Réessayez dans {count}\u00a0seconde.',
    many: 'Trop de demandes. Réessayez dans {count}\u00a0de secondes.',
    other: 'Trop de demandes. Réessayez dans {count}\u00a0secondes.',
  },
  'error.not_found': 'Cette demande de code n’est plus valide. Demandez un nouveau code.',
  'error.expired': 'Ce code a expiré. Demandez un nouveau code.',
  'error.too_many_attempts': 'Trop de codes incorrects. Demandez un nouveau code.',
  'error.forbidden_origin': 'Impossible de demander un code depuis cette page. Contactez l’assistance du site.',
  'error.forbidden': 'Vous ne pouvez pas demander de code pour le moment.',
  'error.upstream_unavailable': 'Le service de vérification est surchargé. Réessayez dans un instant.',
  'error.upstream_error': 'Le service de vérification a rencontré un problème. Réessayez dans un instant.',
  'error.store_unavailable': 'Le service est momentanément indisponible. Réessayez dans un instant.',
  'error.network_error': 'Pas de connexion. Vérifiez que vous êtes en ligne, puis réessayez.',
  'error.invalid_response': 'Un problème est survenu de notre côté. Réessayez plus tard.',
  'error.wrong_code': 'Ce code est incorrect.',
  'error.incomplete_code': {
    one: 'Saisissez le code en entier ({count}\u00a0chiffre).',
    many: 'Saisissez les {count}\u00a0chiffres du code.',
    other: 'Saisissez les {count}\u00a0chiffres du code.',
  },
  'error.unknown': 'Un problème est survenu. Réessayez.',

  'flow.heading.phone': 'Vérifiez votre numéro de téléphone',
  'flow.heading.email': 'Vérifiez votre adresse e-mail',
  'flow.heading.code.sms': 'Saisissez le code envoyé au {address}',
  'flow.heading.code.call': 'Saisissez le code dicté lors de notre appel au {address}',
  'flow.heading.code.email': 'Saisissez le code envoyé à {address}',
  'flow.heading.verified': 'Vérification réussie',
  'flow.heading.expired': 'Votre code a expiré',
  'flow.heading.locked': 'Trop de codes incorrects',
  'flow.heading.failed': 'Un problème est survenu',
  'flow.send': 'Envoyer le code',
  'flow.verify': 'Vérifier',
  'flow.sending': 'Envoi du code…',
  'flow.sent.sms': 'Nous avons envoyé un code par SMS au {address}.',
  'flow.sent.call': 'Nous appelons le {address} pour vous dicter un code.',
  'flow.sent.email': 'Nous avons envoyé un code à {address}. Il peut mettre une minute à arriver.',
  'flow.changePhone': 'Modifier le numéro',
  'flow.changeEmail': 'Modifier l’adresse e-mail',
  'flow.useEmail': 'Utiliser plutôt l’e-mail',
  'flow.callInstead': 'Recevoir un appel à la place',
  'flow.smsInstead': 'Recevoir un SMS à la place',
  'flow.newCode': 'Envoyer un nouveau code',
  'flow.expiredBody': 'Les codes ne sont valables que pendant une durée limitée. Envoyez un nouveau code pour continuer.',
  'flow.lockedBody': 'Pour votre sécurité, ce code ne fonctionne plus. Envoyez un nouveau code pour continuer.',
  'flow.verified': 'Vérification réussie pour {address}.',
  // Flow progress, recovery and auto-submit (issue 13), added together by the flow helper.
  'error.already_tried': 'Vous avez déjà essayé ce code.',
  'flow.autoSubmitHint': 'Le code est vérifié dès que vous saisissez le dernier chiffre.',
}
