/**
 * What the proxy remembers about each verification it started, in the store: the API returns
 * neither the code length nor the expiry, forgets approved verifications, and knows nothing of
 * browser sessions.
 *
 * A record is kept under its id (`v:`, what checks and status reads look up) and, while it is its
 * address's latest verification, the same text under its address (`d:`, what a start looks up):
 * a start then learns the pending verification of its address in the same `get` as everything
 * else, instead of reading a pointer and then the record. Both copies are written together, by
 * compare-and-set, so they never disagree for long: a write whose copy changed meanwhile reads
 * both again and retries.
 */
import type { Entry, VerifyStore } from '@hakiki/store'
import type { Channel } from '@hakiki/core/rules'
import type { DeliveryStatus } from '@hakiki/provider'
import { storeKeys } from './store-keys'

/** State the proxy keeps about one verification. */
export interface VerificationRecord {
  /** The API's verification id. */
  id: string
  /** Normalized address (E.164 or lower-cased e-mail). */
  to: string
  /** Channel of the latest send. */
  channel: Channel
  codeLength: number
  /** Epoch milliseconds. */
  createdAt: number
  /** Epoch milliseconds after which the code no longer works. */
  expiresAt: number
  /** Keyed hashes of the sessions allowed to check and read it (every session that sent it). */
  sessions: string[]
  /** Sends so far (1 + resends). */
  sends: number
  /** Epoch milliseconds of the latest send. */
  lastSendAt: number
  /** Pending until a check approves or exhausts it; expiry is computed from `expiresAt`. */
  status: 'pending' | 'approved' | 'cancelled'
  /** What the sends took from the unverified budgets, given back on approval. */
  charges?: BudgetCharges
  /** Delivery status of the latest send, as the provider last reported it. */
  delivery?: DeliveryStatus
}

/** Budget counters one verification's sends took from (a key once per send). */
export interface BudgetCharges {
  /** Count keys, one entry per send. */
  keys: string[]
  /** Destination country, for its verified tally. */
  country?: string
  /** Micro-USD added to the unverified spend. */
  micros: number
  /** The verified-sends tally of the client IP that sent it. */
  verifiedKey?: string
}

/**
 * How long a record outlives its code, so that a status read just after expiry answers
 * `expired` (and an approved one keeps answering `approved`) rather than an unhelpful 404.
 */
export const RECORD_RETENTION_SECONDS = 600

/** Most sessions remembered per verification; a bound, as each one is a stored string. */
export const MAX_SESSIONS_PER_VERIFICATION = 10

/** Verification ids accepted in paths and from the API: the API's `VE` + 32 hex, and any similar URL-safe id. */
export const VERIFICATION_ID = /^[A-Za-z0-9_-]{1,64}$/

const recordKey = storeKeys.record

/** Loads a record; a missing or unreadable one is `undefined`. */
export async function loadRecord(store: VerifyStore, id: string): Promise<VerificationRecord | undefined> {
  const [text] = await store.get([recordKey(id)])
  return parseRecord(text, id)
}

/** Parses a stored record (of verification `id`, when given); unreadable text is `undefined`. */
export function parseRecord(text: string | undefined, id?: string): VerificationRecord | undefined {
  if (text === undefined) return undefined
  try {
    const value = JSON.parse(text) as VerificationRecord
    return typeof value === 'object' && value !== null && typeof value.id === 'string' && (id === undefined || value.id === id) && Array.isArray(value.sessions) ? value : undefined
  } catch {
    return undefined
  }
}

/** Finished states win over pending: approved over everything, then cancelled. */
const RANK: Record<VerificationRecord['status'], number> = { pending: 0, cancelled: 1, approved: 2 }

/** Most compare-and-set rounds before giving up (each loss means another writer just saved). */
const MAX_SAVE_ROUNDS = 5

/** What {@link saveRecord} needs to know. */
export interface SaveRecord {
  /** The verification's id. */
  id: string
  /** Keyed hash of its address (`keyOf('address', to)`): where its copy lives. */
  addressKey: string
  /** The stored text of the record as the caller read it (`undefined`: absent), the guess of the first round. */
  stored: string | undefined
  /** The stored text under the address as the caller read it, or guesses (the record's own copy, usually). */
  atAddress: string | undefined
  /**
   * The record to store, given what is stored (read again after a lost round); `undefined` to
   * keep what is stored. A stored approved or cancelled record is never turned back to pending
   * whatever this answers.
   */
  next(stored: VerificationRecord | undefined): VerificationRecord | undefined
  /** Make this the address's verification (a start), rather than update its copy only if it still is. */
  claimAddress?: boolean
  /** Further entries written in the same call (the cooldown gate of a start). */
  alongside?(record: VerificationRecord): readonly Entry[]
  now: number
}

/**
 * Saves a record until its code expires plus {@link RECORD_RETENTION_SECONDS}, under its id and
 * its address, with compare-and-set against what is stored: one `write` when nobody wrote
 * meanwhile. A stored approved or cancelled record is never turned back to pending (a resend
 * answer that arrives after an approval used to rewrite it, and the right code then answered
 * 404). Returns the record as stored.
 */
export async function saveRecord(store: VerifyStore, save: SaveRecord): Promise<VerificationRecord | undefined> {
  const key = recordKey(save.id)
  const addressKey = storeKeys.addressVerification(save.addressKey)
  let stored = save.stored
  let atAddress = save.atAddress
  for (let round = 0; round < MAX_SAVE_ROUNDS; round++) {
    const current = parseRecord(stored, save.id)
    const wanted = save.next(current)
    const next = wanted === undefined || (current !== undefined && RANK[current.status] > RANK[wanted.status]) ? current : wanted
    if (next === undefined || next === current) return current
    const text = JSON.stringify(next)
    const ttlSeconds = recordTtlSeconds(next, save.now)
    // The address's copy follows its record; another verification's copy stays (this one is no
    // longer its address's latest).
    const setAddress = save.claimAddress === true || (stored !== undefined && atAddress === stored)
    const written = await store.write({
      expect: [
        { key, value: stored },
        { key: addressKey, value: atAddress },
      ],
      set: [{ key, value: text, ttlSeconds }, ...(setAddress ? [{ key: addressKey, value: text, ttlSeconds }] : []), ...(save.alongside?.(next) ?? [])],
    })
    if (written) return next
    ;[stored, atAddress] = await store.get([key, addressKey])
  }
  // Every round lost to another writer: keep what they stored rather than overwrite it blindly.
  return parseRecord(stored, save.id)
}

/** Seconds a record (and anything tied to it) is kept from `now`. */
export function recordTtlSeconds(record: VerificationRecord, now: number): number {
  return Math.max(1, Math.ceil((record.expiresAt - now) / 1000)) + RECORD_RETENTION_SECONDS
}
