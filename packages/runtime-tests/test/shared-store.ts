import type { SandboxServer } from '@hakiki/sandbox/node'
import { expect } from 'vitest'
import { BASE_PATH, SHARED_SENDS_PER_HOUR } from './fixtures/create-app'
import type { RoundRobin } from './round-robin'
import { verifyThrough } from './verify-through'

/** Starts made at once by {@link expectSharedStore}'s cap check, spread over the instances. */
const STARTS = 12

/**
 * Two instances of the app behind `balancer` share one store: a whole verification (start, wrong
 * code, right code, receipt) succeeds with its requests landing on different instances, and the cap
 * on sends in all (`SHARED_SENDS_PER_HOUR`) holds exactly across both: of {@link STARTS} concurrent
 * starts to other numbers, exactly the remaining allowance is sent.
 */
export async function expectSharedStore(balancer: RoundRobin, sandbox: SandboxServer, numberPrefix: string): Promise<void> {
  await verifyThrough(balancer.origin, sandbox, `${numberPrefix}00`)
  // start, wrong code and right code alternated between the two instances.
  expect(balancer.served().every((n) => n >= 1)).toBe(true)
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
  const sent = answers.filter((a) => a.status === 201).length
  expect({ sent, refused: answers.filter((a) => a.status === 429).map((a) => a.code) }).toEqual({
    sent: SHARED_SENDS_PER_HOUR - 1,
    refused: Array.from({ length: STARTS - SHARED_SENDS_PER_HOUR + 1 }, () => expect.any(String)),
  })
  // Both instances took part in the burst too.
  expect(balancer.served().every((n) => n >= 4)).toBe(true)
}
