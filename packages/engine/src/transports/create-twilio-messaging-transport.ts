/**
 * SMS and voice calls through Twilio's Programmable Messaging and Voice REST APIs, in their
 * documented wire formats: `POST {baseUrl}/2010-04-01/Accounts/{AccountSid}/Messages.json` (form:
 * `To`, `From` or `MessagingServiceSid`, `Body`, `StatusCallback`) and `.../Calls.json` (form: `To`,
 * `From`, `Twiml` — a `<Say>` of the call script in the person's language — `StatusCallback`,
 * `StatusCallbackEvent=completed`), HTTP Basic with the account SID and auth token; each answers
 * 201 with a `sid` (`SM…`, `CA…`) and `status`. Status callbacks are form POSTs (`MessageSid` +
 * `MessageStatus`: queued, sent, delivered, undelivered, failed; `CallSid` + `CallStatus`:
 * completed, busy, no-answer, failed, canceled) signed with `X-Twilio-Signature`: base64
 * HMAC-SHA1, under the auth token, of the callback URL followed by every POST parameter sorted by
 * name as name + value — checked here against `statusCallbackUrl` as configured (not the URL the
 * request arrived at, which a proxy in front may have rewritten).
 *
 * References: https://www.twilio.com/docs/messaging/api/message-resource,
 * https://twilio.com/docs/messaging/guides/outbound-message-status-in-status-callbacks,
 * https://www.twilio.com/docs/voice/api/call-resource and
 * https://www.twilio.com/docs/usage/webhooks/webhooks-security (the signature).
 */
import type { Channel } from '@hakiki/core'
import { boundedFetch, kindOfStatus, readRetryAfter, type DeliveryStatus } from '@hakiki/provider'
import { constantTimeEqual } from '../engine-crypto'
import type { DeliveryReport, Transport } from '../transport'
import { parseJson, readReportBody, reportAnswer, sendError } from './gateway-helpers'

/** Options of {@link createTwilioMessagingTransport}. */
export interface TwilioMessagingOptions {
  accountSid: string
  authToken: string
  /** Sender of SMS (a Twilio number or an alphanumeric sender id); or give `messagingServiceSid`. */
  from?: string
  messagingServiceSid?: string
  /** Caller id of voice calls (a Twilio number); without it the transport carries SMS only. */
  callFrom?: string
  /** Public URL of this transport's status callbacks (its last path segment is the transport's name). */
  statusCallbackUrl?: string
  /** Default `https://api.twilio.com`. */
  baseUrl?: string
  /** Deadline of one send; default 10 000 ms. */
  timeoutMs?: number
  /** Name among the engine's routes; default `twilio`. */
  name?: string
  fetch?: typeof globalThis.fetch
}

