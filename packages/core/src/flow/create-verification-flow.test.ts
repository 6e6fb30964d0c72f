import { describe, expect, it } from 'vitest'
import { setupFlow, testProblem, type SetupFlowOptions } from '../../test/flow-harness'
import { createVerificationFlow } from './create-verification-flow'
import type { FlowState, FlowStatus } from './flow-state'
import type { VerificationAdapter } from '../adapters/verification-adapter'

const PHONE = '+233241234567'

/** A flow over the shared test backend (`memory` here) with a hand-driven clock and timer queue. */
function setup(options: SetupFlowOptions = {}, adapterOverride?: (a: VerificationAdapter) => VerificationAdapter) {
  const harness = setupFlow({ ...options, ...(adapterOverride ? { wrap: adapterOverride } : {}) })
  return { ...harness, memory: harness.backend }
}

function deferred(): { promise: Promise<void>; resolve: () => void } {
  let settle: (() => void) | undefined
  const promise = new Promise<void>((r) => (settle = r))
  return { promise, resolve: () => settle?.() }
}

/** Waits until the flow reaches `status` (adapter calls resolve on microtasks). */
function until(flow: ReturnType<typeof createVerificationFlow>, status: FlowStatus): Promise<FlowState> {
  return new Promise((resolve, reject) => {
    const check = () => {
      const state = flow.getSnapshot()
      if (state.status !== status) return
      unsubscribe()
      clearTimeout(guard)
      resolve(state)
    }
    // Only a guard so a broken flow fails fast with a clear message instead of the test timeout.
    const guard = setTimeout(() => reject(new Error(`flow stuck in ${flow.getSnapshot().status}, expected ${status}`)), 2000)
    const unsubscribe = flow.subscribe(check)
    check()
  })
}

