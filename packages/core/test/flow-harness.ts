/**
 * What the flow's tests share: a flow over a small test backend, with a hand-driven clock and timer
 * queue, so no test waits for real time.
 *
 * The backend is a test double, not the verification rules: one fixed code, counted wrong codes, a
 * lifetime and a cooldown per address, just enough for the flow's paths. The rules themselves are
 * `@hakiki/engine`'s, and its `createMemoryAdapter` (the engine in-process) runs this flow in the
 * engine's own tests; core cannot import it (the engine depends on core).
 */
import { HakikiError, type HakikiErrorCode } from '../src/adapters/hakiki-error'
import type { Channel, StartVerificationResponse } from '../src/adapters/contract'
import type { VerificationAdapter } from '../src/adapters/verification-adapter'
import { createVerificationFlow } from '../src/flow/create-verification-flow'
import type { FlowStatus } from '../src/flow/flow-state'
import { parsePhoneNumber } from '../src/phone/phone'
import { PROBLEM_STATUS, readSubmittedCode } from '../src/rules'

/** The code every test verification gets. */
export const TEST_CODE = '123456'

/** A message the test backend "sent". */
export interface TestMessage {
  to: string
  channel: Channel
  code: string
  verificationId: string
}

/** Options of {@link createTestBackend}. */
export interface TestBackendOptions {
  /** Wrong codes before the verification is cancelled; default 5. */
  maxAttempts?: number
  /** Lifetime of a code in seconds; default 600. */
  ttlSeconds?: number
  /** Waits before each re-send to one address, the last repeating; default `[30, 60, 120]`. */
  cooldownsSeconds?: readonly number[]
  /** Errors the next starts reject with, in order, before anything else. */
  failStarts?: readonly HakikiError[]
}

/** The test backend: an adapter, and the messages it sent. */
export interface TestBackend extends VerificationAdapter {
  readonly sent: readonly TestMessage[]
}

interface TestRecord {
  id: string
  to: string
  channel: Channel
  expiresAt: number
  sends: number
  attempts: number
  ended?: 'approved' | 'cancelled'
}

const iso = (ms: number) => new Date(ms).toISOString()

/** A problem as the proxy answers it, with its HTTP status. */
export function testProblem(code: HakikiErrorCode, init: { retryAfter?: number; attemptsLeft?: number } = {}): HakikiError {
  const status = Object.hasOwn(PROBLEM_STATUS, code) ? PROBLEM_STATUS[code as keyof typeof PROBLEM_STATUS] : undefined
  return new HakikiError(code, code, { status, ...init })
}

/** A backend for the flow's tests on the clock `now`; answers on a microtask. */
export function createTestBackend(now: () => number, options: TestBackendOptions = {}): TestBackend {
  const maxAttempts = options.maxAttempts ?? 5
  const lifetimeMs = (options.ttlSeconds ?? 600) * 1000
  const cooldowns = options.cooldownsSeconds ?? [30, 60, 120]
  const failures = [...(options.failStarts ?? [])]
  const records = new Map<string, TestRecord>()
  const gates = new Map<string, number>()
  const sent: TestMessage[] = []
  const lookup = (id: string) => {
    const record = records.get(id)
    if (!record) throw testProblem('not_found')
    return record
  }
  const statusOf = (record: TestRecord, at: number) => record.ended ?? (at >= record.expiresAt ? 'expired' : 'pending')

  return {
    sent,
    async start(request, call) {
      await Promise.resolve()
      call?.signal?.throwIfAborted()
      const failure = failures.shift()
      if (failure) throw failure
      const phone = parsePhoneNumber(request.to)
      if (phone.error !== undefined) throw testProblem(phone.error === 'unsupported_country' ? 'unsupported_country' : 'invalid_phone_number')
      const to = phone.e164
      const channel = request.channel ?? 'sms'
      const at = now()
      const gate = gates.get(to) ?? 0
      if (at < gate) throw testProblem('rate_limited', { retryAfter: Math.ceil((gate - at) / 1000) })
      let record = [...records.values()].find((r) => r.to === to && statusOf(r, at) === 'pending')
      if (record) {
        record.sends += 1
        record.channel = channel
      } else {
        record = { id: `VE${records.size + 1}`, to, channel, expiresAt: at + lifetimeMs, sends: 1, attempts: 0 }
        records.set(record.id, record)
      }
      const resendAt = at + (cooldowns[Math.min(record.sends, cooldowns.length) - 1] ?? 0) * 1000
      gates.set(to, resendAt)
      sent.push({ to, channel, code: TEST_CODE, verificationId: record.id })
      return {
        id: record.id,
        to,
        channel,
        status: 'pending',
        codeLength: TEST_CODE.length,
        expiresAt: iso(record.expiresAt),
        resendAt: iso(resendAt),
        attemptsLeft: maxAttempts - record.attempts,
        serverTime: iso(at),
      } satisfies StartVerificationResponse
    },
    async check(id, code) {
      await Promise.resolve()
      const record = lookup(id)
      const at = now()
      const status = statusOf(record, at)
      if (status === 'approved') return { id, status, attemptsLeft: maxAttempts - record.attempts, serverTime: iso(at) }
      if (status === 'expired') throw testProblem('expired')
      if (status === 'cancelled') throw testProblem('too_many_attempts', { attemptsLeft: 0 })
      if (readSubmittedCode(code) === TEST_CODE) {
        record.ended = 'approved'
        return { id, status: 'approved', attemptsLeft: maxAttempts - record.attempts, receipt: `test.${id}`, serverTime: iso(at) }
      }
      record.attempts += 1
      if (record.attempts >= maxAttempts) record.ended = 'cancelled'
      return { id, status: record.ended ?? 'pending', attemptsLeft: maxAttempts - record.attempts, serverTime: iso(at) }
    },
    async status(id) {
      await Promise.resolve()
      const record = lookup(id)
      return { id, status: statusOf(record, now()), expiresAt: iso(record.expiresAt), serverTime: iso(now()) }
    },
    async rates() {
      await Promise.resolve()
      return { currency: 'USD', countries: [] }
    },
  }
}

/** Options of {@link setupFlow}. */
export interface SetupFlowOptions extends TestBackendOptions {
  /** Wraps the backend, e.g. to hold or observe its calls. */
  wrap?: (backend: TestBackend) => VerificationAdapter
}

/** A flow over a {@link createTestBackend} with a hand-driven clock and timer queue: no real waiting. */
export function setupFlow(options: SetupFlowOptions = {}) {
  let time = Date.UTC(2026, 0, 1, 12)
  const now = () => time
  const timers: Array<{ at: number; callback: () => void; cancelled: boolean }> = []
  const backend = createTestBackend(now, options)
  const flow = createVerificationFlow({
    adapter: options.wrap ? options.wrap(backend) : backend,
    now,
    schedule: (callback, ms) => {
      const timer = { at: time + ms, callback, cancelled: false }
      timers.push(timer)
      return () => {
        timer.cancelled = true
      }
    },
  })
  const statuses: FlowStatus[] = []
  flow.subscribe(() => statuses.push(flow.getSnapshot().status))
  return {
    flow,
    backend,
    now,
    statuses,
    /** Moves the clock and fires due timers. */
    advance(seconds: number) {
      time += seconds * 1000
      for (const t of timers) {
        if (t.cancelled || t.at > time) continue
        t.cancelled = true
        t.callback()
      }
    },
    activeTimers: () => timers.filter((t) => !t.cancelled).length,
  }
}
