/**
 * `createMemoryAdapter`: the engine in-process, with the inbox transport and a memory store,
 * behind the browser contract (`VerificationAdapter`). What the proxy adds around a provider —
 * validating addresses, the growing cooldown between sends, remembering an approval so a retried
 * check answers `approved` again — is done here as the proxy does it; codes, expiry, attempts and
 * sends are the engine's (see ARCHITECTURE.md, "One semantics").
 */
import {
  ALL_CHANNELS,
  COUNTRIES,
  DEFAULT_API_LOCALE,
  DEFAULT_VERIFICATION_LIMITS,
  HakikiError,
  PROBLEM_STATUS,
  compactPhoneNumber,
  isE164,
  isEmailAddress,
  isEmailChannel,
  parsePhoneNumber,
  readSubmittedCode,
  toApiLocale,
  toLanguageTag,
  verificationStatusAt,
  type AdapterCallOptions,
  type ApiLocale,
  type Channel,
  type CheckCodeResponse,
  type DeliveryStatus,
  type HakikiErrorCode,
  type RatesResponse,
  type StartVerificationRequest,
  type StartVerificationResponse,
  type VerificationAdapter,
  type VerificationStatusResponse,
} from '@hakiki/core'
import { isProviderError, type ProviderCall, type ProviderVerification } from '@hakiki/provider'
import { StoreUnavailableError, createMemoryStore } from '@hakiki/store'
import { createEngineWith } from '../create-engine-with'
import { randomHex, type KeyedHash } from '../engine-crypto'
import type { DeliveryReport, Transport } from '../transport'
import { createInboxTransport } from '../transports/create-inbox-transport'

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

/**
 * What the stand-in carrier does with a message: `delivered` at once (the inbox's way), `sent`
 * with no report ever, or `sent` then `undelivered` / `failed`, reported on the next read of the
 * verification (the flow re-reads while a message is on its way).
 */
export type MemoryDelivery = 'delivered' | 'sent' | 'undelivered' | 'failed'

/** A message the engine sent through the inbox; handed to `onSend` so a story or demo can show the code. */
export interface SentMessage {
  to: string
  channel: Channel
  code: string
  /** The API's spelling (`pr-BR`). */
  locale: ApiLocale
  verificationId: string
  /** The message as the engine wrote it (the SMS, the e-mail's text part, the call's script). */
  text: string
  /** The e-mail's subject. */
  subject?: string
  /** What the carrier does with it (option `delivery`). */
  delivery: MemoryDelivery
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
  /** Simulated network delay in ms (real timers); default 0, answered on microtasks only. */
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
  /**
   * What the carrier does with each channel's messages; default `delivered`. E.g.
   * `{ sms: 'undelivered' }` shows "Couldn't be delivered — try a call", and a call gets through.
   */
  delivery?: Partial<Record<Channel, MemoryDelivery>>
  /** The app's name in the messages ("Your Acme code is…"); default `Hakiki`. */
  appName?: string
}

/** The memory adapter: a {@link VerificationAdapter} plus handles for tests and stories. */
export interface MemoryAdapter extends VerificationAdapter {
  /** Adds failures to the script at run time (e.g. from a Storybook control). */
  failNext(failure: ScriptedFailure): void
  /** Every message sent so far, oldest first. */
  readonly sent: readonly SentMessage[]
}

/** What the adapter remembers of a verification, as the proxy does: the engine forgets approved ones. */
interface Session {
  readonly to: string
  readonly expiresAt: number
  sends: number
  /** Wrong codes so far (for `attemptsLeft`). */
  attempts: number
  ended?: 'approved' | 'cancelled'
  delivery?: DeliveryStatus
}

/**
 * An in-browser stand-in for `@hakiki/proxy`, for unit tests, Storybook and demos without a server:
 * `@hakiki/engine` in this process, sending through the inbox transport, with its state in a
 * memory store. It answers with the proxy's error codes and statuses: addresses validated like the
 * proxy (`invalid_phone_number`, `unsupported_country`, `invalid_email`, `unsupported_locale`),
 * `not_found` for unknown ids, `invalid_code_format` for anything but a code of `codeLength`
 * digits (no attempt spent), expiry (410 `expired`), wrong codes counted down to a cancelled
 * verification (then 429 `too_many_attempts`), and re-sends of the same code to the same address
 * once a growing cooldown is over: a start for the same address inside the cooldown is refused
 * with 429 `rate_limited` and `retryAfter`, as is a send past `maxSends`. A check of an approved
 * verification answers `approved` again without a second receipt. Start and status answers carry
 * the delivery status (option `delivery`). Receipts are not signed: never use it in production.
 *
 * It answers on microtasks only (no timer, no Web Crypto task) unless `latencyMs` is set, so
 * component tests with fake timers see every answer by flushing promises.
 */