describe('createVerificationFlow', () => {
  it('runs a whole verification, checking as soon as the code is complete', async () => {
    const { flow, memory, statuses } = setup()
    flow.send({ type: 'SUBMIT', to: PHONE })
    await until(flow, 'code_sent')
    expect(memory.sent).toHaveLength(1)
    flow.send({ type: 'TYPE_CODE', code: 'Your code is 123456' })
    const verified = await until(flow, 'verified')
    expect(verified).toMatchObject({ status: 'verified', receipt: expect.any(String) })
    // One notification per event: the complete code goes straight to checking (auto-check is a
    // branch of the machine's TYPE_CODE, not a second dispatch after it).
    expect(statuses).toEqual(['sending', 'code_sent', 'checking', 'verified'])
  })

  it('counts wrong codes down to locked, then a resend starts a new verification', async () => {
    const { flow, memory, advance } = setup({ maxAttempts: 2 })
    flow.send({ type: 'SUBMIT', to: PHONE })
    await until(flow, 'code_sent')
    flow.send({ type: 'TYPE_CODE', code: '000000' })
    expect(await until(flow, 'code_sent')).toMatchObject({ error: { code: 'wrong_code', attemptsLeft: 1 } })
    // Wait for the check of the first wrong code to come back before typing the next one.
    await new Promise((r) => setTimeout(r, 0))
    flow.send({ type: 'TYPE_CODE', code: '111111' })
    const locked = await until(flow, 'locked')
    // Inside the cooldown the flow does not even ask (the backend would answer 429): no wall.
    const starts = memory.sent.length
    flow.send({ type: 'RESEND' })
    expect(flow.getSnapshot()).toBe(locked)
    expect(memory.sent).toHaveLength(starts)
    advance(30)
    flow.send({ type: 'RESEND' })
    const again = await until(flow, 'code_sent')
    expect(again.status === 'code_sent' && again.verification.id).not.toBe(locked.status === 'locked' && locked.verification.id)
    expect(memory.sent).toHaveLength(2)
  })

  it('fires EXPIRE by the server lifetime, through the injected timer', async () => {
    const { flow, advance, activeTimers } = setup({ ttlSeconds: 60 })
    flow.send({ type: 'SUBMIT', to: PHONE })
    await until(flow, 'code_sent')
    expect(activeTimers()).toBe(1)
    advance(59)
    expect(flow.getSnapshot().status).toBe('code_sent')
    advance(1)
    expect(flow.getSnapshot().status).toBe('expired')
    expect(activeTimers()).toBe(0)
  })

  it('resends the same code after the cooldown and switches channel', async () => {
    const { flow, memory, advance } = setup()
    flow.send({ type: 'SUBMIT', to: PHONE })
    await until(flow, 'code_sent')
    flow.send({ type: 'RESEND' })
    expect(flow.getSnapshot().status).toBe('code_sent') // inside the cooldown: nothing happens
    advance(30)
    flow.send({ type: 'SWITCH_CHANNEL', channel: 'call' })
    expect(await until(flow, 'code_sent')).toMatchObject({ channel: 'call' })
    expect(memory.sent.map((m) => [m.channel, m.code])).toEqual([
      ['sms', '123456'],
      ['call', '123456'],
    ])
  })

  it('drops the answer of a start the user walked away from', async () => {
    // A backend that answers only when told to, and ignores aborts: the flow must drop the answer.
    const { promise: gate, resolve: release } = deferred()
    const { flow } = setup({}, (memory) => ({
      ...memory,
      start: async (request) => {
        await gate
        return memory.start(request)
      },
    }))
    flow.send({ type: 'SUBMIT', to: PHONE })
    flow.send({ type: 'CHANGE_ADDRESS' })
    release()
    await gate
    await new Promise((r) => setTimeout(r, 0))
    expect(flow.getSnapshot()).toEqual({ status: 'idle', to: PHONE, channel: 'sms' })
  })

  it('aborts the request of a start the user walked away from', () => {
    const signals: AbortSignal[] = []
    const { flow } = setup({}, (memory) => ({
      ...memory,
      start: (request, options) => {
        if (options?.signal) signals.push(options.signal)
        return memory.start(request, options)
      },
    }))
    flow.send({ type: 'SUBMIT', to: PHONE })
    expect(signals.map((s) => s.aborted)).toEqual([false])
    flow.send({ type: 'CHANGE_ADDRESS' })
    expect(signals.map((s) => s.aborted)).toEqual([true])
  })

  it('reports a failed start as an error on the address step', async () => {
    const { flow } = setup()
    flow.send({ type: 'SUBMIT', to: '+44 20 7946 0000' })
    expect(await until(flow, 'idle')).toMatchObject({ error: { code: 'unsupported_country' } })
  })

  it('turns retryAfter into a client time to retry at', async () => {
    const { flow } = setup({ failStarts: [testProblem('rate_limited', { retryAfter: 42 })] })
    flow.send({ type: 'SUBMIT', to: PHONE })
    expect(await until(flow, 'idle')).toMatchObject({ error: { code: 'rate_limited', retryAt: Date.UTC(2026, 0, 1, 12) + 42_000 } })
  })

  it('resumes after a reload without sending another code', async () => {
    const first = setup()
    first.flow.send({ type: 'SUBMIT', to: PHONE })
    await until(first.flow, 'code_sent')
    const saved: unknown = JSON.parse(JSON.stringify(first.flow.getSnapshot()))
    first.flow.destroy()

    // The "reloaded page": a new flow on the same backend.
    const second = createVerificationFlow({ adapter: first.memory, now: () => Date.UTC(2026, 0, 1, 12, 1), schedule: () => () => {} })
    expect(second.resume(saved)).toBe(true)
    expect(second.getSnapshot().status).toBe('code_sent')
    second.send({ type: 'TYPE_CODE', code: '123456' })
    await until(second, 'verified')
    expect(first.memory.sent).toHaveLength(1)
  })

  it('resumes an interrupted start by posting again, which the backend refuses inside the cooldown', async () => {
    const { flow, memory } = setup()
    flow.send({ type: 'SUBMIT', to: PHONE })
    await until(flow, 'code_sent')
    // The page reloaded while the first start was in flight: its answer (and the id) are lost.
    const second = createVerificationFlow({ adapter: memory, now: () => Date.UTC(2026, 0, 1, 12), schedule: () => () => {} })
    expect(second.resume({ status: 'sending', intent: 'start', to: PHONE, channel: 'sms' })).toBe(true)
    expect(await until(second, 'idle')).toMatchObject({ to: PHONE, error: { code: 'rate_limited', retryAt: Date.UTC(2026, 0, 1, 12, 0, 30) } })
    expect(memory.sent).toHaveLength(1)
  })

  it('refuses snapshots that are not flow states', () => {
    const { flow } = setup()
    for (const bad of [null, 'code_sent', { status: 'code_sent', to: PHONE, channel: 'sms' }, { status: 'hacked', to: '', channel: 'sms' }, { status: 'idle', to: 1, channel: 'sms' }]) {
      expect(flow.resume(bad)).toBe(false)
    }
    expect(flow.getSnapshot().status).toBe('idle')
  })

  it('moves to idle when a resumed verification is unknown to the server', async () => {
    const { flow } = setup()
    const snapshot = {
      status: 'code_sent',
      to: PHONE,
      channel: 'sms',
      code: '',
      verification: { id: 'VEgone', to: PHONE, channel: 'sms', codeLength: 6, expiresAt: 0, resendAt: 0, attemptsLeft: 5, skewMs: 0 },
    }
    expect(flow.resume(snapshot)).toBe(true)
    expect(await until(flow, 'idle')).toMatchObject({ error: { code: 'not_found' } })
  })

  it('stops notifying after destroy', async () => {
    const { flow, statuses } = setup()
    flow.destroy()
    flow.send({ type: 'SUBMIT', to: PHONE })
    expect(flow.getSnapshot().status).toBe('idle')
    expect(statuses).toEqual([])
  })
})

