/**
 * The engine's way out in the sandbox: every message goes into the sandbox's inbox (shown on its
 * page, streamed, listed by its API) instead of a phone or a mailbox. Accepting is delivering.
 */
import { ALL_CHANNELS, toApiLocale } from '@hakiki/core'
import type { Transport } from '@hakiki/engine'
import type { SandboxClock } from './clock'
import type { InboxStore } from './inbox'
import type { SandboxRandom } from './random'

// Twilio's WhatsApp messages are Messaging resources like SMS (`SM…`); the dialects use the same ids.
const MESSAGE_ID_PREFIX = { sms: 'SM', call: 'CA', email: 'EM', whatsapp: 'SM' } as const

/** A transport into `inbox`, on the sandbox clock, for every channel the dialects accept. */
export function createSandboxTransport(inbox: InboxStore, clock: SandboxClock, random: SandboxRandom): Transport {
  return {
    name: 'sandbox-inbox',
    channels: ALL_CHANNELS,
    // async: an aborted call rejects rather than throws.
    async send(message, options) {
      options?.signal?.throwIfAborted()
      const id = `${MESSAGE_ID_PREFIX[message.channel]}${random.hex(16)}`
      inbox.add({
        id,
        verificationId: message.verificationId ?? '',
        to: message.to,
        channel: message.channel,
        locale: toApiLocale(message.locale) ?? 'en',
        ...(message.subject === undefined ? {} : { subject: message.subject }),
        body: message.text,
        ...(message.html === undefined ? {} : { html: message.html }),
        code: message.code ?? '',
        sentAt: new Date(clock.now()).toISOString(),
      })
      return { messageId: id, status: 'delivered' }
    },
  }
}
