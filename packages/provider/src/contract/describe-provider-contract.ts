/**
 * The provider contract: what the proxy relies on from any {@link VerifyProvider}, as one reusable
 * Vitest suite. Call `describeProviderContract(name, setup)` with a factory that starts a fresh
 * service and returns the provider, the store and clock its calls receive, and ways to read the
 * codes it sent and to move time. The limits tested are the ones the provider declares.
 */
import { CHANNELS, type Channel } from '@hakiki/core'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { isProviderError } from '../provider-error'
import type { ProviderCall, ProviderClock, VerifyProvider } from '../verify-provider'
import type { VerifyStore } from '../verify-store'

/** One fresh service and the provider under test. */
export interface ProviderContractHarness {
  provider: VerifyProvider
  /** The store every call receives. */
  store: VerifyStore
  /** The clock every call receives; {@link advanceClock} must move it (and the service's). */
  clock: ProviderClock
  /** The code of the newest message sent to `to`. */
  latestCode(to: string): string | Promise<string>
  /** How many messages were sent to `to` so far. */
  sentCount(to: string): number | Promise<number>
  /** Moves time forward for the clock above and for the service. */
  advanceClock(seconds: number): void | Promise<void>
  /** A phone number the service reaches (E.164). */
  phone: string
  /** An e-mail address the service reaches (used when the provider sends e-mail). */
  email: string
  /** A BCP-47 locale the service supports besides English. */
  locale: string
  /** Stops what `setup` started. */
  close?(): Promise<void>
}

const wrongCode = (code: string) => code.replace(/[0-9]/g, (d) => String((Number(d) + 1) % 10))

/** What a call came to: the status it resolved with, the kind it rejected with, or the rejection itself. */
function outcome(promise: Promise<{ status: string }>): Promise<unknown> {
  return promise.then(
    (v) => v.status,
    (e: unknown) => (isProviderError(e) ? e.kind : e),
  )
}

