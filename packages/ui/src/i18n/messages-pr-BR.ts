import type { Messages } from './messages-en'

/**
 * Brazilian Portuguese messages (`pr-BR`, the API's spelling of BCP-47 `pt-BR`), addressing the
 * user as "você". Country names take an article ("o Gana", "a Nigéria"), which a bare
 * `{country}` cannot carry, hence "este país ({country})".
 */
export const messages: Messages = {
  'code.label': 'Código de verificação',
  'code.hint': {
    one: 'Digite o código de {count} dígito.',
    many: 'Digite o código de {count} dígitos.',
    other: 'Digite o código de {count} dígitos.',
  },
  'code.hintSentTo': {
    one: 'Digite o código de {count} dígito enviado para {address}.',
    many: 'Digite o código de {count} dígitos enviado para {address}.',
    other: 'Digite o código de {count} dígitos enviado para {address}.',
  },
  'code.checking': 'Verificando o código…',

  'phone.label': 'Número de telefone',
  'phone.country': 'País',
  'phone.countrySelected': 'País: {country}, {dialCode}',
  'phone.countrySearch': 'Buscar país',
  'phone.noCountryMatches': 'Nenhum país corresponde a “{query}”.',
  'phone.countryResults': { one: '{count} país', many: '{count} de países', other: '{count} países' },
  'phone.feePerSms': '{fee} por SMS',
  'phone.error.tooShort': 'Este número é curto demais para este país ({country}).',
  'phone.error.tooLong': 'Este número é longo demais para este país ({country}).',
  'phone.error.invalid': 'Digite um número de telefone válido para este país ({country}).',
  'phone.error.unsupportedCountry': 'Ainda não é possível enviar códigos para este país.',
  'phone.error.noCountry': 'Escolha seu país ou comece o número com + e o código do país.',
  'phone.error.invalidNoCountry': 'Digite um número de telefone válido.',
  'phone.error.required': 'Digite seu número de telefone.',

  'email.label': 'Endereço de e-mail',
  'email.placeholder': 'nome@example.com',
  'email.error.required': 'Digite seu endereço de e-mail.',
  'email.error.invalid': 'Digite um endereço de e-mail válido, como nome@example.com.',

  'channel.legend': 'Receber o código por',
  'channel.sms': 'SMS',
  'channel.call': 'Ligação',
  'channel.email': 'E-mail',
  'channel.fee': '{fee} por mensagem',

  'locale.label': 'Idioma',

  'resend.button': 'Reenviar código',
  'resend.countdown': { one: 'Reenviar código em {count} s', many: 'Reenviar código em {count} s', other: 'Reenviar código em {count} s' },
  'resend.wait': {
    one: 'Você poderá pedir um novo código em {count} segundo.',
    many: 'Você poderá pedir um novo código em {count} de segundos.',
    other: 'Você poderá pedir um novo código em {count} segundos.',
  },
  'resend.ready': 'Você já pode pedir um novo código.',
  'resend.sending': 'Enviando um novo código…',

  'expiry.countdown': 'O código expira em {time}',
  'expiry.minutes': {
    one: 'O código expira em {count} minuto.',
    many: 'O código expira em {count} de minutos.',
    other: 'O código expira em {count} minutos.',
  },
  'expiry.seconds': {
    one: 'O código expira em {count} segundo.',
    many: 'O código expira em {count} de segundos.',
    other: 'O código expira em {count} segundos.',
  },
  'expiry.expired': 'O código expirou.',

  'attempts.left': { one: 'Resta {count} tentativa', many: 'Restam {count} de tentativas', other: 'Restam {count} tentativas' },
  'attempts.wrongCode': {
    one: 'Esse código não está correto. Resta {count} tentativa.',
    many: 'Esse código não está correto. Restam {count} de tentativas.',
    other: 'Esse código não está correto. Restam {count} tentativas.',
  },
  'attempts.none': 'Não há mais tentativas. Peça um novo código.',

  'error.invalid_request': 'Há algo errado no formulário. Confira e tente novamente.',
  'error.invalid_phone_number': 'Este número de telefone não é válido. Confira e tente novamente.',
  'error.invalid_email': 'Este endereço de e-mail não é válido. Confira e tente novamente.',
  'error.unsupported_country': 'Ainda não é possível enviar códigos para este país.',
  'error.unsupported_locale': 'As mensagens não estão disponíveis neste idioma. Escolha outro idioma.',
  'error.invalid_code_format': 'Digite o código usando apenas números.',
  'error.rate_limited': 'Muitas solicitações. Aguarde um momento e tente novamente.',
  'error.rate_limited.retry': {
    one: 'Muitas solicitações. Tente novamente em {count} segundo.',
    many: 'Muitas solicitações. Tente novamente em {count} de segundos.',
    other: 'Muitas solicitações. Tente novamente em {count} segundos.',
  },
  'error.not_found': 'Esta solicitação de código não é mais válida. Peça um novo código.',
  'error.expired': 'Este código expirou. Peça um novo código.',
  'error.too_many_attempts': 'Muitos códigos incorretos. Peça um novo código.',
  'error.forbidden_origin': 'Não é possível solicitar códigos nesta página. Entre em contato com o suporte do site.',
  'error.forbidden': 'Você não pode pedir um código agora.',
  'error.upstream_unavailable': 'O serviço de verificação está sobrecarregado. Tente novamente em instantes.',
  'error.upstream_error': 'O serviço de verificação teve um problema. Tente novamente em instantes.',
  'error.network_error': 'Sem conexão. Verifique se você está on-line e tente novamente.',
  'error.invalid_response': 'Algo deu errado do nosso lado. Tente novamente mais tarde.',
  'error.wrong_code': 'Esse código não está correto.',
  'error.incomplete_code': {
    one: 'Digite o código completo ({count} dígito).',
    many: 'Digite todos os {count} dígitos do código.',
    other: 'Digite todos os {count} dígitos do código.',
  },
  'error.unknown': 'Algo deu errado. Tente novamente.',

  'flow.heading.phone': 'Verifique seu número de telefone',
  'flow.heading.email': 'Verifique seu endereço de e-mail',
  'flow.heading.code': 'Digite o código',
  'flow.heading.verified': 'Verificado',
  'flow.heading.expired': 'Seu código expirou',
  'flow.heading.locked': 'Muitos códigos incorretos',
  'flow.heading.failed': 'Algo deu errado',
  'flow.send': 'Enviar código',
  'flow.send.countdown': { one: 'Enviar código em {count} s', many: 'Enviar código em {count} s', other: 'Enviar código em {count} s' },
  'flow.verify': 'Verificar',
  'flow.sending': 'Enviando o código…',
  'flow.sent.sms': 'Enviamos um código por SMS para {address}.',
  'flow.sent.call': 'Estamos ligando para {address}. Atenda para ouvir o código.',
  'flow.sent.email': 'Enviamos um código para {address}. Ele pode levar um minuto para chegar.',
  'flow.changePhone': 'Alterar número',
  'flow.changeEmail': 'Alterar e-mail',
  'flow.callInstead': 'Prefiro receber uma ligação',
  'flow.smsInstead': 'Prefiro receber um SMS',
  'flow.newCode': 'Enviar um novo código',
  'flow.newCode.countdown': {
    one: 'Enviar um novo código em {count} s',
    many: 'Enviar um novo código em {count} s',
    other: 'Enviar um novo código em {count} s',
  },
  'flow.expiredBody': 'Os códigos valem por um tempo limitado. Envie um novo código para continuar.',
  'flow.lockedBody': 'Para sua segurança, este código não funciona mais. Envie um novo código para continuar.',
  'flow.verified': '{address} foi verificado.',
  // Flow progress, recovery and auto-submit (issue 13), added together by the flow helper.
  'error.already_tried': 'Você já tentou este código.',
  'flow.autoSubmitHint': 'O código é verificado assim que você digita o último dígito.',
  'flow.callInstead.countdown': {
    one: 'Prefiro receber uma ligação em {count} s',
    many: 'Prefiro receber uma ligação em {count} s',
    other: 'Prefiro receber uma ligação em {count} s',
  },
  'flow.smsInstead.countdown': {
    one: 'Prefiro receber um SMS em {count} s',
    many: 'Prefiro receber um SMS em {count} s',
    other: 'Prefiro receber um SMS em {count} s',
  },
}
