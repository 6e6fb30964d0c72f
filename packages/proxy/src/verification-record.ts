/**
 * What the proxy remembers about each verification it started, in the {@link CounterStore}: the
 * API returns neither the code length nor the expiry, forgets approved verifications, and knows
 * nothing of browser sessions.
 */
import type { Channel } from '@hakiki/core'
import type { CounterStore } from './stores/counter-store'
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
export async function loadRecord(store: CounterStore, id: string): Promise<VerificationRecord | undefined> {
  return parseRecord(await store.get(recordKey(id)), id)
}

function parseRecord(text: string | undefined, id: string): VerificationRecord | undefined {
  if (text === undefined) return undefined
  try {
    const value = JSON.parse(text) as VerificationRecord
    return typeof value === 'object' && value !== null && value.id === id && Array.isArray(value.sessions) ? value : undefined
  } catch {
    return undefined
  }
}

/** Finished states win over pending: approved over everything, then cancelled. */
const RANK: Record<VerificationRecord['status'], number> = { pending: 0, cancelled: 1, approved: 2 }

/** Most compare-and-set rounds before giving up (each loss means another writer just saved). */
const MAX_SAVE_ROUNDS = 5

/**
 * Saves a record until its code expires plus {@link RECORD_RETENTION_SECONDS}, with
 * compare-and-set against what is stored: a stored approved or cancelled record is never turned
 * back to pending (a resend answer that arrives after an approval used to rewrite it, and the
 * right code then answered 404). Returns the record as stored.
 */
export async function saveRecord(store: CounterStore, record: VerificationRecord, now: number): Promise<VerificationRecord> {
  const key = recordKey(record.id)
  for (let round = 0; round < MAX_SAVE_ROUNDS; round++) {
    const text = await store.get(key)
    const stored = parseRecord(text, record.id)
    const next = stored !== undefined && RANK[stored.status] > RANK[record.status] ? stored : record
    if (next === stored) return stored
    if (await store.compareAndSet(key, text, JSON.stringify(next), recordTtlSeconds(next, now))) return next
  }
  // Every round lost to another writer: keep what they stored rather than overwrite it blindly.
  return (await loadRecord(store, record.id)) ?? record
}

/** Seconds a record (and anything tied to it) is kept from `now`. */
export function recordTtlSeconds(record: VerificationRecord, now: number): number {
  return Math.max(1, Math.ceil((record.expiresAt - now) / 1000)) + RECORD_RETENTION_SECONDS
}
