import {
  ALL_CHANNELS,
  type Channel,
  type CheckCodeResponse,
  type RatesResponse,
  type StartVerificationRequest,
  type StartVerificationResponse,
  type VerificationStatus,
  type VerificationStatusResponse,
} from './contract'
import { isEmailChannel } from '../rules/channel-info'
import { COUNTRIES } from '../phone/countries'
import { HakikiError, type HakikiErrorCode } from './hakiki-error'
import { DEFAULT_API_LOCALE, toApiLocale, type ApiLocale } from '../rules/locales'
import { parsePhoneNumber } from '../phone/phone'
import { compactPhoneNumber, isE164, isEmailAddress, PROBLEM_STATUS, readSubmittedCode } from '../rules'
import { canSendAgain, DEFAULT_VERIFICATION_LIMITS, statusAfterWrongCode, verificationStatusAt, type VerificationLimits } from '../rules/verification-limits'
import type { AdapterCallOptions, VerificationAdapter } from './verification-adapter'

/** The adapter operations, for scripted failures. */
export type AdapterOperation = 'start' | 'check' | 'status' | 'rates'

/** A failure the memory adapter answers with instead of doing the operation. */
export interface ScriptedFailure {
  operation: AdapterOperation
  code: HakikiErrorCode
  /** How many calls fail; default 1. `Infinity` for every call. */
  times?: number
  retryAfter?: number
  attemptsLeft?: number
  detail?: string
}

/** A message the memory adapter "sent"; handed to `onSend` so a story or demo can show the code. */
export interface SentMessage {
  to: string
  channel: Channel
  code: string
  /** The API's spelling (`pr-BR`). */
  locale: ApiLocale
  verificationId: string
}

/** Options of {@link createMemoryAdapter}; the limits default to `DEFAULT_VERIFICATION_LIMITS`, the engine's. */
export interface MemoryAdapterOptions {
  /** Digits per code, 4 to 10; default `DEFAULT_VERIFICATION_LIMITS.codeLength` (6). */
  codeLength?: number
  /** Lifetime of a verification in seconds; default `DEFAULT_VERIFICATION_LIMITS.lifetimeSeconds` (600). */
  ttlSeconds?: number
  /** Wrong codes before the verification is cancelled; default `DEFAULT_VERIFICATION_LIMITS.maxAttempts` (5). */
  maxAttempts?: number
  /** Sends per verification (first plus re-sends); default `DEFAULT_VERIFICATION_LIMITS.maxSends` (5), then `rate_limited`. */
  maxSends?: number
  /** Waits before each re-send, in seconds; the last one repeats. Default `[30, 60, 120]`. */
  cooldownsSeconds?: readonly number[]
  /** Clock in epoch ms; default `Date.now`. Inject one to drive expiry and cooldowns in tests. */
  now?: () => number
  /** Simulated network delay in ms (real timers); default 0, answered on the next microtask. */
  latencyMs?: number
  /** Operations that always fail with this code (a shorthand for `script` with `times: Infinity`). */
  fail?: Partial<Record<AdapterOperation, HakikiErrorCode>>
  /** Failures consumed in order, per operation: `[{ operation: 'check', code: 'upstream_unavailable' }]`. */
  script?: readonly ScriptedFailure[]
  /** Every code sent, e.g. to show it in a Storybook panel. Never wire this up in production. */
  onSend?: (message: SentMessage) => void
  /** The code every verification gets, for deterministic stories; default random digits. */
  fixedCode?: string
  /** The answer of `rates()`; default the covered countries at `0.0500` USD. */
  rates?: RatesResponse
}

/** The memory adapter: a {@link VerificationAdapter} plus handles for tests and stories. */
export interface MemoryAdapter extends VerificationAdapter {
  /** Adds failures to the script at run time (e.g. from a Storybook control). */
  failNext(failure: ScriptedFailure): void
  /** Every message sent so far, oldest first. */
  readonly sent: readonly SentMessage[]
}

interface StoredVerification {
  id: string
  to: string
  channel: Channel
  locale: ApiLocale
  code: string
  /** As the engine keeps it: expiry is never stored, only computed (`verificationStatusAt`). */
  status: 'pending' | 'approved' | 'cancelled'
  expiresAt: number
  resendAt: number
  sends: number
  /** Wrong codes so far. */
  attempts: number
}

/**
 * An in-browser stand-in for `@hakiki/proxy`, for unit tests, Storybook and demos without a server.
 * It enforces the proxy's rules and answers with its error codes and statuses: addresses validated
 * like the proxy (`invalid_phone_number`, `unsupported_country`, `invalid_email`,
 * `unsupported_locale`), `not_found` for unknown ids, `invalid_code_format` for anything but 4–10
 * digits, expiry (410 `expired`), wrong codes counted down to a cancelled verification (then 429
 * `too_many_attempts`), and re-sends of the same code to the same address once a growing cooldown
 * is over: a start for the same address inside the cooldown is refused with 429 `rate_limited` and
 * `retryAfter`, as is a send past `maxSends`. A check of an approved verification answers
 * `approved` again without a second receipt. Receipts are not signed: never use it in production.
 *
 * The verification rules (limits and their defaults, expiry, attempts, sends) are core's
 * `rules/verification-limits.ts`, the functions `@hakiki/engine` applies, so this stand-in, the
 * sandbox and a server on the engine answer alike (see ARCHITECTURE.md, "One semantics").
 */
