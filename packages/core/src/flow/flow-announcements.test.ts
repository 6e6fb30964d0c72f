import { describe, expect, it } from 'vitest'
import { setupFlow } from '../../test/flow-harness'
import { connectVerificationFlow } from './connect-verification-flow'
import type { VerificationFlowStore } from './create-verification-flow'
import { spokenAnnouncement } from './flow-announcements'
import type { FlowAnnouncement } from './flow-machine'
import type { FlowStatus } from './flow-state'

const PHONE = '+233241234567'

/**
 * A flow over the shared test backend with a hand-driven clock, and a listener that records what the
 * flow's live region would hold after every change, as a screen reader meets it: a node is read
 * when it appears (a new id), never when it stays or goes.
 */
function setup() {
  const { flow, now, advance } = setupFlow({ maxAttempts: 3, cooldownsSeconds: [30] })
  const heard: FlowAnnouncement[] = []
  const shown: Array<FlowAnnouncement | undefined> = []
  let lastId: number | undefined
  flow.subscribe(() => {
    const spoken = connectVerificationFlow(flow.getSnapshot(), flow.send, { announcement: flow.getAnnouncement(), now }).spoken
    shown.push(spoken?.announcement)
    if (spoken && spoken.id !== lastId) heard.push(spoken.announcement)
    lastId = spoken?.id
  })
  return { flow, heard, shown, advance }
}

async function until(flow: VerificationFlowStore, status: FlowStatus): Promise<void> {
  for (let i = 0; i < 100 && flow.getSnapshot().status !== status; i++) await new Promise((r) => setTimeout(r, 0))
  expect(flow.getSnapshot().status).toBe(status)
}

describe('the flow live region', () => {
  it('says each outcome once, in order: wrong code, lock, new code, expiry, new code, verified', async () => {
    const { flow, heard, advance } = setup()
    flow.send({ type: 'SUBMIT', to: PHONE })
    await until(flow, 'code_sent')
    for (const [code, after] of [['111111', 'code_sent'], ['222222', 'code_sent'], ['333333', 'locked']] as const) {
      flow.send({ type: 'TYPE_CODE', code })
      await until(flow, after)
    }
    advance(30)
    flow.send({ type: 'RESEND' })
    await until(flow, 'code_sent')
    advance(600)
    expect(flow.getSnapshot().status).toBe('expired')
    flow.send({ type: 'RESEND' })
    await until(flow, 'code_sent')
    flow.send({ type: 'TYPE_CODE', code: '123456' })
    await until(flow, 'verified')

    expect(heard.map((a) => (a.kind === 'error' ? `error:${a.error.code}:${a.error.attemptsLeft}` : a.kind))).toEqual([
      'sending',
      'checking',
      'error:wrong_code:2',
      'checking',
      'error:wrong_code:1',
      'checking',
      'locked',
      'resent',
      'expired',
      'resent',
      'checking',
      'verified',
    ])
  })

  it('empties once its sentence is stale: a wrong code is cleared by the next digit typed', async () => {
    const { flow, shown } = setup()
    flow.send({ type: 'SUBMIT', to: PHONE })
    await until(flow, 'code_sent')
    // Arriving at the code step, the region says nothing: the focused code field says where the code went.
    expect(shown.at(-1)).toBeUndefined()
    flow.send({ type: 'TYPE_CODE', code: '999999' })
    await until(flow, 'code_sent')
    expect(shown.at(-1)).toMatchObject({ kind: 'error', error: { code: 'wrong_code' } })
    flow.send({ type: 'TYPE_CODE', code: '1' })
    expect(shown.at(-1)).toBeUndefined()
  })

  it('leaves an error of the address to the address field', () => {
    const entry = { id: 1, announcement: { kind: 'error', error: { code: 'invalid_phone_number' } } } as const
    expect(spokenAnnouncement(entry, { status: 'idle', to: '+1', channel: 'sms', error: { code: 'invalid_phone_number' } })).toBeUndefined()
    // The same kind of sentence about no field is the flow's.
    const down = { id: 2, announcement: { kind: 'error', error: { code: 'upstream_unavailable' } } } as const
    expect(spokenAnnouncement(down, { status: 'idle', to: '+1', channel: 'sms', error: { code: 'upstream_unavailable' } })).toBe(down)
  })
})
