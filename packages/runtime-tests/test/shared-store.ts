import type { SandboxServer } from '@hakiki/sandbox/node'
import { expect } from 'vitest'
import { BASE_PATH, SHARED_SENDS_PER_HOUR } from './fixtures/create-app'
import type { RoundRobin } from './round-robin'
import { verifyThrough } from './verify-through'

/** Starts made at once by {@link expectSharedStore}'s cap check, spread over the instances. */
const STARTS = 12

/** What {@link runSharedStore} resolves when the store is shared: see {@link SHARED_STORE_EXPECTED}. */
export interface SharedStoreOutcome {
  /** Both instances served a request of the verification. */
  verificationSpread: boolean
  /** Starts sent (201) of the concurrent burst, and the problem codes of the refused ones (429). */
  sent: number
  refused: (string | undefined)[]
  /** Both instances served part of the burst. */
  burstSpread: boolean
}

/** The outcome with one store shared: the send cap exact across both instances. */
export const SHARED_STORE_EXPECTED: SharedStoreOutcome = {
  verificationSpread: true,
  sent: SHARED_SENDS_PER_HOUR - 1,
  refused: Array.from({ length: STARTS - SHARED_SENDS_PER_HOUR + 1 }, () => expect.any(String) as string),
  burstSpread: true,
}

/**
 * Two instances of the app behind `balancer` share one store: a whole verification (start, wrong
 * code, right code, receipt; checked by `verifyThrough`) succeeds with its requests landing on
 * different instances; then {@link STARTS} concurrent starts to other numbers, of which only the
 * remaining allowance of the cap on sends in all (`SHARED_SENDS_PER_HOUR`) may be sent.
 */
export async function runSharedStore(balancer: RoundRobin, sandbox: SandboxServer, numberPrefix: string): Promise<SharedStoreOutcome> {
  await verifyThrough(balancer.origin, sandbox, `${numberPrefix}00`)
  const verificationSpread = balancer.served().every((n) => n >= 1)
  const before = balancer.served()
  const answers = await Promise.all(
    Array.from({ length: STARTS }, async (_, i) => {
      const response = await fetch(`${balancer.origin}${BASE_PATH}/verifications`, {
        method: 'POST',
        headers: { origin: balancer.origin, 'content-type': 'application/json' },
        body: JSON.stringify({ to: `${numberPrefix}${String(i + 10)}`, channel: 'sms' }),
      })
      const body = (await response.json()) as { code?: string }
      return { status: response.status, code: body.code }
    }),
  )
  return {
    verificationSpread,
    sent: answers.filter((a) => a.status === 201).length,
    refused: answers.filter((a) => a.status !== 201).map((a) => (a.status === 429 ? a.code : `status ${a.status}`)),
    burstSpread: balancer.served().every((n, i) => n > before[i]!),
  }
}
