/**
 * The `countries` default is the provider's coverage (issue 15), over real HTTP: the Verify-API
 * provider declares the spec's 14, a provider that declares nothing keeps them, and an explicit
 * option still wins (narrowing or, with a warning, widening). Twilio's `'all'` is tested end to
 * end in `@hakiki/twilio` (test/proxy-over-twilio.e2e.test.ts).
 */
import { describe, expect, it } from 'vitest'
import { createVerifyHandler } from '../src/create-verify-handler'
import { verifyClientProvider } from '../src/verify-client-provider'
import type { VerifyProviderV1 as VerifyProvider } from '../src/verify-provider'
import { GHANA, harnessPerTest, SECRET } from './harness'

const harness = harnessPerTest()
const GERMAN_MOBILE = '+4915123456789'
const KENYAN_MOBILE = '+254712345678'

/** The same provider, without its declared coverage (a custom provider that declares none). */
const undeclared = (provider: VerifyProvider): VerifyProvider => {
  const { countries: _dropped, ...rest } = provider
  return rest
}

describe('countries default to the provider coverage', () => {
  it('declares the 14 covered countries on the Verify-API provider', () => {
    const provider = verifyClientProvider({} as Parameters<typeof verifyClientProvider>[0])
    expect(provider.countries).toHaveLength(14)
    expect(provider.countries).toContain('GH')
    expect(provider.countries).not.toContain('DE')
  })

  it('refuses a German mobile behind the Verify API without the countries option, calling nothing upstream', async () => {
    const h = await harness()
    const refused = await h.browser().start({ to: GERMAN_MOBILE })
    expect(refused).toMatchObject({ status: 400, body: { code: 'unsupported_country' } })
    expect(h.upstream.calls.filter((call) => call.includes('verification'))).toEqual([])
    expect((await h.browser().start({ to: GHANA })).status).toBe(201)
  })

  it('keeps the 14 for a provider that declares no coverage', async () => {
    const h = await harness({ wrapProvider: undeclared })
    expect(await h.browser().start({ to: GERMAN_MOBILE })).toMatchObject({ status: 400, body: { code: 'unsupported_country' } })
    expect((await h.browser().start({ to: GHANA })).status).toBe(201)
  })

  it('lets an explicit countries option narrow the coverage', async () => {
    const h = await harness({ proxy: { countries: ['GH'] } })
    expect(await h.browser().start({ to: KENYAN_MOBILE })).toMatchObject({ status: 400, body: { code: 'unsupported_country' } })
    expect((await h.browser().start({ to: GHANA })).status).toBe(201)
    expect(h.logs.filter((line) => line.startsWith('warn'))).toEqual([])
  })

  it('lets an explicit countries option widen the coverage, with a warning at creation naming the extra countries', async () => {
    const h = await harness({ proxy: { countries: ['GH', 'DE'] } })
    expect(h.logs.filter((line) => line.startsWith('warn') && line.includes('coverage'))).toEqual([expect.stringContaining('"countries":"DE"')])
    // The proxy lets it through; the spec API itself refuses the country.
    const refused = await h.browser().start({ to: GERMAN_MOBILE })
    expect(refused).toMatchObject({ status: 400, body: { code: 'unsupported_country' } })
    expect(h.upstream.calls.filter((call) => call.includes('verification'))).toHaveLength(1)
  })

  it('throws at creation when a provider declares a code that is no country', () => {
    const provider: VerifyProvider = { ...verifyClientProvider({} as Parameters<typeof verifyClientProvider>[0]), name: 'odd', countries: ['GH', 'UK'] }
    expect(() => createVerifyHandler({ provider, secret: SECRET })).toThrow(/provider "odd" countries: "UK"/)
  })
})
