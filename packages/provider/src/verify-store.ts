/**
 * The store port v2 as agreed in issues 19 and 20 (`@hakiki/store`), as far as providers use it.
 * Temporary: `@hakiki/store` is being written at the same time; once it is on main this file
 * becomes `export type { VerifyStore } from '@hakiki/store'`.
 */

/** A counter with a cap, taken all-or-nothing by `take`. */
export interface Quota {
  key: string
  windowSeconds: number
  limit: number
  amount?: number
}
/** A counter without a cap. */
export interface Tally {
  key: string
  windowSeconds: number
  amount?: number
}
/** Result of `take`. */
export type TakeResult = { ok: true } | { ok: false; index: number; retryAfterSeconds: number }
/** One key to set. */
export interface Entry {
  key: string
  value: string
  ttlSeconds: number
}
/** An atomic write, optionally conditional. */
export interface WriteOp {
  set?: readonly Entry[]
  delete?: readonly string[]
  expect?: readonly { key: string; value: string | undefined }[]
}
/** Every method is one round trip and atomic over the keys it names. */
export interface VerifyStore {
  take(quotas: readonly Quota[]): Promise<TakeResult>
  give(quotas: readonly Tally[]): Promise<void>
  add(tallies: readonly Tally[]): Promise<number[]>
  get(keys: readonly string[]): Promise<(string | undefined)[]>
  write(op: WriteOp): Promise<boolean>
}
