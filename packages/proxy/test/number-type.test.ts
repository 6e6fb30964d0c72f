/** Finding 1 (toll fraud): only number types that can receive the channel's code are sent to. */
import { describe, expect, it } from 'vitest'
import { harnessPerTest } from './harness'

const harness = harnessPerTest()

const PREMIUM_ZA = '+27862123456'
const PREMIUM_UG = '+256901123456'
const UAN_NG = '+2347001234567'
const VOIP_TZ = '+255411234567'
const TOLL_FREE_ZA = '+27800123456'
const FIXED_GH = '+233302123456'
const MOBILE_GH = '+233241234567'

describe('number-type policy', () => {
  it.each([
    ['sms', PREMIUM_ZA],
    ['call', PREMIUM_ZA],
    ['sms', PREMIUM_UG],
    ['call', UAN_NG],
    ['sms', VOIP_TZ],
    ['call', TOLL_FREE_ZA],
    ['sms', FIXED_GH],
  ])('refuses %s to %s with 400 unsupported_number_type before any upstream call', async (channel, to) => {
    const h = await harness()
    const res = await h.browser().start({ to, channel })
    expect(res.status).toBe(400)
    expect(res.body?.code).toBe('unsupported_number_type')
    expect(h.upstream.calls.filter((c) => c.includes('verification'))).toEqual([])
  })

  it('sends SMS to a mobile number and calls a fixed line', async () => {
    const h = await harness()
    expect((await h.browser().start({ to: MOBILE_GH })).status).toBe(201)
    expect((await h.browser().start({ to: FIXED_GH, channel: 'call' })).status).toBe(201)
  })

  it('lets an app narrow or widen the policy per country', async () => {
    const h = await harness({ proxy: { numberTypes: { call: ['MOBILE'], countries: { GH: { sms: ['MOBILE', 'FIXED_LINE'] } } } } })
    expect((await h.browser().start({ to: FIXED_GH })).status).toBe(201)
    const call = await h.browser().start({ to: '+27111234567', channel: 'call' })
    expect(call.body?.code).toBe('unsupported_number_type')
  })
})