export function createMemoryAdapter(options: MemoryAdapterOptions = {}): MemoryAdapter {
  const limits: VerificationLimits = {
    codeLength: options.codeLength ?? DEFAULT_VERIFICATION_LIMITS.codeLength,
    lifetimeSeconds: options.ttlSeconds ?? DEFAULT_VERIFICATION_LIMITS.lifetimeSeconds,
    maxAttempts: options.maxAttempts ?? DEFAULT_VERIFICATION_LIMITS.maxAttempts,
    maxSends: options.maxSends ?? DEFAULT_VERIFICATION_LIMITS.maxSends,
  }
  const { codeLength } = limits
  if (!Number.isInteger(codeLength) || codeLength < 4 || codeLength > 10) throw new RangeError('codeLength must be 4 to 10')
  if (options.fixedCode !== undefined && !new RegExp(`^[0-9]{${codeLength}}$`).test(options.fixedCode)) {
    throw new RangeError(`fixedCode must be ${codeLength} ASCII digits`)
  }
  const cooldowns = options.cooldownsSeconds?.length ? options.cooldownsSeconds : [30, 60, 120]
  const now = options.now ?? Date.now
  const script: ScriptedFailure[] = Object.entries(options.fail ?? {}).map(([operation, code]) => ({
    operation: operation as AdapterOperation,
    code,
    times: Infinity,
  }))
  script.push(...(options.script ?? []).map((f) => ({ ...f })))
  const verifications = new Map<string, StoredVerification>()
  /** Per address: client-clock ms until which another send is refused (the proxy's cooldown gate). */
  const gates = new Map<string, number>()
  const sent: SentMessage[] = []

  async function begin(operation: AdapterOperation, call: AdapterCallOptions | undefined): Promise<void> {
    await delay(options.latencyMs ?? 0, call?.signal)
    const index = script.findIndex((f) => f.operation === operation)
    const failure = script[index]
    if (!failure) return
    const times = (failure.times ?? 1) - 1
    if (times <= 0) script.splice(index, 1)
    else failure.times = times
    throw new HakikiError(failure.code, failure.detail, {
      status: statusOf(failure.code),
      detail: failure.detail,
      retryAfter: failure.retryAfter,
      attemptsLeft: failure.attemptsLeft,
    })
  }

  function lookup(id: string): StoredVerification {
    const record = verifications.get(id)
    if (!record) throw problem('not_found', 'No such verification')
    return record
  }
  /** Expiry is decided on every read from the clock, as the engine does, so an injected clock is all tests need. */
  const statusAt = (record: StoredVerification, at = now()): VerificationStatus => verificationStatusAt(record, at)
  const attemptsLeft = (record: StoredVerification) => limits.maxAttempts - record.attempts

  function send(record: StoredVerification): void {
    const message: SentMessage = { to: record.to, channel: record.channel, code: record.code, locale: record.locale, verificationId: record.id }
    sent.push(message)
    options.onSend?.(message)
  }

  function started(record: StoredVerification): StartVerificationResponse {
    return {
      id: record.id,
      to: record.to,
      channel: record.channel,
      status: statusAt(record),
      codeLength,
      expiresAt: iso(record.expiresAt),
      resendAt: iso(record.resendAt),
      attemptsLeft: attemptsLeft(record),
      serverTime: iso(now()),
    }
  }

  return {
    sent,
    failNext(failure) {
      script.push({ ...failure })
    },

    async start(request, call) {
      await begin('start', call)
      const { to, channel, locale } = validateStart(request)
      const at = now()
      const gate = gates.get(to) ?? 0
      if (at < gate) throw problem('rate_limited', 'Wait before requesting another code.', { retryAfter: Math.ceil((gate - at) / 1000) })
      const pending = [...verifications.values()].find((r) => r.to === to && statusAt(r, at) === 'pending')
      let record: StoredVerification
      if (pending) {
        if (!canSendAgain(pending.sends, limits)) {
          throw problem('rate_limited', 'Too many codes sent to this address', { retryAfter: Math.ceil((pending.expiresAt - at) / 1000) })
        }
        // Like the API, a pending verification is re-sent with the same code, by the new channel.
        record = pending
        record.sends += 1
        record.channel = channel
        record.locale = locale
      } else {
        record = {
          id: `VE${randomHex(16)}`,
          to,
          channel,
          locale,
          code: options.fixedCode ?? randomDigits(codeLength),
          status: 'pending',
          expiresAt: at + limits.lifetimeSeconds * 1000,
          resendAt: 0,
          sends: 1,
          attempts: 0,
        }
        verifications.set(record.id, record)
      }
      record.resendAt = at + cooldownMs(cooldowns, record.sends)
      gates.set(to, record.resendAt)
      send(record)
      return started(record)
    },

    async check(id, code, call) {
      await begin('check', call)
      // The proxy's order: the verification first (404), then the code's format (400).
      const record = lookup(id)
      const digits = readSubmittedCode(code)
      if (digits === undefined) throw problem('invalid_code_format', 'A code is 4 to 10 digits')
      const at = now()
      const status = statusAt(record, at)
      // A retried check (second tab, lost answer) learns it is approved, without a second receipt.
      if (status === 'approved') return { id, status: 'approved', attemptsLeft: attemptsLeft(record), serverTime: iso(at) }
      if (status === 'expired') throw problem('expired', 'Request a new code.')
      if (status === 'cancelled') {
        const retryAfter = Math.max(1, Math.ceil(((gates.get(record.to) ?? 0) - at) / 1000))
        throw problem('too_many_attempts', 'Request a new code.', { attemptsLeft: 0, retryAfter })
      }
      if (digits === record.code) {
        record.status = 'approved'
        return { id, status: 'approved', attemptsLeft: attemptsLeft(record), receipt: `memory.${randomHex(16)}`, serverTime: iso(at) } satisfies CheckCodeResponse
      }
      record.attempts += 1
      record.status = statusAfterWrongCode(record.attempts, limits)
      return { id, status: record.status, attemptsLeft: attemptsLeft(record), serverTime: iso(at) } satisfies CheckCodeResponse
    },

    async status(id, call) {
      await begin('status', call)
      const record = lookup(id)
      return { id, status: statusAt(record), expiresAt: iso(record.expiresAt), serverTime: iso(now()) } satisfies VerificationStatusResponse
    },

    async rates(call) {
      await begin('rates', call)
      return structuredClone(options.rates ?? DEFAULT_RATES)
    },
  }
}

