/**
 * The provider contract: what the proxy relies on from any `VerifyProvider`, as one reusable
 * Vitest suite. Call `describeProviderContract(name, setup)` with a factory that starts a fresh
 * service (a sandbox) and returns the provider plus a way to read the codes it sent and to move
 * its clock. `@hakiki/twilio` runs it against the sandbox's Twilio dialect; the Verify API
 * provider runs it against the spec's dialect.
 */
import { isProviderError, type VerifyProviderV1 as VerifyProvider } from '@hakiki/proxy'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'

/** One fresh service and the provider under test. */
export interface ContractHarness {
  provider: VerifyProvider
  /** The code of the newest message sent to `to`. */
  latestCode(to: string): string | Promise<string>
  /** How many messages were sent to `to` so far. */
  sentCount(to: string): number | Promise<number>
  /** Moves the service's clock forward. */
  advanceClock(seconds: number): void | Promise<void>
  /** A phone number the service reaches (E.164). */
  phone: string
  /** An e-mail address the service reaches. */
  email: string
  /** A BCP-47 locale the service supports besides English. */
  locale: string
  /** Stops what `setup` started. */
  close?(): Promise<void>
}

const wrongCode = (code: string) => code.replace(/[0-9]/g, (d) => String((Number(d) + 1) % 10))

/**
 * What a call came to: the verification's status when it resolved, the `ProviderError`'s kind when
 * it rejected with one, or the rejection itself otherwise (which then matches no expected kind).
 */
function outcome(promise: Promise<{ status: string }>): Promise<unknown> {
  return promise.then(
    (v) => v.status,
    (e: unknown) => (isProviderError(e) ? e.kind : e),
  )
}

/** Registers the contract's tests for one provider. */
export function describeProviderContract(name: string, setup: () => Promise<ContractHarness>): void {
  describe(`provider contract: ${name}`, () => {
    let h: ContractHarness
    beforeEach(async () => {
      h = await setup()
    })
    afterEach(async () => {
      await h.close?.()
    })

    it('starts an sms verification: pending, an id, the address, and a code in the inbox', async () => {
      const v = await h.provider.start({ to: h.phone, channel: 'sms', locale: 'en' })
      expect(v).toMatchObject({ to: h.phone, channel: 'sms', status: 'pending' })
      expect(v.id).toEqual(expect.any(String))
      expect(await h.latestCode(h.phone)).toMatch(/^[0-9]{4,10}$/)
    })

    it('re-sends the same code under the same id when started again while pending', async () => {
      const first = await h.provider.start({ to: h.phone, channel: 'sms', locale: 'en' })
      const code = await h.latestCode(h.phone)
      const again = await h.provider.start({ to: h.phone, channel: 'call', locale: h.locale })
      expect(again.id).toBe(first.id)
      expect(again.channel).toBe('call')
      expect(await h.sentCount(h.phone)).toBe(2)
      expect(await h.latestCode(h.phone)).toBe(code)
    })

    it('answers pending to a wrong code, approved to the right one, and not_found afterwards', async () => {
      const { id } = await h.provider.start({ to: h.phone, channel: 'sms', locale: 'en' })
      const code = await h.latestCode(h.phone)
      expect(await h.provider.check(id, wrongCode(code))).toMatchObject({ id, status: 'pending' })
      expect(await h.provider.status(id)).toMatchObject({ id, status: 'pending', to: h.phone })
      expect(await h.provider.check(id, code)).toMatchObject({ id, status: 'approved', to: h.phone })
      expect(await outcome(h.provider.check(id, code))).toBe('not_found')
    })

    it('verifies an e-mail address', async () => {
      const { id, channel } = await h.provider.start({ to: h.email, channel: 'email', locale: h.locale })
      expect(channel).toBe('email')
      expect(await h.provider.check(id, await h.latestCode(h.email))).toMatchObject({ status: 'approved' })
    })

    it('answers not_found for an unknown id', async () => {
      const unknown = `VE${'0'.repeat(32)}`
      expect(await outcome(h.provider.status(unknown))).toBe('not_found')
      expect(await outcome(h.provider.check(unknown, '123456'))).toBe('not_found')
    })

    it('never approves after five wrong codes, not even the right code', async () => {
      const { id } = await h.provider.start({ to: h.phone, channel: 'sms', locale: 'en' })
      const code = await h.latestCode(h.phone)
      for (let i = 0; i < 4; i++) expect((await h.provider.check(id, wrongCode(code))).status).toBe('pending')
      // The fifth wrong code finishes it: answered as cancelled, or refused as max_attempts.
      expect(['cancelled', 'max_attempts']).toContain(await outcome(h.provider.check(id, wrongCode(code))))
      const after = await outcome(h.provider.check(id, code))
      expect(['cancelled', 'max_attempts', 'not_found']).toContain(after)
    })

    it('never approves an expired verification', async () => {
      const { id } = await h.provider.start({ to: h.phone, channel: 'sms', locale: 'en' })
      const code = await h.latestCode(h.phone)
      await h.advanceClock(601)
      expect(['expired', 'not_found']).toContain(await outcome(h.provider.status(id)))
      expect(['expired', 'not_found']).toContain(await outcome(h.provider.check(id, code)))
    })

    it('refuses a sixth send of one verification with max_sends (or rate_limited)', async () => {
      for (let i = 0; i < 5; i++) await h.provider.start({ to: h.phone, channel: 'sms', locale: 'en' })
      expect(['max_sends', 'rate_limited']).toContain(await outcome(h.provider.start({ to: h.phone, channel: 'sms', locale: 'en' })))
    })

    it('refuses a malformed phone number with invalid_phone_number', async () => {
      expect(await outcome(h.provider.start({ to: '+1', channel: 'sms', locale: 'en' }))).toBe('invalid_phone_number')
    })

    it("rejects with the caller's abort reason, not a ProviderError", async () => {
      const controller = new AbortController()
      const reason = new Error('the browser went away')
      controller.abort(reason)
      await expect(h.provider.start({ to: h.phone, channel: 'sms', locale: 'en' }, { signal: controller.signal })).rejects.toBe(reason)
      expect(await h.sentCount(h.phone)).toBe(0)
    })
  })
}
