/**
 * SMS through Africa's Talking's messaging API, in its documented wire format:
 * `POST {baseUrl}/version1/messaging`, form-encoded `username`, `to`, `message`, `from`, with the
 * `apiKey` header and `Accept: application/json`; the answer (201) lists one recipient with a
 * `statusCode` (101 sent, 100 processed, 102 queued; 403 InvalidPhoneNumber, 404
 * UnsupportedNumberType, 405 InsufficientBalance, 406 UserInBlacklist, 407 CouldNotRoute, 5xx gateway
 * errors) and a `messageId`. Delivery reports are form-encoded POSTs (`id`, `status`: Sent,
 * Submitted, Buffered, Success, Rejected, Failed, Expired; `failureReason`) to the callback URL set
 * in the dashboard, which carries no signature: the URL is given a secret `key` parameter, checked here.
 *
 * References: the vendor's SMS docs (https://developers.africastalking.com/docs/sms/sending and
 * .../docs/sms/notifications), read here through what quotes them: the answer's shape in
 * https://www.mintlify.com/DaggieBlanqx/Google-Africastalking-AI-Course/api/sms-utils and the
 * SDK types https://www.npmjs.com/package/@types/africastalking; the callback URL with a secret
 * `key` parameter as https://docs.communityhealthtoolkit.org/apps/guides/messaging/gateways/africas-talking/
 * sets it up.
 */
import type { DeliveryStatus } from '@hakiki/provider'
import { boundedFetch, kindOfStatus, readRetryAfter } from '@hakiki/provider'
import type { DeliveryReport, Transport } from '../transport'
import { hasQuerySecret, parseJson, readReportBody, reportAnswer, sendError } from './gateway-helpers'

/** Options of {@link createAfricasTalkingTransport}. */
export interface AfricasTalkingOptions {
  /** The app's username (`sandbox` in the sandbox environment). */
  username: string
  apiKey: string
  /** Registered sender id or short code; default the account's. */
  from?: string
  /** Default `https://api.africastalking.com` (the sandbox: `https://api.sandbox.africastalking.com`). */
  baseUrl?: string
  /** Secret of the delivery-report callback URL: set it as `?key=…` on the URL in the dashboard. */
  reportKey: string
  /** Deadline of one send; default 10 000 ms. */
  timeoutMs?: number
  /** Name among the engine's routes (and the last path segment of its report URL); default `africas-talking`. */
  name?: string
  fetch?: typeof globalThis.fetch
}

const REFUSED_NUMBER = new Set([403, 404, 406])
const REPORT_STATUS: Readonly<Record<string, DeliveryStatus>> = {
  Sent: 'sent',
  Submitted: 'sent',
  Buffered: 'sent',
  Success: 'delivered',
  Rejected: 'failed',
  Failed: 'undelivered',
  Expired: 'undelivered',
  AbsentSubscriber: 'undelivered',
}

/** The Africa's Talking transport (SMS). */
export function createAfricasTalkingTransport(options: AfricasTalkingOptions): Transport {
  const name = options.name ?? 'africas-talking'
  const baseUrl = (options.baseUrl ?? 'https://api.africastalking.com').replace(/\/$/, '')
  return {
    name,
    channels: ['sms'],
    async send(message, call) {
      if (message.channel !== 'sms') throw sendError(name, 'unsupported_channel')
      const body = new URLSearchParams({ username: options.username, to: message.to, message: message.text })
      const from = message.from ?? options.from
      if (from) body.set('from', from)
      const answer = await boundedFetch(
        `${baseUrl}/version1/messaging`,
        { method: 'POST', headers: { apiKey: options.apiKey, accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded' }, body },
        { provider: name, operation: 'send', timeoutMs: options.timeoutMs ?? 10_000, signal: call?.signal, fetch: options.fetch },
      )
      if (answer.status !== 201 && answer.status !== 200) {
        throw sendError(name, kindOfStatus(answer.status), { status: answer.status, retryAfter: readRetryAfter(answer.headers) })
      }
      const parsed = parseJson(answer.text) as { SMSMessageData?: { Recipients?: { statusCode?: number; messageId?: string }[] } } | undefined
      const recipient = parsed?.SMSMessageData?.Recipients?.[0]
      if (!recipient || typeof recipient.statusCode !== 'number') throw sendError(name, 'invalid_response', { status: answer.status })
      const code = recipient.statusCode
      if (code === 100 || code === 101 || code === 102) {
        return { status: code === 101 ? 'sent' : 'queued', ...(recipient.messageId ? { messageId: recipient.messageId } : {}) }
      }
      const kind = REFUSED_NUMBER.has(code) ? 'invalid_phone_number' : code === 407 ? 'unsupported_country' : code >= 500 ? 'unavailable' : 'misconfigured'
      throw sendError(name, kind, { status: answer.status, providerCode: String(code) })
    },
    async readReports(request) {
      if (request.method !== 'POST' || !hasQuerySecret(request, 'key', options.reportKey)) return { reports: [], response: reportAnswer(401) }
      const text = await readReportBody(request)
      if (text === undefined) return { reports: [], response: reportAnswer(413) }
      const form = new URLSearchParams(text)
      const id = form.get('id')
      const status = REPORT_STATUS[form.get('status') ?? '']
      const reports: DeliveryReport[] = id && status ? [{ messageId: id, status, ...(form.get('failureReason') ? { carrierCode: form.get('failureReason')! } : {}) }] : []
      return { reports, response: reportAnswer(200) }
    },
  }
}