export function createMemoryAdapter(options: MemoryAdapterOptions = {}): MemoryAdapter {
  const codeLength = options.codeLength ?? DEFAULT_VERIFICATION_LIMITS.codeLength
  if (!Number.isInteger(codeLength) || codeLength < 4 || codeLength > 10) throw new RangeError('codeLength must be 4 to 10')
  if (options.fixedCode !== undefined && !new RegExp(`^[0-9]{${codeLength}}$`).test(options.fixedCode)) {
    throw new RangeError(`fixedCode must be ${codeLength} ASCII digits`)
  }
  const maxAttempts = options.maxAttempts ?? DEFAULT_VERIFICATION_LIMITS.maxAttempts
  const cooldowns = options.cooldownsSeconds?.length ? options.cooldownsSeconds : [30, 60, 120]
  const now = options.now ?? Date.now
  const script: ScriptedFailure[] = Object.entries(options.fail ?? {}).map(([operation, code]) => ({
    operation: operation as AdapterOperation,
    code,
    times: Infinity,
  }))
  script.push(...(options.script ?? []).map((f) => ({ ...f })))
  const sessions = new Map<string, Session>()
  /** Per address: client-clock ms until which another send is refused (the proxy's cooldown gate). */
  const gates = new Map<string, number>()
  const sent: SentMessage[] = []

  const carrier = createCarrier(options, now, (message) => {
    sent.push(message)
    options.onSend?.(message)
  })
  const engine = createEngineWith(
    {
      // Unused by the stand-in's hash; the engine's options require key material.
      secret: crypto.getRandomValues(new Uint8Array(32)),
      appName: options.appName ?? 'Hakiki',
      routes: [{ transport: carrier }],
      codeLength,
      lifetimeSeconds: options.ttlSeconds ?? DEFAULT_VERIFICATION_LIMITS.lifetimeSeconds,
      maxAttempts,
      maxSends: options.maxSends ?? DEFAULT_VERIFICATION_LIMITS.maxSends,
      name: 'memory',
    },
    // Core's phone metadata (the covered countries, which the start validated already): the
    // engine's own default, every country's, would be most of this stand-in's bundle.
    { hash: standInHash(options.fixedCode), countryOf: coveredCountryOf },
  )
  const store = createMemoryStore({ now })
  const engineCall = (call: AdapterCallOptions | undefined): ProviderCall => ({ store, clock: { now }, ...(call?.signal ? { signal: call.signal } : {}) })

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

  function lookup(id: string): Session {
    const session = sessions.get(id)
    if (!session) throw problem('not_found', 'No such verification')
    return session
  }
  const attemptsLeft = (session: Session) => Math.max(0, maxAttempts - session.attempts)
  /** Seconds until the address may get a new code (at least 1), for a finished verification's 429. */
  const untilResend = (session: Session, at: number) => Math.max(1, Math.ceil(((gates.get(session.to) ?? 0) - at) / 1000))

  /** The proxy's answer to what the engine refused (its `upstream-problem.ts` table, for what the engine can answer). */
  function refusal(error: unknown, session?: Session): unknown {
    if (error instanceof StoreUnavailableError) return problem('store_unavailable', 'Try again later.', { retryAfter: 1 })
    if (!isProviderError(error)) return error
    switch (error.kind) {
      case 'max_sends':
        return problem('rate_limited', 'Too many codes sent to this address', { retryAfter: Math.max(1, Math.ceil(error.retryAfter ?? 60)) })
      case 'max_attempts':
        if (session) session.ended = 'cancelled'
        return problem('too_many_attempts', 'Request a new code.', { attemptsLeft: 0, retryAfter: session ? untilResend(session, now()) : undefined })
      case 'not_found':
        return problem('not_found', 'No such verification')
      case 'invalid_phone_number':
      case 'invalid_email':
      case 'unsupported_country':
      case 'unsupported_channel':
      case 'invalid_code_format':
        return problem(error.kind, error.message)
      default:
        return problem('upstream_unavailable', 'Try again later.', { retryAfter: 30 })
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
      let verification: ProviderVerification
      try {
        // The engine re-sends the pending verification of this address (same id, same code), or starts one.
        verification = await engine.start({ to, channel, locale: toLanguageTag(locale) }, engineCall(call))
      } catch (error) {
        throw refusal(error)
      }
      const expiresAt = verification.expiresAt ?? at
      let session = sessions.get(verification.id)
      if (session) session.sends += 1
      else sessions.set(verification.id, (session = { to, expiresAt, sends: 1, attempts: 0 }))
      session.delivery = verification.delivery
      const resendAt = at + cooldownMs(cooldowns, session.sends)
      gates.set(to, resendAt)
      return {
        id: verification.id,
        to,
        channel,
        status: verification.status,
        codeLength,
        expiresAt: iso(expiresAt),
        resendAt: iso(resendAt),
        attemptsLeft: attemptsLeft(session),
        serverTime: iso(now()),
        ...(verification.delivery ? { delivery: verification.delivery } : {}),
      } satisfies StartVerificationResponse
    },

    async check(id, code, call) {
      await begin('check', call)
      // The proxy's order: the verification first (404), then the code's format (400).
      const session = lookup(id)
      const digits = readSubmittedCode(code)
      if (digits === undefined) throw problem('invalid_code_format', 'A code is 4 to 10 digits')
      // As the proxy: a code of another length is wrong for sure, and spends no attempt (a typo).
      if (digits.length !== codeLength) throw problem('invalid_code_format', 'The code has the wrong number of digits.')
      const at = now()
      // A retried check (second tab, lost answer) learns it is approved, without a second receipt.
      if (session.ended === 'approved') return { id, status: 'approved', attemptsLeft: attemptsLeft(session), serverTime: iso(at) }
      if (at >= session.expiresAt) throw problem('expired', 'Request a new code.')
      if (session.ended === 'cancelled') throw problem('too_many_attempts', 'Request a new code.', { attemptsLeft: 0, retryAfter: untilResend(session, at) })
      let verification: ProviderVerification
      try {
        verification = await engine.check(id, digits, engineCall(call))
      } catch (error) {
        throw refusal(error, session)
      }
      switch (verification.status) {
        case 'approved':
          session.ended = 'approved'
          return { id, status: 'approved', attemptsLeft: attemptsLeft(session), receipt: `memory.${randomHex(16)}`, serverTime: iso(at) } satisfies CheckCodeResponse
        case 'expired':
          throw problem('expired', 'Request a new code.')
        case 'cancelled':
          session.attempts = maxAttempts
          session.ended = 'cancelled'
          return { id, status: 'cancelled', attemptsLeft: 0, serverTime: iso(at) } satisfies CheckCodeResponse
        default:
          session.attempts += 1
          return { id, status: 'pending', attemptsLeft: attemptsLeft(session), serverTime: iso(at) } satisfies CheckCodeResponse
      }
    },

    async status(id, call) {
      await begin('status', call)
      const session = lookup(id)
      let status = verificationStatusAt({ status: session.ended ?? 'pending', expiresAt: session.expiresAt }, now())
      // The engine forgets approved verifications (and, 10 minutes after expiry, every one): the
      // adapter's own memory answers for those, as the proxy's record does.
      if (status === 'pending') {
        try {
          const verification = await engine.status(id, engineCall(call))
          status = verification.status
          session.delivery = verification.delivery
        } catch (error) {
          if (!isProviderError(error, 'not_found')) throw refusal(error, session)
        }
      }
      return {
        id,
        status,
        expiresAt: iso(session.expiresAt),
        serverTime: iso(now()),
        ...(session.delivery ? { delivery: session.delivery } : {}),
      } satisfies VerificationStatusResponse
    },

    async rates(call) {
      await begin('rates', call)
      return structuredClone(options.rates ?? DEFAULT_RATES)
    },
  }
}

