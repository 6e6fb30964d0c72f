/**
 * A transport of the engine that POSTs each rendered message as JSON to a URL of your own: the
 * way out for a gateway the engine has no transport for yet (your SMS aggregator's bridge, a
 * queue consumer), and what the server's multi-instance tests deliver to. Not in
 * `@hakiki/engine` (whose transports speak one vendor's documented API each); the server wraps it
 * here.
 *
 * Wire format: `POST url`, `Content-Type: application/json`, `Authorization: Bearer <token>` when
 * a token is set, body `{ channel, to, locale, from?, subject?, text, html?, reference }`. A 2xx
 * answer accepts the message; its JSON body may carry `{ "messageId": "…" }`. 429 and 5xx are
 * transient (the engine fails over to the next route), other statuses mean our side is wrong.
 */
import type { Channel } from '@hakiki/core'
import type { SendReceipt, Transport } from '@hakiki/engine'
import { boundedFetch, kindOfStatus, ProviderError } from '@hakiki/provider'

/** Options of {@link createWebhookTransport}. */
export interface WebhookTransportOptions {
  /** Name among the engine's routes; default `webhook`. */
  name?: string
  /** Where messages are posted (http or https). */
  url: string
  /** Bearer token the receiver checks. */
  token?: string
  /** Channels it takes; default all three. */
  channels?: readonly Channel[]
  /** Deadline of one post, in milliseconds; default 10 000. */
  timeoutMs?: number
  /** The fetch to use; default the platform's. */
  fetch?: typeof globalThis.fetch
}

/** Creates a webhook transport. */
export function createWebhookTransport(options: WebhookTransportOptions): Transport {
  const name = options.name ?? 'webhook'
  const url = new URL(options.url)
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new TypeError('webhook url: must be http or https')
  return {
    name,
    channels: options.channels ?? ['sms', 'call', 'email'],
    async send(message, call) {
      const headers: Record<string, string> = { 'content-type': 'application/json' }
      if (options.token) headers.authorization = `Bearer ${options.token}`
      const response = await boundedFetch(
        url,
        { method: 'POST', headers, body: JSON.stringify(message) },
        { provider: name, operation: 'send', timeoutMs: options.timeoutMs ?? 10_000, ...(call?.signal ? { signal: call.signal } : {}), ...(options.fetch ? { fetch: options.fetch } : {}) },
      )
      if (response.status < 200 || response.status > 299) throw new ProviderError(kindOfStatus(response.status), { provider: name, operation: 'send', status: response.status })
      let messageId: string | undefined
      try {
        const body = JSON.parse(response.text) as { messageId?: unknown }
        if (typeof body.messageId === 'string' && body.messageId.length <= 200) messageId = body.messageId
      } catch {
        // An empty or non-JSON answer accepts the message without an id.
      }
      const receipt: SendReceipt = { status: 'sent' }
      if (messageId !== undefined) receipt.messageId = messageId
      return receipt
    },
  }
}
