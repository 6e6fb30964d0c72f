/**
 * "Sends" one verification message: renders the template of its locale and puts it in the inbox.
 * Shared by both dialects (the spec's create and Twilio's `Verifications`), so a message looks
 * the same whichever API asked for it.
 */
import type { ApiLocale, Channel } from '@hakiki/core'
import type { SandboxState } from './sandbox-state'
import { getTemplate, renderMessage } from '@hakiki/messages'

// Twilio's WhatsApp messages are Messaging resources like SMS (`SM…`); the dialects use the same ids.
const MESSAGE_ID_PREFIX = { sms: 'SM', call: 'CA', email: 'EM', whatsapp: 'SM' } as const

/** What one message is about. */
export interface OutgoingMessage {
  verificationId: string
  to: string
  channel: Channel
  locale: ApiLocale
  code: string
  /** App name shown in the message; default the sandbox's `appName`. */
  appName?: string
}

/** Renders and stores one message; returns its id (`SM…`, `CA…`, `EM…`). */
export function sendMessage(state: SandboxState, message: OutgoingMessage): string {
  const { options, clock, random, inbox } = state
  const rendered = renderMessage(getTemplate(message.locale), message.channel, {
    app: message.appName ?? options.appName,
    code: message.code,
    minutes: Math.ceil(options.codeTtlSeconds / 60),
    autofillHost: options.autofillHost,
  })
  const id = `${MESSAGE_ID_PREFIX[message.channel]}${random.hex(16)}`
  inbox.add({
    id,
    verificationId: message.verificationId,
    to: message.to,
    channel: message.channel,
    locale: message.locale,
    ...rendered,
    code: message.code,
    sentAt: new Date(clock.now()).toISOString(),
  })
  return id
}