/**
 * The stand-in carrier: the inbox transport for every channel, reporting what option `delivery`
 * says. Undelivered and failed messages are reported through `takeReports`, as an SMSC's receipts
 * arrive on its own connection, and the engine applies them on its next call.
 */
function createCarrier(options: MemoryAdapterOptions, now: () => number, onSent: (message: SentMessage) => void): Transport {
  const inbox = createInboxTransport({ name: 'memory', channels: ALL_CHANNELS, now })
  const reports: DeliveryReport[] = []
  return {
    name: inbox.name,
    channels: inbox.channels,
    async send(message, call) {
      const receipt = await inbox.send(message, call)
      const outcome = options.delivery?.[message.channel] ?? 'delivered'
      onSent({
        to: message.to,
        channel: message.channel,
        code: message.code ?? '',
        locale: toApiLocale(message.locale) ?? DEFAULT_API_LOCALE,
        verificationId: message.verificationId ?? '',
        text: message.text,
        ...(message.subject === undefined ? {} : { subject: message.subject }),
        delivery: outcome,
      })
      if (outcome === 'delivered') return receipt
      if (outcome !== 'sent' && receipt.messageId !== undefined) reports.push({ messageId: receipt.messageId, status: outcome })
      return { ...receipt, status: 'sent' }
    },
    takeReports: () => reports.splice(0),
  }
}

/**
 * The stand-in's keyed hash: a random oracle. Each new input gets 32 bytes from the CSPRNG,
 * remembered so the same input hashes alike (a check recomputes the code it sent). Synchronous,
 * so the engine's answers need no task of the event loop (Web Crypto's HMAC resolves on one in
 * browsers). With `fixedCode`, a code's hash is its digits, which the engine reads as the code.
 */
function standInHash(fixedCode: string | undefined): KeyedHash {
  const drawn = new Map<string, Uint8Array>()
  return (purpose, text) => {
    if (purpose === 'codes' && fixedCode !== undefined) return Uint8Array.from(fixedCode, Number)
    const key = `${purpose}\u0000${text}`
    let bytes = drawn.get(key)
    if (!bytes) drawn.set(key, (bytes = crypto.getRandomValues(new Uint8Array(32))))
    return bytes
  }
}

/** The covered country of a valid E.164 number, by core's metadata; `undefined` otherwise. */
function coveredCountryOf(e164: string): string | undefined {
  const phone = parsePhoneNumber(e164)
  return phone.error === undefined ? phone.country : undefined
}

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
