/**
 * SMS through an SMSC over SMPP 3.4 (your operator's or aggregator's bind), with the `smpp`
 * package. Node only: `@hakiki/engine/smpp`.
 *
 * One transceiver bind, made on the first send and made again after the connection drops. Each
 * `submit_sm` asks for a delivery receipt (`registered_delivery: 1`); receipts arrive as
 * `deliver_sm` on the same bind and wait (bounded) until the engine takes them on its next call.
 * A refused bind is `misconfigured`, so the engine moves on to its next route. Every bind and
 * submit has a deadline; text that does not fit one SMS goes in `message_payload`. Nothing is
 * logged (the package's debug output stays off).
 */
import type { Channel } from '@hakiki/core'
import { ProviderError, type DeliveryStatus, type ProviderErrorKind } from '@hakiki/provider'
import smpp, { type PDU, type Session } from 'smpp'
import type { DeliveryReport, OutboundMessage, SendReceipt, Transport } from '../transport'

/** Options of {@link createSmppTransport}. */
export interface SmppTransportOptions {
  /** `smpp://host:port` (or `ssmpp://` for TLS). */
  url: string
  systemId: string
  password: string
  systemType?: string
  /** Sender address (alphanumeric sender id or a number), unless a locale sets its own. */
  sourceAddr: string
  /** Deadline of a bind and of a submit, in milliseconds; default 10 000. */
  timeoutMs?: number
  /** `enquire_link` period keeping the bind alive; default 30 000 ms. */
  enquireLinkMs?: number
  /** Receipts kept until the engine takes them; the oldest go first beyond it. Default 1000. */
  maxPendingReports?: number
  /** Name among the engine's routes; default `smpp`. */
  name?: string
}

/** Receipt states (SMPP 3.4 appendix B `stat:` and the `message_state` TLV) as delivery statuses. */
const RECEIPT_STAT: Readonly<Record<string, DeliveryStatus>> = {
  DELIVRD: 'delivered',
  EXPIRED: 'undelivered',
  DELETED: 'undelivered',
  UNDELIV: 'undelivered',
  REJECTD: 'failed',
  ACCEPTD: 'sent',
  ENROUTE: 'sent',
}
const MESSAGE_STATE: Readonly<Record<number, string>> = { 1: 'ENROUTE', 2: 'DELIVRD', 3: 'EXPIRED', 4: 'DELETED', 5: 'UNDELIV', 6: 'ACCEPTD', 8: 'REJECTD' }

/** Reads a delivery receipt (`deliver_sm` with the receipt bit of `esm_class`); `undefined` for anything else. */
export function readReceipt(pdu: PDU): DeliveryReport | undefined {
  if ((Number(pdu.esm_class) & 0x04) === 0) return undefined
  const raw = pdu.short_message as { message?: unknown } | string | undefined
  const text = typeof raw === 'string' ? raw : typeof raw?.message === 'string' ? raw.message : ''
  const id = typeof pdu.receipted_message_id === 'string' ? pdu.receipted_message_id : /\bid:(\S+)/i.exec(text)?.[1]
  const stat = typeof pdu.message_state === 'number' ? MESSAGE_STATE[pdu.message_state] : /\bstat:(\w+)/i.exec(text)?.[1]?.toUpperCase()
  const status = stat === undefined ? undefined : RECEIPT_STAT[stat]
  if (!id || !status) return undefined
  const err = /\berr:(\w+)/i.exec(text)?.[1]
  return { messageId: id, status, ...(stat ? { carrierCode: err ? `${stat}/${err}` : stat } : {}) }
}

/** Whether the text fits one SMS: 160 GSM/Latin characters, or 70 in UCS-2. */
function fitsOneSms(text: string): boolean {
  return smpp.encodings.detect(text) === 'UCS2' ? text.length <= 70 : text.length <= 160
}

