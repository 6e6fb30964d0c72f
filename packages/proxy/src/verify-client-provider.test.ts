import { VerifyApiError } from '@hakiki/verify-client'
import type { VerifyClient } from '@hakiki/verify-client'
import { describe, expect, it } from 'vitest'
import type { ProviderCall, VerifyStore } from '@hakiki/provider'
import { ProviderError } from '@hakiki/provider'
import { VERIFY_API_LIMITS, verifyClientProvider } from './verify-client-provider'

// The API keeps the state: a store that refuses every use fails any test that touches it.
const unused = () => Promise.reject(new Error('verifyClientProvider must not use the store'))
const noStore: VerifyStore = { take: unused, give: unused, add: unused, get: unused, write: unused }
const CALL: ProviderCall = { store: noStore, clock: { now: () => Date.now() } }

/** A client whose every call rejects with `error`: the classification is what is under test. */
function failing(error: unknown): VerifyClient {
  const reject = () => Promise.reject(error)
  return { createVerification: reject, checkVerification: reject, getVerification: reject, getSmsRates: reject, fetchToken: reject } as unknown as VerifyClient
}

async function kindOf(error: unknown, call: 'start' | 'check' = 'start', channel: 'sms' | 'email' = 'sms'): Promise<string> {
  const provider = verifyClientProvider(failing(error))
  const pending = call === 'start' ? provider.start({ to: 'x', channel, locale: 'en' }, CALL) : provider.check('VE1', '123456', CALL)
  const caught = await pending.catch((e: unknown) => e)
  return caught instanceof ProviderError ? caught.kind : `not a ProviderError: ${String(caught)}`
}

const api = (code: ConstructorParameters<typeof VerifyApiError>[0]['code'], extra: Partial<ConstructorParameters<typeof VerifyApiError>[0]> = {}) =>
  new VerifyApiError({ code, operation: 'create', ...extra })

describe('verifyClientProvider', () => {
  it('classifies the Verify API client errors into provider kinds', async () => {
    expect(await kindOf(api('timeout'))).toBe('timeout')
    expect(await kindOf(api('network_error'))).toBe('unavailable')
    expect(await kindOf(api('server_error', { status: 503 }))).toBe('unavailable')
    expect(await kindOf(api('rate_limited', { retryAfter: 9 }))).toBe('rate_limited')
    expect(await kindOf(api('unauthorized'))).toBe('misconfigured')
    expect(await kindOf(api('invalid_response'))).toBe('invalid_response')
    expect(await kindOf(api('not_found'))).toBe('not_found')
    expect(await kindOf(api('bad_request'), 'check')).toBe('invalid_code_format')
    expect(await kindOf(new Error('boom'))).toBe('unavailable')
  })

  it("reads which field the API refused on start from its message, and nothing else", async () => {
    expect(await kindOf(api('bad_request', { statusMessage: 'Unsupported locale' }))).toBe('unsupported_locale')
    expect(await kindOf(api('bad_request', { statusMessage: 'Country not supported' }))).toBe('unsupported_country')
    expect(await kindOf(api('bad_request', { statusMessage: 'Invalid phone number' }))).toBe('invalid_phone_number')
    // The spec sandbox's text for a malformed number names the country code; it is not coverage.
    const e164 = "'to' must be a phone number in E.164 form: '+', the country code and the number, digits only"
    expect(await kindOf(api('bad_request', { statusMessage: e164 }))).toBe('invalid_phone_number')
    expect(await kindOf(api('bad_request', { statusMessage: "'to' is not in a covered country" }))).toBe('unsupported_country')
    expect(await kindOf(api('bad_request', { statusMessage: 'Invalid email address' }), 'start', 'email')).toBe('invalid_email')
    expect(await kindOf(api('bad_request', { statusMessage: 'Something else' }))).toBe('misconfigured')
  })
})

describe('verifyClientProvider on port v2', () => {
  it("declares the API's channels, coverage and limits, or a deployment's own", () => {
    const provider = verifyClientProvider(failing(new Error('unused')))
    expect(provider).toMatchObject({ name: 'verify-api', channels: ['sms', 'call', 'email'], ...VERIFY_API_LIMITS })
    expect(provider.countries).toContain('GH')
    expect(verifyClientProvider(failing(new Error('unused')), { codeLength: 4, maxAttempts: 3 })).toMatchObject({ codeLength: 4, maxAttempts: 3, maxSends: 5 })
    expect(() => verifyClientProvider(failing(new Error('unused')), { codeLength: 3 })).toThrow(TypeError)
  })

  it('refuses a start for another code length than it declares, and WhatsApp, before calling the API', async () => {
    let calls = 0
    const counting = { createVerification: () => Promise.reject(new Error(`call ${++calls}`)) } as unknown as VerifyClient
    const provider = verifyClientProvider(counting)
    const refusal = (input: Parameters<typeof provider.start>[0]) => provider.start(input, CALL).catch((e: unknown) => e)
    expect(await refusal({ to: '+233241234567', channel: 'sms', locale: 'en', codeLength: 8 })).toMatchObject({ name: 'ProviderError', kind: 'misconfigured' })
    expect(await refusal({ to: '+233241234567', channel: 'whatsapp', locale: 'en' })).toMatchObject({ kind: 'unsupported_channel' })
    expect(calls).toBe(0)
  })
})
