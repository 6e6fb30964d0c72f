/**
 * The engine itself, over the keyed hash and the phone-country reader it is given:
 * `createEngineProvider` (the public one) gives HMAC-SHA-256 under the secret and
 * libphonenumber-js's metadata of every country; the in-process stand-in
 * (`memory-adapter/create-memory-adapter.ts`) a synchronous hash and core's metadata. Not a public
 * entry: what varies here is not an app's to choose.
 *
 * Codes come from the CSPRNG through a keyed derivation and are never stored (`engine-crypto.ts`);
 * the limits are core's (`@hakiki/core`'s verification limits); the state lives in the caller's
 * store (port v2), so several server instances share it; messages are the 36-locale templates;
 * transports deliver them over ordered routes with failover.
 *
 * Atomicity: sends and wrong codes are counted with the store's all-or-nothing `take`, so racing
 * requests can neither send more than `maxSends` nor try more than `maxAttempts` codes; approval
 * is a compare-and-set delete, so one code approves once.
 */
import {
  assertVerificationLimits,
  DEFAULT_VERIFICATION_LIMITS,
  isE164,
  isEmailAddress,
  readSubmittedCode,
  statusAfterWrongCode,
  verificationStatusAt,
  type Channel,
  type VerificationLimits,
} from '@hakiki/core'
import {
  ProviderError,
  isProviderError,
  type DeliveryStatus,
  type ProviderCall,
  type ProviderErrorKind,
  type ProviderOperation,
  type ProviderStartInput,
  type ProviderVerification,
  type VerifyProvider,
} from '@hakiki/provider'
import { base64url, constantTimeEqual, deriveCode, randomHex, type KeyedHash } from './engine-crypto'
import type { DeliveryEvent, EngineOptions, Route } from './engine-options'
import { parseRecord, type DeliveryState, type EngineRecord } from './engine-record'
import { createComposer } from './compose-message'
import { coverageOf, routeChannels, selectRoutes } from './select-routes'
import type { DeliveryReport, Transport } from './transport'

/** The shape of the engine's verification ids. */
const ENGINE_ID = /^VE[0-9a-f]{32}$/

/** How long a record outlives its code, so a read just after expiry answers `expired` rather than 404. */
const RETENTION_SECONDS = 600

/** How many times a check reads again while other checks hold every attempt (see `check`). */
const HELD_ATTEMPT_WAITS = 10

/** Waits `ms`, letting concurrent requests finish their writes. */
const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

/** Whole seconds until the code expires, at least 1 (a store window's length). */
const secondsLeft = (record: EngineRecord, now: number) => Math.max(1, Math.ceil((record.expiresAt - now) / 1000))
/** How long the record (and its counters) stay in the store. */
const recordTtl = (record: EngineRecord, now: number) => secondsLeft(record, now) + RETENTION_SECONDS

/** The verification as the provider answers it. */
const view = (record: EngineRecord, now: number, status = verificationStatusAt(record, now)): EngineVerification => ({
  id: record.id,
  to: record.to,
  channel: record.channel,
  status,
  delivery: record.delivery.status,
  expiresAt: record.expiresAt,
  ...(record.delivery.transport === '' ? {} : { route: record.delivery.transport }),
})

/** A verification as the engine answers it: the port's, plus the route of its latest send. */
export interface EngineVerification extends ProviderVerification {
  /** Name of the transport that carried the latest send (a bounded set: the configured routes'), for metrics and logs. */
  route?: string
}

/** The engine as a provider, plus what only the engine has. */
export interface EngineProvider extends VerifyProvider {
  start(input: ProviderStartInput, call: ProviderCall): Promise<EngineVerification>
  check(id: string, code: string, call: ProviderCall): Promise<EngineVerification>
  status(id: string, call: ProviderCall): Promise<EngineVerification>
  cancel(id: string, call: ProviderCall): Promise<EngineVerification>
  /** The routes, in order (read-only). */
  readonly routes: readonly Route[]
  /** Applies reports that came outside a webhook (e.g. from a test, or a queue); `transport` is the transport's name. */
  applyReports(transport: string, reports: readonly DeliveryReport[], call: ProviderCall): Promise<void>
  /** Closes every transport's connections. */
  close(): Promise<void>
}