const MESSAGE_STATUS: Readonly<Record<string, DeliveryStatus>> = { queued: 'queued', accepted: 'queued', sending: 'sent', sent: 'sent', delivered: 'delivered', undelivered: 'undelivered', failed: 'failed' }
const CALL_STATUS: Readonly<Record<string, DeliveryStatus>> = { completed: 'delivered', busy: 'undelivered', 'no-answer': 'undelivered', canceled: 'failed', failed: 'failed' }
// Twilio's error codes for a number it will not send to: invalid 'To' (21211), not a mobile (21614), unreachable/blocked (21610, 21612).
const REFUSED_NUMBER = new Set([21211, 21614, 21610, 21612])

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' }
const escapeXml = (s: string) => s.replace(/[&<>"']/g, (c) => XML_ESCAPES[c]!)

/** Twilio's signature of a callback: base64 HMAC-SHA1 of the URL and the sorted parameters. */
export async function twilioSignature(authToken: string, url: string, params: URLSearchParams): Promise<string> {
  const data = url + [...params.entries()].toSorted(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([k, v]) => k + v).join('')
  const encoder = new TextEncoder()
  const key = await crypto.subtle.importKey('raw', encoder.encode(authToken), { name: 'HMAC', hash: 'SHA-1' }, false, ['sign'])
  const mac = new Uint8Array(await crypto.subtle.sign('HMAC', key, encoder.encode(data)))
  let binary = ''
  for (const byte of mac) binary += String.fromCharCode(byte)
  return btoa(binary)
}

/** The Twilio transport: SMS, and calls when `callFrom` is set. */
export function createTwilioMessagingTransport(options: TwilioMessagingOptions): Transport {
  const name = options.name ?? 'twilio'
  const baseUrl = (options.baseUrl ?? 'https://api.twilio.com').replace(/\/$/, '')
  if (!options.from && !options.messagingServiceSid) throw new TypeError('twilio transport: give from or messagingServiceSid')
  const channels: readonly Channel[] = options.callFrom ? ['sms', 'call'] : ['sms']
  const basic = `Basic ${btoa(`${options.accountSid}:${options.authToken}`)}`
  return {
    name,
    channels,
    async send(message, call) {
      if (!channels.includes(message.channel)) throw sendError(name, 'unsupported_channel')
      const voice = message.channel === 'call'
      const form = new URLSearchParams({ To: message.to })
      if (voice) {
        form.set('From', options.callFrom!)
        form.set('Twiml', `<Response><Say language="${escapeXml(message.locale)}">${escapeXml(message.text)}</Say></Response>`)
        if (options.statusCallbackUrl) form.set('StatusCallbackEvent', 'completed')
      } else {
        const from = message.from ?? options.from
        if (from) form.set('From', from)
        else form.set('MessagingServiceSid', options.messagingServiceSid!)
        form.set('Body', message.text)
      }
      if (options.statusCallbackUrl) form.set('StatusCallback', options.statusCallbackUrl)
      const answer = await boundedFetch(
        `${baseUrl}/2010-04-01/Accounts/${encodeURIComponent(options.accountSid)}/${voice ? 'Calls' : 'Messages'}.json`,
        { method: 'POST', headers: { authorization: basic, 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' }, body: form },
        { provider: name, operation: 'send', timeoutMs: options.timeoutMs ?? 10_000, signal: call?.signal, fetch: options.fetch },
      )
      const parsed = parseJson(answer.text) as { sid?: string; status?: string; code?: number } | undefined
      if (answer.status === 201 && typeof parsed?.sid === 'string') {
        return { status: parsed.status === 'queued' || parsed.status === 'accepted' ? 'queued' : 'sent', messageId: parsed.sid }
      }
      if (answer.status >= 200 && answer.status < 300) throw sendError(name, 'invalid_response', { status: answer.status })
      const code = typeof parsed?.code === 'number' ? parsed.code : undefined
      const kind = code !== undefined && REFUSED_NUMBER.has(code) ? 'invalid_phone_number' : kindOfStatus(answer.status)
      throw sendError(name, kind, { status: answer.status, retryAfter: readRetryAfter(answer.headers), ...(code === undefined ? {} : { providerCode: String(code) }) })
    },
    async readReports(request) {
      if (request.method !== 'POST' || !options.statusCallbackUrl) return { reports: [], response: reportAnswer(400) }
      const text = await readReportBody(request)
      if (text === undefined) return { reports: [], response: reportAnswer(413) }
      const params = new URLSearchParams(text)
      const expected = await twilioSignature(options.authToken, options.statusCallbackUrl, params)
      if (!constantTimeEqual(request.headers.get('x-twilio-signature') ?? '', expected)) return { reports: [], response: reportAnswer(401) }
      const reports: DeliveryReport[] = []
      const messageStatus = MESSAGE_STATUS[params.get('MessageStatus') ?? '']
      const callStatus = CALL_STATUS[params.get('CallStatus') ?? '']
      if (params.get('MessageSid') && messageStatus) reports.push({ messageId: params.get('MessageSid')!, status: messageStatus, ...(params.get('ErrorCode') ? { carrierCode: params.get('ErrorCode')! } : {}) })
      else if (params.get('CallSid') && callStatus) reports.push({ messageId: params.get('CallSid')!, status: callStatus, carrierCode: params.get('CallStatus')! })
      return { reports, response: reportAnswer(200) }
    },
  }
}
