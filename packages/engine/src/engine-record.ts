/**
 * What the engine keeps per verification, in the caller's store (port v2). No code: a seed the
 * code is derived from (see `engine-crypto.ts`).
 */
import type { Channel } from '@hakiki/core'
import type { DeliveryStatus } from '@hakiki/provider'

/** The delivery of the latest send. */
export interface DeliveryState {
  status: DeliveryStatus
  /** Index of the route in the channel's candidate list for this address. */
  route: number
  /** The transport's name. */
  transport: string
  /** The carrier's message id, when it gave one. */
  messageId?: string
  /** Epoch milliseconds of the latest change. */
  at: number
}

/** One verification. */
export interface EngineRecord {
  v: 1
  id: string
  /** Normalized address (E.164, or the e-mail address as given, compared case-insensitively). */
  to: string
  channel: Channel
  locale: string
  /** 16 random bytes as hex; the code is HMAC(key, id ‖ seed). */
  seed: string
  createdAt: number
  expiresAt: number
  /** Sends asked for so far (failovers not counted). */
  sends: number
  status: 'pending' | 'cancelled'
  /** Why a cancelled verification ended: too many wrong codes, or `cancel()`. */
  endedBy?: 'attempts' | 'cancel'
  delivery: DeliveryState
}

/** Parses a stored record; anything unreadable is `undefined` (treated as absent). */
export function parseRecord(text: string | undefined, id: string): EngineRecord | undefined {
  if (text === undefined) return undefined
  try {
    const value = JSON.parse(text) as EngineRecord
    return value && value.v === 1 && value.id === id && typeof value.seed === 'string' ? value : undefined
  } catch {
    return undefined
  }
}
