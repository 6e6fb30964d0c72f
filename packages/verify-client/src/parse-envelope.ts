import type {
  Channel,
  SmsRate,
  SmsRatesResult,
  VerificationResult,
  VerificationStatus,
} from './verify-client'

/**
 * Readers of the service's success bodies. They are lenient where the spec is silent (number
 * or string scalars, letter case, a single object where a list is likely) and strict where the
 * caller relies on a value (an id, a known channel and status): they return `undefined` for a
 * body that is not the envelope, and the client turns that into `invalid_response`.
 */

const CHANNELS: ReadonlySet<string> = new Set<Channel>(['sms', 'call', 'email'])

/**
 * Statuses the wrapped service (Twilio Verify v2) may pass through, mapped onto the four the
 * spec lists. Twilio spells `canceled` with one `l`; `max_attempts_reached`, `failed` and
 * `deleted` are its other terminal states, in which the code can no longer be approved, which is
 * what `cancelled` means to the caller.
 */
const STATUSES: ReadonlyMap<string, VerificationStatus> = new Map([
  ['pending', 'pending'],
  ['approved', 'approved'],
  ['expired', 'expired'],
  ['cancelled', 'cancelled'],
  ['canceled', 'cancelled'],
  ['max_attempts_reached', 'cancelled'],
  ['failed', 'cancelled'],
  ['deleted', 'cancelled'],
])

type JsonObject = Record<string, unknown>

/** Whether `value` is a plain JSON object (not an array, not null). */
export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** A string field, accepting a finite number too (the service's JSON types are not shown). */
export function readScalar(value: unknown): string | undefined {
  if (typeof value === 'string') return value
  if (typeof value === 'number' && Number.isFinite(value)) return String(value)
  return undefined
}

/** The envelope fields shared by every success body; `undefined` when `data` is not an object. */
function readEnvelope(body: unknown) {
  if (!isJsonObject(body) || !isJsonObject(body.data)) return undefined
  return {
    data: body.data,
    statusCode: readScalar(body.statusCode) ?? '',
    statusMessage: readScalar(body.statusMessage) ?? '',
    transactionId: readScalar(body.transactionId) ?? '',
  }
}

/** Reads the envelope of create, get and verify, whose `data` is a Verification. */
export function parseVerificationResult(body: unknown): VerificationResult | undefined {
  const envelope = readEnvelope(body)
  if (envelope === undefined) return undefined
  const { data } = envelope
  const verificationId = readScalar(data.verificationId)
  const to = readScalar(data.to)
  const channel = readScalar(data.channel)?.toLowerCase()
  const status = STATUSES.get(readScalar(data.status)?.toLowerCase() ?? '')
  if (!verificationId || to === undefined || status === undefined) return undefined
  if (channel === undefined || !CHANNELS.has(channel)) return undefined
  return {
    verification: { verificationId, to, channel: channel as Channel, status },
    statusCode: envelope.statusCode,
    statusMessage: envelope.statusMessage,
    transactionId: envelope.transactionId,
  }
}

/** Reads the rate envelope; `supportedCountries` may be a list or a single object. */
export function parseSmsRates(body: unknown): SmsRatesResult | undefined {
  const envelope = readEnvelope(body)
  if (envelope === undefined) return undefined
  const raw = envelope.data.supportedCountries
  const entries = Array.isArray(raw) ? raw : isJsonObject(raw) ? [raw] : undefined
  if (entries === undefined) return undefined
  const countries: SmsRate[] = []
  for (const entry of entries) {
    if (!isJsonObject(entry)) return undefined
    const name = readScalar(entry.name)
    const code = readScalar(entry.code)
    const fee = readScalar(entry.fee)
    if (name === undefined || code === undefined || fee === undefined) return undefined
    countries.push({ name, code, fee })
  }
  return {
    countries,
    transactionId: envelope.transactionId,
    statusCode: envelope.statusCode,
    statusMessage: envelope.statusMessage,
  }
}
