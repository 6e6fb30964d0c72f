/**
 * E-mail codes through your own SMTP server (Postfix, a relay, a provider's SMTP endpoint), with
 * nodemailer. Node only: `@hakiki/engine/smtp`.
 *
 * Every send has a deadline (`timeoutMs`, over connect, greeting and the whole exchange) and a
 * size limit on what is sent; nodemailer's own logger stays off, so neither the code (it is in
 * the subject and body) nor the address reaches a log. An accepted message is `sent`: SMTP gives
 * no delivery report the engine waits for.
 */
import type { Channel } from '@hakiki/core'
import { ProviderError, type ProviderErrorKind } from '@hakiki/provider'
import { createTransport } from 'nodemailer'
import type { OutboundMessage, SendReceipt, Transport } from '../transport'

/** Options of {@link createSmtpTransport}. */
export interface SmtpTransportOptions {
  host: string
  port: number
  /** TLS from the first byte (port 465); default false (STARTTLS when the server offers it). */
  secure?: boolean
  /** Refuse to send without STARTTLS; default true unless `host` is a loopback address. */
  requireTls?: boolean
  /** Credentials, when the server asks for them. */
  auth?: { user: string; pass: string }
  /** Default sender (`"Acme" <codes@acme.example>`), unless a locale sets its own. */
  from: string
  /** Deadline of one send in milliseconds; default 10 000. */
  timeoutMs?: number
  /** Name among the engine's routes; default `smtp`. */
  name?: string
  /** Keep one connection open between sends; default true. */
  pool?: boolean
}

/** Most bytes of a message (subject, text and HTML together); far above any code e-mail. */
const MAX_MESSAGE_BYTES = 256 * 1024

/** Reads nodemailer's error (`code`, `responseCode`, `command`) into a kind; never its message (it may quote the recipient). */
function classify(error: unknown): { kind: ProviderErrorKind; providerCode?: string } {
  const e = error as { code?: string; responseCode?: number; command?: string }
  const providerCode = e.responseCode === undefined ? e.code : String(e.responseCode)
  if (e.code === 'ETIMEDOUT') return { kind: 'timeout', providerCode }
  if (e.code === 'EAUTH' || e.code === 'ETLS' || e.code === 'EREQUIRETLS') return { kind: 'misconfigured', providerCode }
  if (e.responseCode !== undefined && e.responseCode >= 500 && e.command === 'RCPT TO') return { kind: 'invalid_email', providerCode }
  if (e.code === 'EENVELOPE' && e.responseCode !== undefined && e.responseCode >= 500) return { kind: 'invalid_email', providerCode }
  if (e.responseCode !== undefined && e.responseCode >= 500) return { kind: 'misconfigured', providerCode }
  return { kind: 'unavailable', providerCode }
}

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|localhost)$/

/** Creates the SMTP transport; `close()` ends its pooled connection. */
export function createSmtpTransport(options: SmtpTransportOptions): Transport {
  const name = options.name ?? 'smtp'
  const timeoutMs = options.timeoutMs ?? 10_000
  const mailer = createTransport({
    host: options.host,
    port: options.port,
    secure: options.secure ?? false,
    requireTLS: options.requireTls ?? !LOOPBACK.test(options.host),
    ...(options.auth ? { auth: options.auth } : {}),
    pool: options.pool ?? true,
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
    dnsTimeout: timeoutMs,
    logger: false,
    debug: false,
  })
  const channels: readonly Channel[] = ['email']
  const fail = (kind: ProviderErrorKind, extra: { providerCode?: string; cause?: unknown } = {}) => new ProviderError(kind, { provider: name, operation: 'send', ...extra })
  return {
    name,
    channels,
    async send(message: OutboundMessage, callOptions): Promise<SendReceipt> {
      if (message.channel !== 'email') throw fail('unsupported_channel')
      const size = new TextEncoder().encode(`${message.subject ?? ''}${message.text}${message.html ?? ''}`).byteLength
      if (size > MAX_MESSAGE_BYTES) throw fail('misconfigured')
      const signal = callOptions?.signal
      signal?.throwIfAborted()
      let timer: ReturnType<typeof setTimeout> | undefined
      let onAbort: (() => void) | undefined
      try {
        const info = await Promise.race([
          mailer.sendMail({
            from: message.from ?? options.from,
            to: message.to,
            subject: message.subject ?? '',
            text: message.text,
            ...(message.html === undefined ? {} : { html: message.html }),
            headers: { 'Content-Language': message.locale, 'X-Hakiki-Reference': message.reference },
          }),
          new Promise<never>((_, reject) => {
            timer = setTimeout(() => reject(fail('timeout')), timeoutMs)
            onAbort = () => reject(signal?.reason)
            signal?.addEventListener('abort', onAbort, { once: true })
          }),
        ])
        return { status: 'sent', messageId: String(info.messageId) }
      } catch (error) {
        if (signal?.aborted) throw signal.reason
        if (error instanceof ProviderError) throw error
        // No `cause`: nodemailer's messages quote the recipient ("<ama@…>: Relay access denied"),
        // and whatever logs this error must not log an address.
        throw fail(classify(error).kind, { providerCode: classify(error).providerCode })
      } finally {
        clearTimeout(timer)
        if (onAbort) signal?.removeEventListener('abort', onAbort)
      }
    },
    close() {
      mailer.close()
      return Promise.resolve()
    },
  }
}
