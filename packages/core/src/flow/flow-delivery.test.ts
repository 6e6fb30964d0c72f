import { describe, expect, it } from 'vitest'
import type { DeliveryStatus, StartVerificationResponse, VerificationStatusResponse } from '../adapters/contract'
import type { VerificationAdapter } from '../adapters/verification-adapter'
import { connectVerificationFlow } from './connect-verification-flow'
import { createVerificationFlow, DELIVERY_POLL_MS, DELIVERY_POLLS } from './create-verification-flow'
import type { FlowAnnouncement } from './flow-machine'

const T0 = Date.UTC(2026, 0, 1, 12)
const iso = (ms: number) => new Date(ms).toISOString()

/**
 * A flow over an adapter whose start and status answers carry `delivery` as a provider with
 * delivery reports would (the proxy passes them on), a hand-driven clock and timer queue.
 */
function setup(first: DeliveryStatus | undefined) {
  let time = T0
  let delivery = first
  let statusReads = 0
  const timers: Array<{ at: number; callback: () => void; cancelled: boolean }> = []
  const adapter: VerificationAdapter = {
    start: async (req) =>
      ({
        id: 'VE1',
        to: req.to,
        channel: req.channel ?? 'sms',
        status: 'pending',
        codeLength: 6,
        expiresAt: iso(T0 + 600_000),
        resendAt: iso(T0 + 30_000),
        attemptsLeft: 5,
        serverTime: iso(time),
        ...(delivery ? { delivery } : {}),
      }) satisfies StartVerificationResponse,
    status: async (id) => {
      statusReads++
      return { id, status: 'pending', expiresAt: iso(T0 + 600_000), serverTime: iso(time), ...(delivery ? { delivery } : {}) } satisfies VerificationStatusResponse
    },
    check: async () => {
      throw new Error('not used')
    },
    rates: async () => ({ currency: 'USD', countries: [] }),
  }
  const flow = createVerificationFlow({
    adapter,
    now: () => time,
    schedule: (callback, ms) => {
      const timer = { at: time + ms, callback, cancelled: false }
      timers.push(timer)
      return () => {
        timer.cancelled = true
      }
    },
  })
  const heard: FlowAnnouncement[] = []
  let lastId: number | undefined
  flow.subscribe(() => {
    const spoken = connectVerificationFlow(flow.getSnapshot(), flow.send, { announcement: flow.getAnnouncement(), now: () => time }).spoken
    if (spoken && spoken.id !== lastId) heard.push(spoken.announcement)
    lastId = spoken?.id
  })
  return {
    flow,
    heard,
    reads: () => statusReads,
    deliver: (next: DeliveryStatus) => (delivery = next),
    async advance(ms: number) {
      time += ms
      for (const t of timers) {
        if (t.cancelled || t.at > time) continue
        t.cancelled = true
        t.callback()
      }
      for (let i = 0; i < 5; i++) await Promise.resolve()
    },
  }
}

async function sent(flow: ReturnType<typeof createVerificationFlow>) {
  flow.send({ type: 'SUBMIT', to: '+233241234567' })
  for (let i = 0; i < 10 && flow.getSnapshot().status !== 'code_sent'; i++) await Promise.resolve()
  expect(flow.getSnapshot().status).toBe('code_sent')
}

describe('delivery status in the flow', () => {
  it('asks again while the message is on its way, and says once that it was delivered', async () => {
    const s = setup('queued')
    await sent(s.flow)
    expect(s.flow.getSnapshot()).toMatchObject({ verification: { delivery: 'queued' } })
    await s.advance(DELIVERY_POLL_MS)
    expect(s.reads()).toBe(1)
    s.deliver('sent')
    await s.advance(DELIVERY_POLL_MS)
    expect(s.flow.getSnapshot()).toMatchObject({ verification: { delivery: 'sent' } })
    s.deliver('delivered')
    await s.advance(DELIVERY_POLL_MS)
    expect(s.flow.getSnapshot()).toMatchObject({ verification: { delivery: 'delivered' } })
    // Final: no more reads, however long the code step stays.
    const reads = s.reads()
    await s.advance(DELIVERY_POLL_MS * 5)
    expect(s.reads()).toBe(reads)
    expect(s.heard).toEqual([{ kind: 'sending' }, { kind: 'delivery', delivery: 'delivered', channel: 'sms' }])
  })

  it('says when the message will never arrive', async () => {
    const s = setup('sent')
    await sent(s.flow)
    s.deliver('undelivered')
    await s.advance(DELIVERY_POLL_MS)
    expect(s.heard.at(-1)).toEqual({ kind: 'delivery', delivery: 'undelivered', channel: 'sms' })
  })

  it('gives up after a minute of a message on its way, and never asks when the provider reports nothing', async () => {
    const s = setup('queued')
    await sent(s.flow)
    for (let i = 0; i < DELIVERY_POLLS + 5; i++) await s.advance(DELIVERY_POLL_MS)
    expect(s.reads()).toBe(DELIVERY_POLLS)
    const quiet = setup(undefined)
    await sent(quiet.flow)
    await quiet.advance(DELIVERY_POLL_MS * 10)
    expect(quiet.reads()).toBe(0)
  })
})
