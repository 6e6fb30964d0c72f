/**
 * Issue 19, item 6: the lockout someone who knows a number can cause is bounded. Each block lasts
 * at most a code's lifetime (another session's pending verification) and costs a send from the
 * attacker's own per-address allowance; the owner's allowance is not the attacker's to spend.
 */
import { describe, expect, it } from 'vitest'
import { GHANA, harnessPerTest } from './harness'

const harness = harnessPerTest()

describe('a known number', () => {
  it('cannot have its owner’s daily allowance spent from another address', async () => {
    const h = await harness({ adapter: { trustProxy: 1 } })
    const attacker = () => h.browser({ headers: { 'x-forwarded-for': '198.51.100.7' } })
    // The attacker requests codes for the owner's number all day, waiting out each one.
    let sent = 0
    for (let i = 0; i < 30; i++) {
      if ((await attacker().start({ to: GHANA })).status === 201) sent++
      h.clock.advance(601)
    }
    expect(sent).toBe(10)
    // Before, the per-address cap was shared: the owner was refused for the rest of the day (22 h).
    const owner = h.browser({ headers: { 'x-forwarded-for': '41.66.1.2' } })
    const started = await owner.start({ to: GHANA })
    expect(started.status).toBe(201)
    expect((await owner.check(String(started.body?.id), h.codeFor(GHANA))).status).toBe(200)
  }, 60_000)

  it('is still protected from bombing from many addresses, and its owner still gets through', async () => {
    const h = await harness({ adapter: { trustProxy: 1 } })
    const from = (n: number) => h.browser({ headers: { 'x-forwarded-for': `198.51.100.${n}` } })
    let sent = 0
    for (let i = 0; i < 30; i++) {
      if ((await from(i + 1).start({ to: GHANA })).status === 201) sent++
      h.clock.advance(601)
    }
    expect(sent).toBe(30)
    // The day's 30 from everyone are spent: addresses that sent unverified codes are refused...
    for (let i = 0; i < 5; i++) {
      expect((await from(i + 1).start({ to: GHANA })).status).toBe(429)
      h.clock.advance(601)
    }
    expect(h.events.filter((e) => e.type === 'budget.exceeded').map((e) => (e as { scope: string }).scope)).toEqual(Array(5).fill('destination'))
    // ...the owner, on a clean address, is not (the cap used to refuse everyone for the day).
    const owner = h.browser({ headers: { 'x-forwarded-for': '41.66.1.2' } })
    const started = await owner.start({ to: GHANA })
    expect(started.status).toBe(201)
    expect((await owner.check(String(started.body?.id), h.codeFor(GHANA))).status).toBe(200)
  }, 60_000)
})
