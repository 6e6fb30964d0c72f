/**
 * SMS through Infobip's SMS API, in its documented wire format: `POST {baseUrl}/sms/2/text/advanced`
 * with `Authorization: App <key>` and a JSON body `{ messages: [{ from, destinations: [{ to }], text,
 * notifyUrl, notifyContentType: 'application/json', callbackData }] }` (`to` without `+`); the
 * answer lists each message with a `messageId` and a `status` whose `groupName` is PENDING (or
 * REJECTED, with a name such as REJECTED_DESTINATION). Delivery reports are JSON POSTs to
 * `notifyUrl`, `{ results: [{ messageId, status: { groupName: DELIVERED | UNDELIVERABLE | EXPIRED |
 * REJECTED | PENDING, name }, error }] }`; Infobip signs nothing, so `notifyUrl` carries a secret
 * `token` parameter, checked here.
 *
 * References: https://dev-old.infobip.com/send-sms/fully-featured-text-message (`/sms/2/text/advanced`
 * and its answer), https://dev.infobip.com/send-sms/sms-api-response, https://infobip.com/docs/api/channels/sms/sms-messaging/logs-and-status-reports/receive-outbound-sms-message-report
 * (reports) and https://www.infobip.com/docs/developer-resources/api-fundamentals/message-status-codes (groups).
 */
import type { DeliveryStatus } from '@hakiki/provider'
import { boundedFetch, kindOfStatus, readRetryAfter } from '@hakiki/provider'
import type { DeliveryReport, Transport } from '../transport'
import { hasQuerySecret, parseJson, readReportBody, reportAnswer, sendError } from './gateway-helpers'

/** Options of {@link createInfobipTransport}. */
export interface InfobipOptions {
  /** Your account's base URL (`https://xxxxx.api.infobip.com`). */
  baseUrl: string
  apiKey: string
  /** Sender id. */
  from: string
  /** Where Infobip posts delivery reports: the engine's report URL for this transport (a `token` parameter is added). */
  notifyUrl?: string
  /** Secret added to `notifyUrl` as `token` and required on every report. */
  reportToken: string
  /** Deadline of one send; default 10 000 ms. */
  timeoutMs?: number
  /** Name among the engine's routes (and the last path segment of its report URL); default `infobip`. */
  name?: string
  fetch?: typeof globalThis.fetch
}

const GROUP_STATUS: Readonly<Record<string, DeliveryStatus>> = {
  PENDING: 'sent',
  ACCEPTED: 'sent',
  DELIVERED: 'delivered',
  UNDELIVERABLE: 'undelivered',
  EXPIRED: 'undelivered',
  REJECTED: 'failed',
}

interface InfobipStatus {
  groupName?: string
  name?: string
}

/** The Infobip transport (SMS). */
export function createInfobipTransport(options: InfobipOptions): Transport {
  const name = options.name ?? 'infobip'
  const baseUrl = options.baseUrl.replace(/\/$/, '')
  let notifyUrl: string | undefined
  if (options.notifyUrl) {
    const url = new URL(options.notifyUrl)
    url.searchParams.set('token', options.reportToken)
    notifyUrl = url.href
  }
  return {
    name,
    channels: ['sms'],
    async send(message, call) {
      if (message.channel !== 'sms') throw sendError(name, 'unsupported_channel')
      const body = JSON.stringify({
        messages: [
          {
            from: message.from ?? options.from,
            destinations: [{ to: message.to.replace(/^\+/, '') }],
            text: message.text,
            callbackData: message.reference,
            ...(notifyUrl ? { notifyUrl, notifyContentType: 'application/json' } : {}),
          },
        ],
      })
      const answer = await boundedFetch(
        `${baseUrl}/sms/2/text/advanced`,
        { method: 'POST', headers: { authorization: `App ${options.apiKey}`, 'content-type': 'application/json', accept: 'application/json' }, body },
        { provider: name, operation: 'send', timeoutMs: options.timeoutMs ?? 10_000, signal: call?.signal, fetch: options.fetch },
      )
      if (answer.status < 200 || answer.status >= 300) throw sendError(name, kindOfStatus(answer.status), { status: answer.status, retryAfter: readRetryAfter(answer.headers) })
      const parsed = parseJson(answer.text) as { messages?: { messageId?: string; status?: InfobipStatus }[] } | undefined
      const sent = parsed?.messages?.[0]
      if (!sent?.status?.groupName) throw sendError(name, 'invalid_response', { status: answer.status })
      const { groupName, name: statusName = '' } = sent.status
      if (groupName === 'REJECTED' || groupName === 'UNDELIVERABLE') {
        const kind = /DESTINATION|PREFIX|NOT_FOUND/.test(statusName) ? 'invalid_phone_number' : 'unavailable'
        throw sendError(name, kind, { status: answer.status, providerCode: statusName })
      }
      return { status: 'sent', ...(sent.messageId ? { messageId: sent.messageId } : {}) }
    },
    async readReports(request) {
      if (request.method !== 'POST' || !hasQuerySecret(request, 'token', options.reportToken)) return { reports: [], response: reportAnswer(401) }
      const text = await readReportBody(request)
      if (text === undefined) return { reports: [], response: reportAnswer(413) }
      const parsed = parseJson(text) as { results?: { messageId?: string; status?: InfobipStatus }[] } | undefined
      const reports: DeliveryReport[] = []
      for (const result of parsed?.results ?? []) {
        const status = GROUP_STATUS[result.status?.groupName ?? '']
        if (result.messageId && status) reports.push({ messageId: result.messageId, status, ...(result.status?.name ? { carrierCode: result.status.name } : {}) })
      }
      return { reports, response: reportAnswer(200) }
    },
  }
}