/** A Storage stand-in: a Map behind the three methods the flow calls. */
function memoryStorage() {
  const items = new Map<string, string>()
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  }
}

describe('createVerificationFlow: callbacks and persistence', () => {
  it('calls onVerified once per verified verification and onStateChange on every change', async () => {
    const { flow } = setup()
    const verified: string[] = []
    const changes: FlowStatus[] = []
    flow.setOptions({ onVerified: (s) => verified.push(s.verification.id), onStateChange: (s) => changes.push(s.status) })
    flow.send({ type: 'SET_ADDRESS', to: PHONE })
    flow.send({ type: 'SUBMIT' })
    await until(flow, 'code_sent')
    flow.send({ type: 'TYPE_CODE', code: '123456' })
    const done = await until(flow, 'verified')
    // Re-reading the same verified state (a refresh, a re-render) calls nothing again.
    flow.send({ type: 'REFRESH' })
    expect(verified).toEqual([done.status === 'verified' ? done.verification.id : ''])
    expect(changes).toContain('code_sent')
    expect(changes.at(-1)).toBe('verified')
  })

  it('keeps the flow in the storage and resumes it in a new flow without sending another code', async () => {
    const storage = memoryStorage()
    const first = setup()
    first.flow.setOptions({ persist: { storage, key: 'k' } })
    first.flow.send({ type: 'SET_ADDRESS', to: PHONE })
    first.flow.send({ type: 'SUBMIT' })
    await until(first.flow, 'code_sent')
    expect(JSON.parse(storage.items.get('k') ?? '{}').status).toBe('code_sent')
    const sent = first.memory
    const second = createVerificationFlow({ adapter: sent, persist: { storage, key: 'k' } })
    expect(second.getSnapshot().status).toBe('code_sent')
    // Back to an empty address: nothing left to resume.
    first.flow.send({ type: 'CHANGE_ADDRESS' })
    first.flow.send({ type: 'SET_ADDRESS', to: '' })
    expect(storage.items.has('k')).toBe(false)
  })

  it('drops a snapshot it cannot read', () => {
    const storage = memoryStorage()
    storage.items.set('k', '{not json')
    const { flow } = setup()
    flow.setOptions({ persist: { storage, key: 'k' } })
    expect(flow.getSnapshot().status).toBe('idle')
    expect(storage.items.has('k')).toBe(false)
  })
})

