/**
 * The verification state machine, following Twilio Verify v2 where the spec says "not shown":
 *
 * - create → `pending`; creating again for the same client and address while one is pending
 *   re-sends the same code under the same id, at most `maxSends` sends in all (then 429);
 * - a correct code → `approved`, answered once; the verification is then deleted, so Get and
 *   Verify answer 404 exactly as for an unknown id;
 * - the `maxChecks`-th wrong code → `cancelled`;
 * - `codeTtlSeconds` after creation → `expired` (re-sends do not extend it).
 *
 * Every method is synchronous: a request reads and writes the state with no `await` in between,
 * so concurrent checks of the same code can never approve twice.
 */
import type { ApiLocale, Channel, VerificationStatus } from '@hakiki/core'
import type { SandboxClock } from './clock'
import type { SandboxRandom } from './random'
import type { ResolvedOptions } from './sandbox-options'
import { SandboxApiError } from './sandbox-api-error'
import { timingSafeEqual } from './timing-safe-equal'

/** Stored state of one verification. */
export interface VerificationRecord {
  readonly id: string
  readonly clientId: string
  readonly to: string
  channel: Channel
  locale: ApiLocale
  readonly code: string
  readonly createdAt: number
  readonly expiresAt: number
  /** Messages sent so far, the first included. */
  sends: number
  /** Wrong codes so far. */
  checks: number
  status: Exclude<VerificationStatus, 'approved'>
}

/** The spec's Verification object. */
export interface VerificationData {
  to: string
  channel: Channel
  verificationId: string
  status: VerificationStatus
}

/** Result of {@link VerificationStore.start}. */
export interface StartResult {
  record: VerificationRecord
  /** True when an existing pending verification was re-sent. */
  resent: boolean
}

/** The verification state machine. */
export interface VerificationStore {
  /**
   * Creates a verification or re-sends the pending one for the same client and address.
   * @throws SandboxApiError 429 with `Retry-After` after `maxSends` sends.
   */
  start(clientId: string, to: string, channel: Channel, locale: ApiLocale): StartResult
  /** The verification as Get sees it. @throws SandboxApiError 404. */
  get(clientId: string, id: string): VerificationData
  /** Checks a code and returns the resulting state. @throws SandboxApiError 404. */
  check(clientId: string, id: string, code: string): VerificationData
  /**
   * Ends a pending verification without a code (Twilio's `Status=approved|canceled` update) and
   * forgets it, as an approved one is forgotten. @throws SandboxApiError 404 when it is not pending.
   */
  finish(clientId: string, id: string, status: 'approved' | 'cancelled'): VerificationData
  /** Number of stored verifications (for tests of the caps). */
  size(): number
}

/** Shape of a verification id: Twilio's `VE` and 32 lowercase hex digits. */
export const VERIFICATION_ID = /^VE[0-9a-f]{32}$/
/** How long finished (expired, cancelled) verifications stay readable after their expiry. */
const RETENTION_MS = 24 * 3600 * 1000
/** Verifications kept at most; the oldest are dropped first. */
export const MAX_VERIFICATIONS = 10_000

/** The 404 for an unknown, foreign, approved or malformed id: one message for all, on purpose. */
export const notFound = () => new SandboxApiError(404, 'Verification not found: check the verificationId, or start a new verification')

/** Key of the pending verification per client and address; e-mail addresses match case-insensitively. */
const addressKey = (clientId: string, to: string) => `${clientId}\u0000${to.toLowerCase()}`

/** Creates an empty store. */
export function createVerificationStore(options: ResolvedOptions, clock: SandboxClock, random: SandboxRandom): VerificationStore {
  const byId = new Map<string, VerificationRecord>()
  // Pending verification id per client and address, for re-sends.
  const pendingByAddress = new Map<string, string>()

  const remove = (record: VerificationRecord) => {
    byId.delete(record.id)
    forget(record)
  }
  const forget = (record: VerificationRecord) => {
    const key = addressKey(record.clientId, record.to)
    if (pendingByAddress.get(key) === record.id) pendingByAddress.delete(key)
  }
  /** Applies expiry lazily: a pending verification past its lifetime becomes expired. */
  const refresh = (record: VerificationRecord) => {
    if (record.status === 'pending' && clock.now() >= record.expiresAt) {
      record.status = 'expired'
      forget(record)
    }
    return record
  }
  const prune = (now: number) => {
    // All codes live equally long, so insertion order is expiry order.
    for (const record of byId.values()) {
      if (record.expiresAt + RETENTION_MS > now && byId.size < MAX_VERIFICATIONS) break
      remove(record)
    }
  }
  const lookup = (clientId: string, id: string) => {
    const record = VERIFICATION_ID.test(id) ? byId.get(id) : undefined
    // Another client's verification is answered exactly like a missing one (no existence oracle).
    if (!record || record.clientId !== clientId) throw notFound()
    return refresh(record)
  }
  const data = (record: VerificationRecord, status: VerificationStatus = record.status): VerificationData => ({
    to: record.to,
    channel: record.channel,
    verificationId: record.id,
    status,
  })

  return {
    start(clientId, to, channel, locale) {
      const now = clock.now()
      const pendingId = pendingByAddress.get(addressKey(clientId, to))
      const pending = pendingId === undefined ? undefined : byId.get(pendingId)
      if (pending && refresh(pending).status === 'pending') {
        if (pending.sends >= options.maxSends) {
          const retryAfter = Math.max(1, Math.ceil((pending.expiresAt - now) / 1000))
          throw new SandboxApiError(
            429,
            `Too many sends: at most ${options.maxSends} per verification. Check the code already sent, or retry after ${retryAfter} seconds when it expires`,
            { 'retry-after': String(retryAfter) },
          )
        }
        pending.sends += 1
        // Twilio sends the same code over the newly asked channel and language.
        pending.channel = channel
        pending.locale = locale
        return { record: pending, resent: true }
      }
      prune(now)
      let id = `VE${random.hex(16)}`
      // 128 random bits never collide in practice; a broken injected source must not overwrite.
      for (let i = 0; byId.has(id); i++) {
        if (i >= 3) throw new Error('randomBytes keeps returning the same bytes')
        id = `VE${random.hex(16)}`
      }
      const record: VerificationRecord = {
        id,
        clientId,
        to,
        channel,
        locale,
        code: random.code(options.codeLength),
        createdAt: now,
        expiresAt: now + options.codeTtlSeconds * 1000,
        sends: 1,
        checks: 0,
        status: 'pending',
      }
      byId.set(id, record)
      pendingByAddress.set(addressKey(clientId, to), id)
      return { record, resent: false }
    },
    get(clientId, id) {
      return data(lookup(clientId, id))
    },
    check(clientId, id, code) {
      const record = lookup(clientId, id)
      // Expired and cancelled verifications answer with their state and check nothing.
      if (record.status !== 'pending') return data(record)
      if (timingSafeEqual(code, record.code)) {
        remove(record)
        return data(record, 'approved')
      }
      record.checks += 1
      if (record.checks >= options.maxChecks) {
        record.status = 'cancelled'
        forget(record)
      }
      return data(record)
    },
    finish(clientId, id, status) {
      const record = lookup(clientId, id)
      if (record.status !== 'pending') throw notFound()
      remove(record)
      return data(record, status)
    },
    size: () => byId.size,
  }
}
