/**
 * A transport that delivers into memory: for development, tests and demos, where a message is
 * read on screen instead of a phone. It carries every channel, and accepting is delivering.
 * Bounded: the oldest messages go first once `limit` is reached.
 */
import type { Channel } from '@hakiki/core'
import type { OutboundMessage, SendReceipt, Transport } from '../transport'

/** A message the inbox holds. */
export interface InboxMessage extends OutboundMessage {
  /** The inbox's id of the message. */
  id: string
  /** Epoch milliseconds. */
  receivedAt: number
}

/** The inbox transport, and its messages. */
export interface InboxTransport extends Transport {
  /** Messages to `to` (compared case-insensitively), newest first; every message without `to`. */
  list(to?: string): InboxMessage[]
  /** Forgets every message. */
  clear(): void
}

/** Options of {@link createInboxTransport}. */
export interface InboxTransportOptions {
  /** Name among the engine's routes; default `inbox`. */
  name?: string
  /** Channels it takes; default all three. */
  channels?: readonly Channel[]
  /** Most messages kept; default 500. */
  limit?: number
  /** Clock for `receivedAt`; default `Date.now`. */
  now?: () => number
}

/** Creates an empty inbox transport. */
export function createInboxTransport(options: InboxTransportOptions = {}): InboxTransport {
  const limit = options.limit ?? 500
  const now = options.now ?? Date.now
  const messages: InboxMessage[] = []
  let counter = 0
  return {
    name: options.name ?? 'inbox',
    channels: options.channels ?? ['sms', 'call', 'email'],
    // async: an aborted call rejects (a synchronous throw would escape callers that chain `.catch`).
    async send(message, callOptions) {
      callOptions?.signal?.throwIfAborted()
      counter += 1
      const id = `IN${counter}`
      messages.unshift({ ...message, id, receivedAt: now() })
      if (messages.length > limit) messages.length = limit
      const receipt: SendReceipt = { messageId: id, status: 'delivered' }
      return receipt
    },
    list(to) {
      return to === undefined ? [...messages] : messages.filter((m) => m.to.toLowerCase() === to.toLowerCase())
    },
    clear() {
      messages.length = 0
    },
  }
}