/** What varies between the engine and its in-process stand-in. */
export interface EngineInternals {
  /** The keyed hash of codes and address keys. */
  hash: KeyedHash
  /** The ISO country of a valid E.164 number (`'001'` non-geographic), `undefined` when invalid. */
  countryOf: (e164: string) => string | undefined
}

/** Creates the engine over `internals`. Throws a TypeError for options that cannot work (limits out of range, no route, duplicate transport names). */
export function createEngineWith(options: EngineOptions, internals: EngineInternals): EngineProvider {
  const { hash, countryOf } = internals
  const limits: VerificationLimits = {
    codeLength: options.codeLength ?? DEFAULT_VERIFICATION_LIMITS.codeLength,
    lifetimeSeconds: options.lifetimeSeconds ?? DEFAULT_VERIFICATION_LIMITS.lifetimeSeconds,
    maxAttempts: options.maxAttempts ?? DEFAULT_VERIFICATION_LIMITS.maxAttempts,
    maxSends: options.maxSends ?? DEFAULT_VERIFICATION_LIMITS.maxSends,
  }
  assertVerificationLimits(limits)
  const routes = [...options.routes]
  if (routes.length === 0) throw new TypeError('routes: give at least one route')
  const transports = new Map<string, Transport>()
  for (const { transport } of routes) {
    const known = transports.get(transport.name)
    if (known && known !== transport) throw new TypeError(`routes: two transports are named "${transport.name}"`)
    transports.set(transport.name, transport)
  }
  const channels = [...new Set(routes.flatMap(routeChannels))]
  const reportTimeoutMs = (options.reportTimeoutSeconds ?? 120) * 1000
  const name = options.name ?? 'engine'
  const prefix = options.keyPrefix ?? 'hakiki:engine:'
  const compose = createComposer(options)
  const codeHash = (text: string) => hash('codes', text)

  /** Tells `onDelivery`; an observer that throws never breaks a report or a send. */
  const notify = (event: DeliveryEvent) => {
    try {
      options.onDelivery?.(event)
    } catch {
      // An observer's own failure is its own.
    }
  }
  const fail = (kind: ProviderErrorKind, operation: ProviderOperation, extra: { retryAfter?: number; cause?: unknown } = {}) =>
    new ProviderError(kind, { provider: name, operation, ...extra })
  const keys = {
    record: (id: string) => `${prefix}v:${id}`,
    sends: (id: string) => `${prefix}s:${id}`,
    attempts: (id: string) => `${prefix}a:${id}`,
    message: (transport: string, messageId: string) => `${prefix}m:${transport}:${messageId}`,
    // Addresses appear in keys only as keyed hashes: a store listing shows no phone numbers.
    address: async (to: string) => `${prefix}to:${base64url(await hash('addresses', to.toLowerCase())).slice(0, 32)}`,
  }
  const load = async (id: string, call: ProviderCall) => {
    // Ids are the engine's own (`VE` + 32 hex): anything else is unknown, and never becomes a store key.
    if (!ENGINE_ID.test(id)) return { text: undefined, record: undefined }
    const [text] = await call.store.get([keys.record(id)])
    return { text, record: parseRecord(text, id) }
  }

  const candidatesOf = (record: Pick<EngineRecord, 'channel' | 'to'>) =>
    selectRoutes(routes, record.channel, record.channel === 'email' ? undefined : countryOf(record.to))

  /**
   * Sends the record's code over its channel, trying routes from `from` on until one accepts.
   * Rejects with the caller's abort reason, or with the refusal every route agreed on
   * (`invalid_phone_number`, …), or `unavailable`.
   */
  const sendFrom = async (record: EngineRecord, from: number, call: ProviderCall): Promise<DeliveryState> => {
    const candidates = candidatesOf(record)
    const code = await deriveCode(codeHash, record.id, record.seed, limits.codeLength)
    const errors: ProviderError[] = []
    for (let index = from; index < candidates.length; index++) {
      call.signal?.throwIfAborted()
      const transport = candidates[index]!.transport
      const message = compose({ channel: record.channel, to: record.to, locale: record.locale, code, secondsLeft: (record.expiresAt - call.clock.now()) / 1000, reference: `${record.id}-${record.sends}-${index}`, verificationId: record.id })
      try {
        const receipt = await transport.send(message, { signal: call.signal })
        return { status: receipt.status, route: index, transport: transport.name, at: call.clock.now(), ...(receipt.messageId === undefined ? {} : { messageId: receipt.messageId }) }
      } catch (error) {
        if (call.signal?.aborted) throw call.signal.reason
        errors.push(isProviderError(error) ? error : fail('unavailable', 'send', { cause: error }))
      }
    }
    const kinds = new Set(errors.map((e) => e.kind))
    const agreed = kinds.size === 1 ? [...kinds][0]! : undefined
    const kind: ProviderErrorKind = agreed === 'invalid_phone_number' || agreed === 'invalid_email' || agreed === 'unsupported_country' ? agreed : 'unavailable'
    throw fail(kind, 'start', { cause: errors.length === 1 ? errors[0] : new AggregateError(errors, 'every route failed') })
  }

  /** Saves the record and, when the delivery names a message, the key reports find it by. */
  const save = (record: EngineRecord, now: number, extra: { delete?: string[]; expect?: { key: string; value: string | undefined }[] } = {}) => {
    const ttlSeconds = recordTtl(record, now)
    const set = [{ key: keys.record(record.id), value: JSON.stringify(record), ttlSeconds }]
    const { messageId, transport } = record.delivery
    if (messageId !== undefined) set.push({ key: keys.message(transport, messageId), value: record.id, ttlSeconds })
    return { set, ...extra }
  }

  /**
   * Moves a pending verification to its next route, with the same code; keeps it as it is when there
   * is none. `stored` is the record's text as read: the write is a compare-and-set on it, so a
   * verification approved or cancelled meanwhile is never written back.
   */
  const failover = async (record: EngineRecord, stored: string | undefined, now: number, call: ProviderCall): Promise<EngineRecord> => {
    let delivery: DeliveryState
    try {
      delivery = await sendFrom(record, record.delivery.route + 1, call)
    } catch (error) {
      if (call.signal?.aborted) throw error
      return record
    }
    const next = { ...record, delivery }
    await call.store.write(save(next, now, { expect: [{ key: keys.record(record.id), value: stored }] }))
    notify({ verificationId: record.id, channel: record.channel, to: record.to, route: delivery.transport, status: delivery.status, failover: true })
    return next
  }

  const applyReports = async (transportName: string, reports: readonly DeliveryReport[], call: ProviderCall) => {
    for (const report of reports) {
      const [id] = await call.store.get([keys.message(transportName, report.messageId)])
      if (id === undefined) continue
      const { text, record } = await load(id, call)
      if (!record || record.delivery.transport !== transportName || record.delivery.messageId !== report.messageId) continue
      const now = call.clock.now()
      const updated: EngineRecord = { ...record, delivery: { ...record.delivery, status: report.status, at: now } }
      const failed = report.status === 'failed' || report.status === 'undelivered'
      notify({ verificationId: id, channel: record.channel, to: record.to, route: transportName, status: report.status })
      if (failed && verificationStatusAt(record, now) === 'pending' && record.delivery.route + 1 < candidatesOf(record).length) {
        await failover(updated, text, now, call)
      } else {
        await call.store.write(save(updated, now, { expect: [{ key: keys.record(id), value: text }] }))
      }
    }
  }

  /** Applies what transports with their own connection (SMPP) received since the last call. */
  const drainReports = async (call: ProviderCall) => {
    for (const transport of transports.values()) {
      const reports = transport.takeReports?.()
      if (reports?.length) await applyReports(transport.name, reports, call)
    }
  }

  const reportsExpected = (transportName: string) => {
    const t = transports.get(transportName)
    return Boolean(t?.readReports ?? t?.takeReports)
  }

  const start = async (input: ProviderStartInput, call: ProviderCall): Promise<ProviderVerification> => {
    const { to, channel, locale } = input
    if (!channels.includes(channel)) throw fail('unsupported_channel', 'start')
    if (channel === 'email') {
      if (!isEmailAddress(to)) throw fail('invalid_email', 'start')
    } else if (!isE164(to) || countryOf(to) === undefined) {
      throw fail('invalid_phone_number', 'start')
    }
    if (input.codeLength !== undefined && input.codeLength !== limits.codeLength) throw fail('misconfigured', 'start')
    if (candidatesOf({ channel, to }).length === 0) throw fail(channel === 'email' ? 'unsupported_channel' : 'unsupported_country', 'start')
    call.signal?.throwIfAborted()
    await drainReports(call)
    const now = call.clock.now()
    const addressKeyOf = await keys.address(to)

    for (let round = 0; round < 2; round++) {
      // The pending verification this start re-sends: the one the caller names, else this address's.
      const [pointer] = await call.store.get([addressKeyOf])
      // A named verification of another address (or a finished one) is no reason to ignore this address's own.
      for (const pendingId of new Set([input.resend?.id, pointer])) {
        if (pendingId === undefined) continue
        const { text: pendingText, record: pending } = await load(pendingId, call)
        if (pending && pending.to.toLowerCase() === to.toLowerCase() && verificationStatusAt(pending, now) === 'pending') {
          return resend(pending, pendingText, { channel, locale }, now, call)
        }
      }
      const id = `VE${randomHex(16)}`
      const record: EngineRecord = {
        v: 1,
        id,
        to,
        channel,
        locale,
        seed: randomHex(16),
        createdAt: now,
        expiresAt: now + limits.lifetimeSeconds * 1000,
        sends: 1,
        status: 'pending',
        delivery: { status: 'queued', route: 0, transport: '', at: now },
      }
      // Written before the send, so a code never goes out for a verification that cannot be checked;
      // the pointer's compare-and-set makes two racing starts for one address one verification.
      // The id must be new too: ids are 128 random bits, so only a broken random source collides.
      const written = save(record, now, { expect: [{ key: addressKeyOf, value: pointer }, { key: keys.record(id), value: undefined }] })
      written.set.push({ key: addressKeyOf, value: id, ttlSeconds: limits.lifetimeSeconds })
      call.signal?.throwIfAborted()
      if (!(await call.store.write(written))) continue
      await call.store.take([{ key: keys.sends(id), windowSeconds: limits.lifetimeSeconds, limit: limits.maxSends }])
      try {
        record.delivery = await sendFrom(record, 0, call)
      } catch (error) {
        // Nothing went out: the verification goes, so the next start is a fresh one.
        await call.store.write({ delete: [keys.record(id), keys.sends(id), addressKeyOf], expect: [{ key: addressKeyOf, value: id }] }).catch(() => {})
        throw error
      }
      await call.store.write(save(record, now))
      return view(record, now)
    }
    throw fail('unavailable', 'start')
  }

  /** Sends the pending verification's code again (same id, same code, same expiry), over `channel`. */
  const resend = async (pending: EngineRecord, stored: string | undefined, change: { channel: Channel; locale: string }, now: number, call: ProviderCall) => {
    const taken = await call.store.take([{ key: keys.sends(pending.id), windowSeconds: secondsLeft(pending, now), limit: limits.maxSends }])
    if (!taken.ok) throw fail('max_sends', 'start', { retryAfter: taken.retryAfterSeconds })
    const next: EngineRecord = { ...pending, ...change, sends: pending.sends + 1 }
    try {
      next.delivery = await sendFrom(next, 0, call)
    } catch (error) {
      // Nothing went out: the send is given back.
      await call.store.give([{ key: keys.sends(pending.id), windowSeconds: secondsLeft(pending, now) }])
      throw error
    }
    // Compare-and-set: a check that approved (or ended) the verification while the message was on its
    // way must not be undone by writing the record back. Another re-send racing this one is merged.
    if (await call.store.write(save(next, now, { expect: [{ key: keys.record(pending.id), value: stored }] }))) return view(next, now)
    const { text, record: current } = await load(pending.id, call)
    if (!current || verificationStatusAt(current, now) !== 'pending') throw fail('not_found', 'start')
    const merged: EngineRecord = { ...current, ...change, sends: current.sends + 1, delivery: next.delivery }
    await call.store.write(save(merged, now, { expect: [{ key: keys.record(pending.id), value: text }] }))
    return view(merged, now)
  }

  const check = async (id: string, submitted: string, call: ProviderCall): Promise<ProviderVerification> => {
    await drainReports(call)
    // `round` counts lost compare-and-sets (re-sends racing the check); `waits`, reads again while
    // other checks hold every attempt.
    for (let round = 0, waits = 0; round < 3; round++) {
      const { text, record } = await load(id, call)
      if (!record) throw fail('not_found', 'check')
      const now = call.clock.now()
      const status = verificationStatusAt(record, now)
      if (status === 'cancelled') throw fail(record.endedBy === 'attempts' ? 'max_attempts' : 'not_found', 'check')
      if (status === 'expired') return view(record, now)
      const code = readSubmittedCode(submitted)
      if (code === undefined || code.length !== limits.codeLength) throw fail('invalid_code_format', 'check')
      const taken = await call.store.take([{ key: keys.attempts(id), windowSeconds: recordTtl(record, now), limit: limits.maxAttempts }])
      if (!taken.ok) {
        // Attempts full on a pending record is a moment, not a state: the check that takes the last
        // attempt with a wrong code cancels the record, so here concurrent checks of the right code
        // (a double submit, several instances) each hold one until the winner's compare-and-set
        // removes the verification. Read again once they had time to finish (HMAC and store round
        // trips; backing off, ≈ 1.3 s in all): gone means approved by another request (404 as for
        // any ended verification); a record still pending after that is out of attempts.
        if (waits < HELD_ATTEMPT_WAITS) {
          await pause(Math.min(5 * 2 ** waits, 250))
          waits += 1
          round -= 1
          continue
        }
        throw fail('max_attempts', 'check')
      }
      const expected = await deriveCode(codeHash, record.id, record.seed, limits.codeLength)
      const addressKeyOf = await keys.address(record.to)
      const [pointer] = await call.store.get([addressKeyOf])
      const forget = pointer === id ? [addressKeyOf] : []
      const expectations = [
        { key: keys.record(id), value: text },
        { key: addressKeyOf, value: pointer },
      ]
      if (constantTimeEqual(code, expected)) {
        // Approved once: the record goes, and only the request whose compare-and-set wins says so.
        if (await call.store.write({ delete: [keys.record(id), keys.attempts(id), keys.sends(id), ...forget], expect: expectations })) return view(record, now, 'approved')
        await call.store.give([{ key: keys.attempts(id), windowSeconds: recordTtl(record, now) }])
        continue
      }
      const [used] = await call.store.get([keys.attempts(id)])
      if (statusAfterWrongCode(Number(used ?? limits.maxAttempts), limits) === 'pending') return view(record, now)
      const ended: EngineRecord = { ...record, status: 'cancelled', endedBy: 'attempts' }
      await call.store.write(save(ended, now, { delete: forget }))
      return view(ended, now)
    }
    // Another request kept changing the record (re-sends racing the check): say so rather than spin.
    throw fail('unavailable', 'check')
  }

  const status = async (id: string, call: ProviderCall): Promise<ProviderVerification> => {
    await drainReports(call)
    const loaded = await load(id, call)
    let record = loaded.record
    if (!record) throw fail('not_found', 'status')
    const now = call.clock.now()
    const waiting = record.delivery.status === 'queued' || record.delivery.status === 'sent'
    if (
      waiting &&
      verificationStatusAt(record, now) === 'pending' &&
      reportsExpected(record.delivery.transport) &&
      now - record.delivery.at >= reportTimeoutMs &&
      record.delivery.route + 1 < candidatesOf(record).length
    ) {
      record = await failover(record, loaded.text, now, call)
    }
    return view(record, now)
  }

  const cancel = async (id: string, call: ProviderCall): Promise<ProviderVerification> => {
    const { text, record } = await load(id, call)
    const now = call.clock.now()
    if (!record || verificationStatusAt(record, now) !== 'pending') throw fail('not_found', 'cancel')
    const addressKeyOf = await keys.address(record.to)
    const [pointer] = await call.store.get([addressKeyOf])
    const ended: EngineRecord = { ...record, status: 'cancelled', endedBy: 'cancel' }
    const ok = await call.store.write(save(ended, now, { delete: pointer === id ? [addressKeyOf] : [], expect: [{ key: keys.record(id), value: text }] }))
    if (!ok) throw fail('not_found', 'cancel')
    return view(ended, now)
  }

  const deliveryReport = async (request: Request, call: ProviderCall): Promise<Response> => {
    const last = new URL(request.url).pathname.split('/').filter(Boolean).at(-1) ?? ''
    const transport = transports.get(decodeURIComponent(last))
    if (!transport?.readReports) return new Response(null, { status: 404 })
    const { reports, response } = await transport.readReports(request)
    await applyReports(transport.name, reports, call)
    return response
  }

  return {
    name,
    channels,
    ...limits,
    countries: options.countries ?? coverageOf(routes),
    routes,
    start,
    check,
    status,
    cancel,
    deliveryReport,
    applyReports,
    async close() {
      await Promise.all([...transports.values()].map((t) => t.close?.()))
    },
  }
}

export type { Channel, DeliveryStatus }