/** Creates the SMPP transport; `close()` unbinds. */
export function createSmppTransport(options: SmppTransportOptions): Transport {
  const name = options.name ?? 'smpp'
  const timeoutMs = options.timeoutMs ?? 10_000
  const maxPending = options.maxPendingReports ?? 1000
  const pending: DeliveryReport[] = []
  const channels: readonly Channel[] = ['sms']
  let bound: Promise<Session> | undefined
  // Submits waiting for their answer, per session: a dropped connection fails them at once
  // instead of leaving each to its deadline.
  const inFlight = new WeakMap<Session, Set<(error: unknown) => void>>()
  const failInFlight = (session: Session) => {
    const waiting = inFlight.get(session)
    if (!waiting) return
    for (const reject of waiting) reject(fail('unavailable'))
    waiting.clear()
  }
  const fail = (kind: ProviderErrorKind, extra: { providerCode?: string; cause?: unknown } = {}) => new ProviderError(kind, { provider: name, operation: 'send', ...extra })

  /** Runs `start` under the deadline; `onTimeout` cleans up. */
  const withDeadline = <T>(start: (resolve: (value: T) => void, reject: (error: unknown) => void) => void, onTimeout?: () => void) =>
    new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => {
        onTimeout?.()
        reject(fail('timeout'))
      }, timeoutMs)
      start(
        (value) => {
          clearTimeout(timer)
          resolve(value)
        },
        (error) => {
          clearTimeout(timer)
          reject(error)
        },
      )
    })

  const bind = () =>
    withDeadline<Session>((resolve, reject) => {
      const session = smpp.connect({ url: options.url, auto_enquire_link_period: options.enquireLinkMs ?? 30_000 })
      const drop = () => {
        if (bound && current === session) bound = undefined
      }
      let current: Session | undefined = session
      inFlight.set(session, new Set())
      session.on('error', (error: unknown) => {
        drop()
        failInFlight(session)
        reject(fail('unavailable', { cause: error }))
      })
      session.on('close', () => {
        drop()
        failInFlight(session)
        reject(fail('unavailable'))
      })
      session.on('deliver_sm', (pdu: PDU) => {
        session.send(pdu.response())
        const report = readReceipt(pdu)
        if (!report) return
        pending.push(report)
        if (pending.length > maxPending) pending.splice(0, pending.length - maxPending)
      })
      session.on('connect', () => {
        session.bind_transceiver({ system_id: options.systemId, password: options.password, ...(options.systemType ? { system_type: options.systemType } : {}) }, (pdu) => {
          if (pdu.command_status === smpp.ESME_ROK) return resolve(session)
          current = undefined
          session.close()
          reject(fail('misconfigured', { providerCode: `0x${pdu.command_status.toString(16)}` }))
        })
      })
    })

  const session = () => {
    bound ??= bind().catch((error: unknown) => {
      bound = undefined
      throw error
    })
    return bound
  }

  return {
    name,
    channels,
    async send(message: OutboundMessage, callOptions): Promise<SendReceipt> {
      if (message.channel !== 'sms') throw fail('unsupported_channel')
      const signal = callOptions?.signal
      signal?.throwIfAborted()
      const s = await session()
      signal?.throwIfAborted()
      const body = fitsOneSms(message.text) ? { short_message: message.text } : { message_payload: message.text }
      const from = message.from ?? options.sourceAddr
      const waiting = inFlight.get(s)
      let settle: ((error: unknown) => void) | undefined
      const pdu = await withDeadline<PDU>((resolve, reject) => {
        settle = reject
        waiting?.add(reject)
        const sent = s.submit_sm(
          {
            source_addr: from,
            // Alphanumeric sender: TON 5; a number: international, E.164.
            source_addr_ton: /^\+?\d+$/.test(from) ? 1 : 5,
            source_addr_npi: /^\+?\d+$/.test(from) ? 1 : 0,
            destination_addr: message.to.replace(/^\+/, ''),
            dest_addr_ton: 1,
            dest_addr_npi: 1,
            registered_delivery: 1,
            ...body,
          },
          resolve,
        )
        if (!sent) reject(fail('unavailable'))
      }).finally(() => {
        if (settle) waiting?.delete(settle)
      })
      const status = pdu.command_status
      if (status === smpp.ESME_ROK) {
        const messageId = typeof pdu.message_id === 'string' ? pdu.message_id : undefined
        return { status: 'sent', ...(messageId ? { messageId } : {}) }
      }
      const providerCode = `0x${status.toString(16)}`
      if (status === smpp.ESME_RINVDSTADR) throw fail('invalid_phone_number', { providerCode })
      if (status === smpp.ESME_RTHROTTLED) throw fail('rate_limited', { providerCode })
      if (status === smpp.ESME_RMSGQFUL || status === smpp.ESME_RSYSERR) throw fail('unavailable', { providerCode })
      throw fail('misconfigured', { providerCode })
    },
    takeReports() {
      return pending.splice(0)
    },
    async close() {
      const current = bound
      bound = undefined
      if (!current) return
      const s = await current.catch(() => undefined)
      if (!s) return
      await new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          s.destroy()
          resolve()
        }, 1000)
        const sent = s.unbind({}, () => {
          clearTimeout(timer)
          s.close()
          resolve()
        })
        if (!sent) {
          clearTimeout(timer)
          resolve()
        }
      })
    },
  }
}
