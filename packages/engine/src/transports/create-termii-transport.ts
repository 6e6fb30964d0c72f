/**
 * SMS through Termii's messaging API, in its documented wire format: `POST {baseUrl}/api/sms/send`
 * with a JSON body `{ api_key, to, from, sms, type: 'plain', channel }` (`to` in international
 * format without `+`; `channel` `dnd`, the route Termii asks OTPs to use, or `generic`); the answer
 * is `{ code: 'ok', message_id, message, balance, user }`. Delivery reports are JSON POSTs
 * (`message_id`, `status`: "Delivered", "Message Sent", "DND Active on Phone Number", "Message
 * Failed", "Rejected", "Expired") signed with `X-Termii-Signature`, the HMAC-SHA512 of the body
 * under the account's secret key, checked here.
 *
 * References: https://developers.termii.com/messaging-api (send) and
 * https://developers.termii.com/events-and-reports (reports and their signature).
 */
import type { DeliveryStatus } from '@hakiki/provider'
import { boundedFetch, kindOfStatus, readRetryAfter } from '@hakiki/provider'
import { constantTimeEqual } from '../engine-crypto'
import type { Transport } from '../transport'
import { parseJson, readReportBody, reportAnswer, sendError } from './gateway-helpers'

/** Options of {@link createTermiiTransport}. */
export interface TermiiOptions {
  apiKey: string
  /** Registered sender id (3–11 characters). */
  from: string
  /** Your account's base URL (shown in the Termii dashboard), e.g. `https://v3.api.termii.com`. */
  baseUrl: string
  /** Route: `dnd` (default: transactional, reaches numbers on Do-Not-Disturb) or `generic`. */
  route?: 'dnd' | 'generic'
  /** The account's secret key, which signs delivery reports. */
  secretKey: string
  /** Deadline of one send; default 10 000 ms. */
  timeoutMs?: number
  /** Name among the engine's routes (and the last path segment of its report URL); default `termii`. */
  name?: string
  fetch?: typeof globalThis.fetch
}

/** Termii's report status, lower-cased, by its first words. */
function reportStatus(status: string): DeliveryStatus | undefined {
  const s = status.toLowerCase()
  if (s.startsWith('delivered')) return 'delivered'
  if (s.startsWith('message sent') || s.startsWith('sent')) return 'sent'
  if (s.startsWith('rejected')) return 'failed'
  if (s.startsWith('dnd') || s.startsWith('message failed') || s.startsWith('failed') || s.startsWith('expired')) return 'undelivered'
  return undefined
}

async function hmacSha512Hex(secret: string, body: string): Promise<string> {
  const encoder = new TextEncoder()
  const key = await crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-512' }, false, ['sign'])
  const mac = new Uint8Array(await crypto.subtle.sign('HMAC', key, encoder.encode(body)))
  return Array.from(mac, (b) => b.toString(16).padStart(2, '0')).join('')
}

/** The Termii transport (SMS). */
export function createTermiiTransport(options: TermiiOptions): Transport {
  const name = options.name ?? 'termii'
  const baseUrl = options.baseUrl.replace(/\/$/, '')
  return {
    name,
    channels: ['sms'],
    async send(message, call) {
      if (message.channel !== 'sms') throw sendError(name, 'unsupported_channel')
      const body = JSON.stringify({ api_key: options.apiKey, to: message.to.replace(/^\+/, ''), from: message.from ?? options.from, sms: message.text, type: 'plain', channel: options.route ?? 'dnd' })
      const answer = await boundedFetch(
        `${baseUrl}/api/sms/send`,
        { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json' }, body },
        { provider: name, operation: 'send', timeoutMs: options.timeoutMs ?? 10_000, signal: call?.signal, fetch: options.fetch },
      )
      const parsed = parseJson(answer.text) as { code?: string; message_id?: string | number; message?: string } | undefined
      if (answer.status >= 200 && answer.status < 300 && parsed?.code === 'ok' && parsed.message_id !== undefined) {
        return { status: 'sent', messageId: String(parsed.message_id) }
      }
      if (answer.status >= 200 && answer.status < 300) throw sendError(name, 'invalid_response', { status: answer.status })
      // Termii answers a malformed number with 400 and a message naming the phone number.
      const kind = answer.status === 400 && /phone|number|recipient/i.test(parsed?.message ?? '') ? 'invalid_phone_number' : kindOfStatus(answer.status)
      throw sendError(name, kind, { status: answer.status, retryAfter: readRetryAfter(answer.headers) })
    },
    async readReports(request) {
      if (request.method !== 'POST') return { reports: [], response: reportAnswer(400) }
      const text = await readReportBody(request)
      if (text === undefined) return { reports: [], response: reportAnswer(413) }
      const signature = request.headers.get('x-termii-signature') ?? ''
      if (!constantTimeEqual(signature.toLowerCase(), await hmacSha512Hex(options.secretKey, text))) return { reports: [], response: reportAnswer(401) }
      const parsed = parseJson(text) as { message_id?: string | number; status?: string } | undefined
      const status = typeof parsed?.status === 'string' ? reportStatus(parsed.status) : undefined
      const reports = parsed?.message_id !== undefined && status ? [{ messageId: String(parsed.message_id), status, carrierCode: parsed.status }] : []
      return { reports, response: reportAnswer(200) }
    },
  }
}
