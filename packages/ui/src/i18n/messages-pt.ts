import type { Messages } from './messages-en'

/**
 * European Portuguese messages (`pt`), addressing the user formally, as Portuguese sites do.
 * Country names take an article ("o Gana", "a Nigéria"), which a bare `{country}` cannot carry,
 * hence "este país ({country})".
 */
export const messages: Messages = {
  'code.label': 'Código de verificação',
  'code.hint': {
    one: 'Introduza o código de {count} algarismo.',
    many: 'Introduza o código de {count} algarismos.',
    other: 'Introduza o código de {count} algarismos.',
  },
  'code.hintSentTo': {
    one: 'Introduza o código de {count} algarismo enviado para {address}.',
    many: 'Introduza o código de {count} algarismos enviado para {address}.',
    other: 'Introduza o código de {count} algarismos enviado para {address}.',
  },
  'code.checking': 'A verificar o código…',

  'phone.label': 'Número de telefone',
  'phone.country': 'País',
  'phone.countrySelected': 'País: {country}, {dialCode}',
  'phone.countrySearch': 'Pesquisar países',
  'phone.noCountryMatches': 'Nenhum país corresponde a «{query}».',
  'phone.countryResults': { one: '{count} país', many: '{count} de países', other: '{count} países' },
  'phone.feePerSms': '{fee} por SMS',
  'phone.error.tooShort': 'Este número é demasiado curto para este país ({country}).',
  'phone.error.tooLong': 'Este número é demasiado longo para este país ({country}).',
  'phone.error.invalid': 'Introduza um número de telefone válido para este país ({country}).',
  'phone.error.unsupportedCountry': 'Ainda não é possível enviar códigos para este país.',
  'phone.error.noCountry': 'Escolha o seu país ou comece o número com + e o indicativo do país.',
  'phone.error.invalidNoCountry': 'Introduza um número de telefone válido.',
  'phone.error.required': 'Introduza o seu número de telefone.',

  'email.label': 'Endereço de email',
  'email.placeholder': 'nome@example.com',
  'email.error.required': 'Introduza o seu endereço de email.',
  'email.error.invalid': 'Introduza um endereço de email válido, por exemplo nome@example.com.',

  'channel.legend': 'Receber o código por',
  'channel.sms': 'SMS',
  'channel.call': 'Chamada de voz',
  'channel.email': 'Email',
  'channel.fee': '{fee} por mensagem',

  'locale.label': 'Idioma',

  'resend.button': 'Reenviar código',
  'resend.countdown': { one: 'Reenviar em {count} s', many: 'Reenviar em {count} s', other: 'Reenviar em {count} s' },
  'resend.wait': {
    one: 'Pode pedir um novo código dentro de {count} segundo.',
    many: 'Pode pedir um novo código dentro de {count} de segundos.',
    other: 'Pode pedir um novo código dentro de {count} segundos.',
  },
  'resend.ready': 'Já pode pedir um novo código.',
  'resend.sending': 'A enviar um novo código…',

  'expiry.countdown': 'O código expira em {time}',
  'expiry.minutes': {
    one: 'O código expira dentro de {count} minuto.',
    many: 'O código expira dentro de {count} de minutos.',
    other: 'O código expira dentro de {count} minutos.',
  },
  'expiry.seconds': {
    one: 'O código expira dentro de {count} segundo.',
    many: 'O código expira dentro de {count} de segundos.',
    other: 'O código expira dentro de {count} segundos.',
  },
  'expiry.expired': 'O código expirou.',

  'attempts.left': { one: 'Resta {count} tentativa', many: 'Restam {count} de tentativas', other: 'Restam {count} tentativas' },
  'attempts.wrongCode': {
    one: 'Este código não está correto. Resta {count} tentativa.',
    many: 'Este código não está correto. Restam {count} de tentativas.',
    other: 'Este código não está correto. Restam {count} tentativas.',
  },
  'attempts.none': 'Não restam tentativas. Peça um novo código.',

  'error.invalid_request': 'Há algo errado no formulário. Verifique-o e tente novamente.',
  'error.invalid_phone_number': 'Este número de telefone não é válido. Verifique-o e tente novamente.',
  'error.invalid_email': 'Este endereço de email não é válido. Verifique-o e tente novamente.',
  'error.unsupported_country': 'Ainda não é possível enviar códigos para este país.',
  'error.unsupported_locale': 'As mensagens não estão disponíveis neste idioma. Escolha outro idioma.',
  'error.invalid_code_format': 'Introduza o código apenas com algarismos.',
  'error.rate_limited': 'Demasiados pedidos. Aguarde um momento e tente novamente.',
  'error.rate_limited.retry': {
    one: 'Demasiados pedidos. Tente novamente dentro de {count} segundo.',
    many: 'Demasiados pedidos. Tente novamente dentro de {count} de segundos.',
    other: 'Demasiados pedidos. Tente novamente dentro de {count} segundos.',
  },
  'error.not_found': 'Este pedido de código já não é válido. Peça um novo código.',
  'error.expired': 'Este código expirou. Peça um novo código.',
  'error.too_many_attempts': 'Demasiados códigos errados. Peça um novo código.',
  'error.forbidden_origin': 'Não é possível pedir códigos a partir desta página. Contacte o apoio do site.',
  'error.forbidden': 'De momento, não pode pedir um código.',
  'error.upstream_unavailable': 'O serviço de verificação está sobrecarregado. Tente novamente dentro de momentos.',
  'error.upstream_error': 'O serviço de verificação encontrou um problema. Tente novamente dentro de momentos.',
  'error.network_error': 'Sem ligação. Verifique se está online e tente novamente.',
  'error.invalid_response': 'Ocorreu um problema do nosso lado. Tente novamente mais tarde.',
  'error.wrong_code': 'Este código não está correto.',
  'error.incomplete_code': {
    one: 'Introduza o código completo ({count} algarismo).',
    many: 'Introduza os {count} algarismos do código.',
    other: 'Introduza os {count} algarismos do código.',
  },
  'error.unknown': 'Ocorreu um problema. Tente novamente.',

  'flow.heading.phone': 'Verifique o seu número de telefone',
  'flow.heading.email': 'Verifique o seu endereço de email',
  'flow.heading.code': 'Introduza o código',
  'flow.heading.verified': 'Verificado',
  'flow.heading.expired': 'O seu código expirou',
  'flow.heading.locked': 'Demasiados códigos errados',
  'flow.heading.failed': 'Ocorreu um problema',
  'flow.send': 'Enviar código',
  'flow.send.countdown': {
    one: 'Enviar código em {count} s',
    many: 'Enviar código em {count} s',
    other: 'Enviar código em {count} s',
  },
  'flow.verify': 'Verificar',
  'flow.sending': 'A enviar o código…',
  'flow.sent.sms': 'Enviámos um código por SMS para o {address}.',
  'flow.sent.call': 'Estamos a ligar para o {address} para lhe ditar um código.',
  'flow.sent.email': 'Enviámos um código para {address}. Pode demorar um minuto a chegar.',
  'flow.changePhone': 'Alterar número',
  'flow.changeEmail': 'Alterar endereço de email',
  'flow.callInstead': 'Prefiro uma chamada',
  'flow.smsInstead': 'Prefiro um SMS',
  'flow.newCode': 'Enviar um novo código',
  'flow.newCode.countdown': {
    one: 'Enviar um novo código em {count} s',
    many: 'Enviar um novo código em {count} s',
    other: 'Enviar um novo código em {count} s',
  },
  'flow.expiredBody': 'Os códigos só são válidos durante um tempo limitado. Envie um novo código para continuar.',
  'flow.lockedBody': 'Por segurança, este código já não funciona. Envie um novo código para continuar.',
  'flow.verified': '{address} está verificado.',
  // Flow progress, recovery and auto-submit (issue 13), added together by the flow helper.
  'error.already_tried': 'Já experimentou este código.',
  'flow.autoSubmitHint': 'O código é verificado assim que escrever o último dígito.',
  'flow.callInstead.countdown': {
    one: 'Prefiro uma chamada em {count} s',
    many: 'Prefiro uma chamada em {count} s',
    other: 'Prefiro uma chamada em {count} s',
  },
  'flow.smsInstead.countdown': {
    one: 'Prefiro um SMS em {count} s',
    many: 'Prefiro um SMS em {count} s',
    other: 'Prefiro um SMS em {count} s',
  },
}