/** Registers the contract's tests for one provider. */
export function describeProviderContract(name: string, setup: () => Promise<ProviderContractHarness>): void {
  describe(`provider contract: ${name}`, () => {
    let h: ProviderContractHarness
    let call: ProviderCall
    let phoneChannel: Channel
    beforeEach(async () => {
      h = await setup()
      call = { store: h.store, clock: h.clock }
      phoneChannel = h.provider.channels.includes('sms') ? 'sms' : h.provider.channels.find((c) => c !== 'email') ?? 'sms'
    })
    afterEach(async () => {
      await h.close?.()
    })
    const start = (to = h.phone, channel = phoneChannel, extra: object = {}) => h.provider.start({ to, channel, locale: 'en', ...extra }, call)

    it('declares what it can do: channels, code length, lifetime, attempts, sends, countries', () => {
      const p = h.provider
      expect(p.name).toMatch(/^[a-z0-9-]+$/)
      expect(p.channels.length).toBeGreaterThan(0)
      for (const c of p.channels) expect(CHANNELS).toContain(c)
      expect(Number.isInteger(p.codeLength) && p.codeLength >= 4 && p.codeLength <= 10).toBe(true)
      for (const n of [p.lifetimeSeconds, p.maxAttempts, p.maxSends]) expect(Number.isInteger(n) && n > 0).toBe(true)
      expect(p.countries === 'all' || p.countries.every((c) => /^[A-Z]{2}$/.test(c))).toBe(true)
    })

    it('starts a phone verification: pending, an id, the address, and a code of the declared length sent', async () => {
      const v = await start()
      expect(v).toMatchObject({ to: h.phone, channel: phoneChannel, status: 'pending' })
      expect(v.id).toMatch(/^[A-Za-z0-9_-]{1,64}$/)
      expect(await h.latestCode(h.phone)).toMatch(new RegExp(`^[0-9]{${h.provider.codeLength}}$`))
    })

    it('re-sends the same code under the same id when given the pending verification', async () => {
      const first = await start()
      const code = await h.latestCode(h.phone)
      const other = h.provider.channels.find((c) => c !== 'email' && c !== phoneChannel) ?? phoneChannel
      const again = await h.provider.start({ to: h.phone, channel: other, locale: h.locale, resend: { id: first.id, channel: phoneChannel, sends: 1 } }, call)
      expect(again.id).toBe(first.id)
      expect(again.channel).toBe(other)
      expect(await h.sentCount(h.phone)).toBe(2)
      expect(await h.latestCode(h.phone)).toBe(code)
    })

    it('answers pending to a wrong code, approved to the right one, and not_found afterwards', async () => {
      const { id } = await start()
      const code = await h.latestCode(h.phone)
      expect(await h.provider.check(id, wrongCode(code), call)).toMatchObject({ id, status: 'pending' })
      expect(await h.provider.status(id, call)).toMatchObject({ id, status: 'pending', to: h.phone })
      expect(await h.provider.check(id, code, call)).toMatchObject({ id, status: 'approved', to: h.phone })
      expect(await outcome(h.provider.check(id, code, call))).toBe('not_found')
    })

    it('verifies an e-mail address when it sends e-mail', async () => {
      if (!h.provider.channels.includes('email')) return
      const { id, channel } = await h.provider.start({ to: h.email, channel: 'email', locale: h.locale }, call)
      expect(channel).toBe('email')
      expect(await h.provider.check(id, await h.latestCode(h.email), call)).toMatchObject({ status: 'approved' })
    })

    it('refuses a channel it does not declare with unsupported_channel, sending nothing', async () => {
      const missing = CHANNELS.find((c) => !h.provider.channels.includes(c))
      if (!missing) return
      const to = missing === 'email' ? h.email : h.phone
      expect(await outcome(h.provider.start({ to, channel: missing, locale: 'en' }, call))).toBe('unsupported_channel')
      expect(await h.sentCount(to)).toBe(0)
    })

    it('answers not_found for an unknown id', async () => {
      const unknown = `VE${'0'.repeat(32)}`
      expect(await outcome(h.provider.status(unknown, call))).toBe('not_found')
      expect(await outcome(h.provider.check(unknown, '123456', call))).toBe('not_found')
    })

    it('never approves after maxAttempts wrong codes, not even the right code', async () => {
      const { id } = await start()
      const code = await h.latestCode(h.phone)
      for (let i = 1; i < h.provider.maxAttempts; i++) expect((await h.provider.check(id, wrongCode(code), call)).status).toBe('pending')
      expect(['cancelled', 'max_attempts']).toContain(await outcome(h.provider.check(id, wrongCode(code), call)))
      expect(['cancelled', 'max_attempts', 'not_found']).toContain(await outcome(h.provider.check(id, code, call)))
    })

    it('never approves once lifetimeSeconds have passed', async () => {
      const { id } = await start()
      const code = await h.latestCode(h.phone)
      await h.advanceClock(h.provider.lifetimeSeconds + 1)
      expect(['expired', 'not_found']).toContain(await outcome(h.provider.status(id, call)))
      expect(['expired', 'not_found']).toContain(await outcome(h.provider.check(id, code, call)))
    })

    it('refuses the send after maxSends with max_sends (or rate_limited)', async () => {
      let pending = await start()
      for (let i = 1; i < h.provider.maxSends; i++) pending = await start(h.phone, phoneChannel, { resend: { id: pending.id, channel: phoneChannel, sends: i } })
      const refused = start(h.phone, phoneChannel, { resend: { id: pending.id, channel: phoneChannel, sends: h.provider.maxSends } })
      expect(['max_sends', 'rate_limited']).toContain(await outcome(refused))
      expect(await h.sentCount(h.phone)).toBe(h.provider.maxSends)
    })

    it('refuses a malformed phone number with invalid_phone_number', async () => {
      expect(await outcome(start('+1'))).toBe('invalid_phone_number')
    })

    it('ends a pending verification on cancel, when it can', async () => {
      if (!h.provider.cancel) return
      const { id } = await start()
      const code = await h.latestCode(h.phone)
      expect(await h.provider.cancel(id, call)).toMatchObject({ id, status: 'cancelled' })
      expect(await outcome(h.provider.check(id, code, call))).toBe('not_found')
    })

    it("rejects with the caller's abort reason, not a ProviderError, and sends nothing", async () => {
      const controller = new AbortController()
      const reason = new Error('the browser went away')
      controller.abort(reason)
      await expect(h.provider.start({ to: h.phone, channel: phoneChannel, locale: 'en' }, { ...call, signal: controller.signal })).rejects.toBe(reason)
      expect(await h.sentCount(h.phone)).toBe(0)
    })
  })
}
