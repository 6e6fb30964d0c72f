/** `@hakiki/engine/smtp`: e-mail codes through your own SMTP server (Node only, nodemailer). */
export { createSmtpTransport, type SmtpTransportOptions } from './create-smtp-transport'
