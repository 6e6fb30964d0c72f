import { COUNTRIES, createMemoryAdapter, ERROR_CODES, isHakikiError, PROBLEM_STATUS, type Channel, type ErrorCode } from '@hakiki/core'
import { createSandbox } from '@hakiki/sandbox'
import { createVerifyClient, type VerifyClient } from '@hakiki/verify-client'
import examples from 'libphonenumber-js/examples.mobile.json'
import * as fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { GHANA, harnessPerTest, type Harness } from '../test/harness'
import { ProxyError } from './problem'
import { ProviderError, type ProviderErrorKind } from './provider-error'
import { createMemoryStore } from '@hakiki/store'
import { normalizeCheckCode, parseStartInput } from './validate'

/**
 * The kit's rules live once in `@hakiki/core` (`rules/`); this property test proves that the three
 * places that apply them answer alike on the same input: the memory adapter (the browser's
 * stand-in), the proxy's validation, and the sandbox (the Verify API). Addresses are compared as
 * the proxy sends them upstream: what the proxy accepts, the sandbox must accept in the proxy's
 * normalized form, and the memory adapter must accept with the same normalized address. And the
 * proxy's answers carry the status core's `PROBLEM_STATUS` gives their code, as the memory adapter's do.
 */
const SEED = 12_012

/** What one place made of an address: the normalized address, or the problem code it refused with. */
type Verdict = { to: string } | { refused: string }

async function memoryVerdict(to: string, channel: Channel): Promise<Verdict> {
  try {
    // A fresh adapter per input: its cooldown gate would otherwise refuse a repeated address.
    const sent = await createMemoryAdapter({ fixedCode: '123456' }).start({ to, channel })
    return { to: sent.to }
  } catch (error) {
    if (isHakikiError(error)) return { refused: error.code }
    throw error
  }
}

function proxyVerdict(to: string, channel: Channel): Verdict {
  try {
    return { to: parseStartInput({ to, channel }).to }
  } catch (error) {
    if (error instanceof ProxyError) return { refused: error.code }
    throw error
  }
}

/** The sandbox, reached over its Fetch handler by the typed client, as the proxy reaches the API. */
function sandboxClient(): VerifyClient {
  const sandbox = createSandbox()
  return createVerifyClient({
    baseUrl: 'https://sandbox.test',
    clientId: 'sandbox-client-id',
    clientSecret: 'sandbox-client-secret',
    fetch: (input, init) => sandbox.fetch(new Request(input, init)),
  })
}

async function sandboxAccepts(client: VerifyClient, to: string, channel: Exclude<Channel, 'whatsapp'>): Promise<boolean> {
  try {
    await client.createVerification({ to, channel })
    return true
  } catch (error) {
    // Only a 400 is a refusal of the address; a 429 (the same address again) passed validation.
    if (error instanceof Error && 'status' in error) return error.status !== 400
    throw error
  }
}

const digits = (min: number, max: number) => fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: min, maxLength: max })

/** E.164-like numbers around the covered countries' valid ones: examples, cut, lengthened, trunk 0 kept, Nigeria's 14-digit toll-free numbers, random. */
const phoneNumbers = fc.oneof(
  fc.constantFrom(...COUNTRIES).chain(({ iso2, dialCode }) => {
    const example = examples[iso2]
    return fc.oneof(
      fc.constant(`+${dialCode}${example}`),
      fc.integer({ min: 1, max: 4 }).map((cut) => `+${dialCode}${example.slice(0, -cut)}`),
      digits(1, 8).map((more) => `+${dialCode}${example}${more}`),
      fc.constant(`+${dialCode}0${example}`),
    )
  }),
  // Nigeria's toll-free 800 and UAN 700 numbers: valid in the metadata up to 14 national digits (17 in all).
  fc.tuple(fc.constantFrom('800', '700'), digits(7, 12)).map(([range, rest]) => `+234${range}${rest}`),
  digits(1, 18).map((rest) => `+${rest}`),
  fc.constantFrom('+44 20 7946 0000', '+442079460000', '+12125550100', '+233 24 123 4567', '233241234567', '+'),
)

const emailAddresses = fc.oneof(
  fc.emailAddress(),
  fc.emailAddress().map((address) => address.toUpperCase()),
  fc.tuple(fc.emailAddress(), fc.constantFrom('..', ' ', '\u202E', 'é', '"', '@', '\n')).map(([address, bad]) => address.replace('@', `${bad}@`)),
  fc.string({ maxLength: 30 }),
  fc.constantFrom('ama@example', 'ama@localhost', `${'a'.repeat(64)}@example.com`, `${'a'.repeat(65)}@example.com`, `ama@${'a'.repeat(63)}.com`, `ama@${'a'.repeat(64)}.com`),
)

