// Core's verification flow over the engine in-process: what core's own flow tests run over a small
// test backend (core cannot import the engine), here over the real rules.
import { createVerificationFlow, DELIVERY_POLL_MS, type FlowState, type FlowStatus } from '@hakiki/core'
import { describe, expect, it } from 'vitest'
import { createMemoryAdapter, type MemoryAdapterOptions } from './create-memory-adapter'

const PHONE = '+233241234567'

function setup(options: MemoryAdapterOptions = {}) {
  let time = Date.UTC(2026, 0, 1, 12)
  const now = () => time
  const timers: Array<{ at: number; callback: () => void; cancelled: boolean }> = []
  const adapter = createMemoryAdapter({ now, fixedCode: '123456', ...options })
  const flow = createVerificationFlow({
    adapter,
    now,
    schedule: (callback, ms) => {
      const timer = { at: time + ms, callback, cancelled: false }
      timers.push(timer)
      return () => {
        timer.cancelled = true
      }
    },
  })
  return {
    flow,
    adapter,
    advance(seconds: number) {
      time += seconds * 1000
      for (const t of timers) {
        if (t.cancelled || t.at > time) continue
        t.cancelled = true
        t.callback()
      }
    },
  }
}

/** Waits (microtasks and zero timers only) until the flow reaches `status`. */
async function until(flow: ReturnType<typeof createVerificationFlow>, status: FlowStatus): Promise<FlowState> {
  for (let i = 0; i < 200 && flow.getSnapshot().status !== status; i++) await new Promise((r) => setTimeout(r, 0))
  expect(flow.getSnapshot().status).toBe(status)
  return flow.getSnapshot()
}

describe('the verification flow over the memory adapter', () => {
  it('counts wrong codes to locked, refuses a resend inside the cooldown, then verifies a new code', async () => {
    const { flow, adapter, advance } = setup({ maxAttempts: 2 })
    flow.send({ type: 'SUBMIT', to: PHONE })
    expect(await until(flow, 'code_sent')).toMatchObject({ verification: { delivery: 'delivered', attemptsLeft: 2 } })
    flow.send({ type: 'TYPE_CODE', code: '000000' })
    expect(await until(flow, 'code_sent')).toMatchObject({ error: { code: 'wrong_code', attemptsLeft: 1 } })
    flow.send({ type: 'TYPE_CODE', code: '111111' })
    const locked = await until(flow, 'locked')
    flow.send({ type: 'RESEND' })
    expect(flow.getSnapshot()).toBe(locked)
    advance(30)
    flow.send({ type: 'RESEND' })
    const again = await until(flow, 'code_sent')
    expect(again.status === 'code_sent' && again.verification.id).not.toBe(locked.status === 'locked' && locked.verification.id)
    flow.send({ type: 'TYPE_CODE', code: '123456' })
    expect(await until(flow, 'verified')).toMatchObject({ receipt: expect.stringMatching(/^memory\./) })
    expect(adapter.sent).toHaveLength(2)
  })

  it('shows an SMS the carrier could not deliver, then gets the same code through by call', async () => {
    const { flow, adapter, advance } = setup({ delivery: { sms: 'undelivered' } })
    flow.send({ type: 'SUBMIT', to: PHONE })
    expect(await until(flow, 'code_sent')).toMatchObject({ verification: { delivery: 'sent' } })
    advance(DELIVERY_POLL_MS / 1000)
    for (let i = 0; i < 200 && (flow.getSnapshot() as { verification?: { delivery?: string } }).verification?.delivery !== 'undelivered'; i++) await new Promise((r) => setTimeout(r, 0))
    expect(flow.getSnapshot()).toMatchObject({ status: 'code_sent', verification: { delivery: 'undelivered' } })
    advance(30)
    flow.send({ type: 'SWITCH_CHANNEL', channel: 'call' })
    for (let i = 0; i < 200 && (flow.getSnapshot() as { channel?: string }).channel !== 'call'; i++) await new Promise((r) => setTimeout(r, 0))
    expect(await until(flow, 'code_sent')).toMatchObject({ channel: 'call', verification: { delivery: 'delivered' } })
    expect(adapter.sent.map((m) => [m.channel, m.code, m.delivery])).toEqual([
      ['sms', '123456', 'undelivered'],
      ['call', '123456', 'delivered'],
    ])
  })
})
