import { randomBytes } from 'node:crypto'
import { CHANNELS, type Channel } from '@hakiki/core'
import { createVerifyHandler, verifyClientProvider, type VerifyProvider } from '@hakiki/proxy'
import { DEFAULT_TWILIO_ACCOUNT } from '@hakiki/sandbox'
import { createTwilioProvider } from '@hakiki/twilio'
import { createVerifyClient } from '@hakiki/verify-client'
import { createSignupHandler } from './create-signup-handler'

/**
 * Which API the proxy talks to: the spec's Verify API (`verify-api`) or Twilio Verify v2
 * (`twilio`). In the demo both are the same sandbox, in its two dialects.
 */
export type DemoProviderName = 'verify-api' | 'twilio'

/** The provider names {@link createDemoApi} accepts, for validating `HAKIKI_DEMO_PROVIDER`. */
export const DEMO_PROVIDER_NAMES: readonly DemoProviderName[] = ['verify-api', 'twilio']

/** Options of {@link createDemoApi}. */
export interface DemoApiOptions {
  /** Base URL of the sandbox (`http://127.0.0.1:4010`); the Twilio dialect is under its `/v2/`. */
  apiUrl: string
  /** Default `verify-api`: the client credentials below; `twilio`: the sandbox's public Twilio account. */
  provider?: DemoProviderName
  clientId: string
  clientSecret: string
  /** Secret of the proxy (cookies, receipts); random per start when omitted. */
  secret?: string
  /** Clock shared with the sandbox (epoch ms). */
  now?: () => number
  /** Log only errors (the end-to-end tests): the proxy's masked info and warnings stay out of the test output. */
  quiet?: boolean
}

/**
 * What the page needs to know of the server (`GET /api/demo/config`): the provider, and the
 * countries the proxy accepts phone numbers of, which the phone field then offers.
 */
export interface DemoConfig {
  provider: DemoProviderName
  /** `all` with Twilio Verify, which reaches every country; `covered` (the spec's 14) with the Verify API. */
  countries: 'all' | 'covered'
  /** The channels the provider declares it sends (WhatsApp with Twilio Verify), which the flow offers. */
  channels: readonly Channel[]
}

/** The demo's server side: the proxy at `/api/verify` and the app's own `/api/signup`. */
export interface DemoApi {
  /** What `/api/demo/config` answers. */
  readonly config: DemoConfig
  /** Answers `/api/verify/*`, `/api/signup` and `/api/demo/config`; `undefined` for any other path. */
  handle(request: Request): Promise<Response | undefined>
}

/** Builds the demo's API as a Fetch handler, exactly as an app would mount the kit. */
export function createDemoApi(options: DemoApiOptions): DemoApi {
  const secret = options.secret ?? randomBytes(32).toString('base64url')
  const provider = createProvider(options)
  // Twilio Verify reaches every country (its provider says so): the proxy accepts them all, as it
  // would by default, said here so that the page offers the same; its number-type policy still
  // refuses premium and shared-cost lines. The Verify API reaches the 14 covered ones, the default.
  const config: DemoConfig = {
    provider: options.provider ?? 'verify-api',
    countries: provider.countries === 'all' ? 'all' : 'covered',
    // The provider declares what it sends; the page offers exactly that (the proxy refuses the rest).
    channels: provider.channels ?? CHANNELS,
  }
  const verify = createVerifyHandler({
    provider,
    ...(config.countries === 'all' ? { countries: 'all' as const } : {}),
    secret,
    basePath: '/api/verify',
    ...(options.now ? { now: options.now } : {}),
    logger: {
      ...(options.quiet
        ? {}
        : { info: (message: string, fields?: unknown) => console.info(`[proxy] ${message}`, fields ?? ''), warn: (message: string, fields?: unknown) => console.warn(`[proxy] ${message}`, fields ?? '') }),
      error: (message, fields) => console.error(`[proxy] ${message}`, fields ?? ''),
    },
  })
  const signup = createSignupHandler({ secret, ...(options.now ? { now: options.now } : {}) })
  return {
    config,
    async handle(request) {
      const { pathname } = new URL(request.url)
      if (pathname === '/api/verify' || pathname.startsWith('/api/verify/')) return verify(request)
      if (pathname === '/api/signup') return signup(request)
      if (pathname === '/api/demo/config' && request.method === 'GET') return Response.json(config, { headers: { 'cache-control': 'no-store' } })
      return undefined
    },
  }
}

/**
 * The provider port over the sandbox. Twilio uses the sandbox's built-in public account with an API
 * key (what Twilio recommends in production), so the demo needs no Twilio account.
 */
function createProvider(options: DemoApiOptions): VerifyProvider {
  if (options.provider === 'twilio') {
    const [apiKey] = DEFAULT_TWILIO_ACCOUNT.apiKeys
    const [service] = DEFAULT_TWILIO_ACCOUNT.services
    if (!apiKey || !service) throw new Error('unreachable: the sandbox has a built-in API key and service')
    // The sandbox's Twilio service has a Mailer and a WhatsApp sender: every channel Twilio Verify sends.
    return createTwilioProvider(
      { accountSid: DEFAULT_TWILIO_ACCOUNT.accountSid, apiKeySid: apiKey.sid, apiKeySecret: apiKey.secret },
      { serviceSid: service.sid, baseUrl: options.apiUrl, channels: ['sms', 'call', 'email', 'whatsapp'] },
    )
  }
  return verifyClientProvider(createVerifyClient({ baseUrl: options.apiUrl, clientId: options.clientId, clientSecret: options.clientSecret }))
}