const SEPARATORS = ['', ' ', '-', '.', '‧', '·', '•', '_', '\u2013', '\u200E', '/', 'a', '+'] as const
const codes = fc
  .tuple(digits(2, 12), fc.array(fc.constantFrom(...SEPARATORS), { minLength: 12, maxLength: 12 }), fc.boolean())
  .map(([code, separators, arabic]) => {
    const written = [...code].map((digit, i) => digit + (i < code.length - 1 ? (separators[i] ?? '') : '')).join('')
    return arabic ? written.replace(/[0-9]/g, (d) => '٠١٢٣٤٥٦٧٨٩'[Number(d)] ?? d) : written
  })

// Each property makes hundreds of async round trips (300–400 runs): about 1.5 s on an idle machine,
// past Vitest's 5 s default when the browser suites run beside it on two cores. A budget, not a wait.
const PROPERTY_TIMEOUT_MS = 60_000

describe('the memory adapter, the proxy and the sandbox apply the same rules', () => {
  it('accept and refuse the same phone numbers (E.164 bounds, validity, coverage, 16–17-digit Nigerian numbers)', async () => {
    const client = sandboxClient()
    let accepted = 0
    await fc.assert(
      fc.asyncProperty(phoneNumbers, async (to) => {
        const proxy = proxyVerdict(to, 'sms')
        const memory = await memoryVerdict(to, 'sms')
        // The memory adapter has metadata for the covered countries only: for another calling code
        // it cannot tell an invalid number from an uncovered one, but it refuses it all the same.
        const covered = COUNTRIES.some((c) => to.startsWith(`+${c.dialCode}`))
        expect({ to, memory: covered || 'to' in memory ? memory : 'refused' }).toEqual({ to, memory: covered || 'to' in proxy ? proxy : 'refused' })
        if ('to' in proxy) accepted++
        // The API gets what the proxy sends (its E.164 form); what the proxy refuses, the API refuses as typed.
        expect({ to, sandbox: await sandboxAccepts(client, 'to' in proxy ? proxy.to : to, 'sms') }).toEqual({ to, sandbox: 'to' in proxy })
      }),
      { seed: SEED, numRuns: 300 },
    )
    expect(accepted).toBeGreaterThan(20)
  }, PROPERTY_TIMEOUT_MS)

  it('accept and refuse the same e-mail addresses', async () => {
    const client = sandboxClient()
    await fc.assert(
      fc.asyncProperty(emailAddresses, async (to) => {
        const proxy = proxyVerdict(to, 'email')
        expect({ to, memory: await memoryVerdict(to, 'email') }).toEqual({ to, memory: proxy })
        // The API gets what the proxy sends (trimmed, lower-cased); what the proxy refuses, the API refuses as typed.
        expect({ to, sandbox: await sandboxAccepts(client, 'to' in proxy ? proxy.to : to, 'email') }).toEqual({ to, sandbox: 'to' in proxy })
      }),
      { seed: SEED, numRuns: 300 },
    )
  }, PROPERTY_TIMEOUT_MS)

  it('read the same codes (separators like 123‧456, Unicode digits, 4 to 10 digits)', async () => {
    const memory = createMemoryAdapter({ fixedCode: '123456', maxAttempts: 1_000_000 })
    const { id: verificationId } = await memory.start({ to: '+233241234567' })
    let readable = 0
    await fc.assert(
      fc.asyncProperty(codes, async (code) => {
        let proxy: string
        try {
          proxy = normalizeCheckCode(code)
          readable++
        } catch (error) {
          if (!(error instanceof ProxyError)) throw error
          proxy = error.code
        }
        const answer = await memory.check(verificationId, code).then(
          () => 'checked',
          (error: unknown) => (isHakikiError(error) ? error.code : 'thrown'),
        )
        expect({ code, memory: answer }).toEqual({ code, memory: proxy === 'invalid_code_format' ? 'invalid_code_format' : 'checked' })
      }),
      { seed: SEED, numRuns: 400 },
    )
    expect(readable).toBeGreaterThan(30)
  }, PROPERTY_TIMEOUT_MS)
})

/** Every kind a provider may fail with (the port's list), to drive each upstream mapping. */
const PROVIDER_ERROR_KINDS: readonly ProviderErrorKind[] = [
  'invalid_phone_number',
  'invalid_email',
  'unsupported_country',
  'unsupported_channel',
  'unsupported_locale',
  'invalid_code_format',
  'not_found',
  'max_attempts',
  'max_sends',
  'rate_limited',
  'fraud_blocked',
  'timeout',
  'unavailable',
  'misconfigured',
  'invalid_response',
]