/** HTTP statuses the proxy answers each code with, so `error.status` looks the same in tests. */

const DEFAULT_RATES: RatesResponse = {
  currency: 'USD',
  countries: COUNTRIES.map(({ name, iso2, dialCode }) => ({ name, iso2, dialCode, fee: '0.0500' })),
}

/** The proxy's status for a problem code; none for the client-side `network_error` and `invalid_response`. */
function statusOf(code: HakikiErrorCode): number | undefined {
  return Object.hasOwn(PROBLEM_STATUS, code) ? PROBLEM_STATUS[code as keyof typeof PROBLEM_STATUS] : undefined
}

function problem(code: HakikiErrorCode, detail: string, init: { retryAfter?: number; attemptsLeft?: number } = {}): HakikiError {
  return new HakikiError(code, detail, { status: statusOf(code), detail, ...init })
}

function validateStart(request: StartVerificationRequest): { to: string; channel: Channel; locale: ApiLocale } {
  if (typeof request !== 'object' || request === null || typeof request.to !== 'string' || request.to.length > 320) {
    throw problem('invalid_request', '`to` must be a string')
  }
  if (request.to.trim() === '') throw problem('invalid_request', '`to` is required')
  const channel = request.channel ?? 'sms'
  if (!ALL_CHANNELS.includes(channel)) throw problem('invalid_request', `\`channel\` must be one of ${ALL_CHANNELS.join(', ')}`)
  const locale = request.locale === undefined ? DEFAULT_API_LOCALE : toApiLocale(String(request.locale))
  if (!locale) throw problem('unsupported_locale', 'This locale is not supported')
  if (isEmailChannel(channel)) {
    const to = request.to.trim()
    if (!isEmailAddress(to)) throw problem('invalid_email', 'Not an e-mail address')
    // Lower-cased whole, as the proxy does: one spelling per mailbox keeps limits per address honest.
    return { to: to.toLowerCase(), channel, locale }
  }
  // The proxy's order: E.164 form first, then coverage, then validity.
  const compact = compactPhoneNumber(request.to)
  if (!isE164(compact)) throw problem('invalid_phone_number', 'Not an E.164 phone number')
  const phone = parsePhoneNumber(compact)
  if (phone.error === 'unsupported_country') throw problem('unsupported_country', 'Codes cannot be sent to this country')
  if (phone.error !== undefined) throw problem('invalid_phone_number', 'Not an E.164 phone number')
  return { to: phone.e164, channel, locale }
}

function cooldownMs(cooldowns: readonly number[], sends: number): number {
  return (cooldowns[Math.min(sends, cooldowns.length) - 1] ?? 0) * 1000
}

function iso(ms: number): string {
  return new Date(ms).toISOString()
}

function randomHex(bytes: number): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(bytes)), (b) => b.toString(16).padStart(2, '0')).join('')
}

/** Uniform digits: bytes of 250 or more are dropped, as 250 is the largest multiple of 10 under 256. */
function randomDigits(length: number): string {
  let digits = ''
  while (digits.length < length) {
    for (const byte of crypto.getRandomValues(new Uint8Array(length))) {
      if (byte < 250 && digits.length < length) digits += String(byte % 10)
    }
  }
  return digits
}

function delay(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason)
    if (ms <= 0) return queueMicrotask(resolve)
    const onAbort = () => {
      clearTimeout(timer)
      reject(signal?.reason)
    }
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort)
      resolve()
    }, ms)
    signal?.addEventListener('abort', onAbort, { once: true })
  })
}