/**
 * HTTP statuses that legitimately differ from the table: refusals of the HTTP exchange itself,
 * all `invalid_request` (see `ProtocolStatus` in problem.ts).
 */
const PROTOCOL_STATUSES: ReadonlySet<string> = new Set(['405 invalid_request', '413 invalid_request', '415 invalid_request'])

/** `status code` of every problem the harness's browsers received. */
const problemsOf = (h: Harness): string[] => h.seen.filter((seen) => typeof seen.body?.code === 'string').map((seen) => `${seen.status} ${String(seen.body?.code)}`)

describe("the proxy's routes answer each problem code with core's PROBLEM_STATUS", () => {
  const harness = harnessPerTest()

  it('over real HTTP, for every code the routes, validation, limits, upstream mapping and store deadline produce', async () => {
    const answered: string[] = []

    // Validation, origin, authorize, routing, cooldown, code checks, expiry: one proxy on the sandbox.
    const h = await harness({ proxy: { authorize: (request) => request.headers.get('x-test-refuse') === null } })
    const page = h.browser()
    await page.request('POST', '/verifications', '{"to":', { 'content-type': 'application/json' })
    await page.request('GET', '/verifications')
    await page.request('POST', '/verifications', 'to=1', { 'content-type': 'text/plain' })
    await page.request('POST', '/verifications', JSON.stringify({ to: GHANA, pad: 'x'.repeat(17_000) }), { 'content-type': 'application/json' })
    await page.request('GET', '/nowhere')
    await page.start({ to: '0241234567' })
    await page.start({ to: 'ama@@example.com', channel: 'email' })
    await page.start({ to: '+447911123456' })
    await page.start({ to: '+27862123456' })
    await page.start({ to: GHANA, locale: 'tlh' })
    await h.browser({ origin: null }).start({ to: GHANA })
    await h.browser({ headers: { 'x-test-refuse': '1' } }).start({ to: GHANA })
    const started = await page.start({ to: GHANA })
    const id = String(started.body?.id)
    await page.start({ to: GHANA })
    await page.check(id, '12')
    const wrong = h.codeFor(GHANA).replace(/[0-9]/g, (d) => String((Number(d) + 1) % 10))
    for (let attempt = 0; attempt < 6; attempt++) await page.check(id, wrong)
    const other = h.browser()
    const late = await other.start({ to: '+254712345678' })
    h.clock.advance(601)
    await other.check(String(late.body?.id), '123456')
    answered.push(...problemsOf(h))
    await h.close()

    // Each upstream failure kind, mapped to a problem.
    for (const kind of PROVIDER_ERROR_KINDS) {
      const failing = await harness({
        wrapProvider: (provider) => ({
          ...provider,
          start: () => Promise.reject(new ProviderError(kind, { operation: 'start', provider: provider.name })),
          check: () => Promise.reject(new ProviderError(kind, { operation: 'check', provider: provider.name })),
        }),
      })
      const browser = failing.browser()
      await browser.start({ to: GHANA })
      answered.push(...problemsOf(failing))
      await failing.close()
    }

    // A store that fails.
    const broken = createMemoryStore()
    const storeDown = await harness({ proxy: { store: { ...broken, get: () => Promise.reject(new Error('down')), take: () => Promise.reject(new Error('down')) } } })
    await storeDown.browser().start({ to: GHANA })
    answered.push(...problemsOf(storeDown))

    const disagreeing = answered.filter((answer) => {
      const [status, problem] = answer.split(' ') as [string, ErrorCode]
      return Number(status) !== PROBLEM_STATUS[problem] && !PROTOCOL_STATUSES.has(answer)
    })
    expect(disagreeing).toEqual([])
    // The run reached every code and every protocol status, so the comparison above is not vacuous.
    const codesSeen = new Set(answered.map((answer) => answer.split(' ')[1]))
    expect(ERROR_CODES.filter((problem) => !codesSeen.has(problem))).toEqual([])
    expect([...PROTOCOL_STATUSES].filter((answer) => !answered.includes(answer))).toEqual([])
  })

  it('derives a ProxyError status from its code, overridable only by an invalid_request', () => {
    for (const problem of ERROR_CODES) expect({ problem, status: new ProxyError(problem).status }).toEqual({ problem, status: PROBLEM_STATUS[problem] })
    expect(new ProxyError('invalid_request', { status: 413 }).status).toBe(413)
    // A status smuggled past the types onto another code is ignored.
    expect(new ProxyError('not_found', { status: 413 } as object).status).toBe(404)
  })
})
