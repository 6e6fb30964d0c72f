import { randomBytes } from 'node:crypto'
import { CHANNELS, type Channel } from '@hakiki/core'
import { createEngineProvider, type Route, type Transport } from '@hakiki/engine'
import { createSmtpTransport } from '@hakiki/engine/smtp'
import { createVerifyHandler, verifyClientProvider, type VerifyProvider, type VerifyProviderV1 } from '@hakiki/proxy'
import { DEFAULT_TWILIO_ACCOUNT } from '@hakiki/sandbox'
import { createTwilioProvider } from '@hakiki/twilio'
import { createVerifyClient } from '@hakiki/verify-client'
import { createSignupHandler } from './create-signup-handler'
import { createDemoCarrier } from './demo-carrier'
import type { LocalSmtp } from './find-local-smtp'

/**
 * Which provider the proxy uses: the spec's Verify API (`verify-api`) or Twilio Verify v2
 * (`twilio`), both the sandbox in its two dialects; or `engine`, the kit's own delivery: the proxy
 * on `@hakiki/engine`, making and checking codes itself and sending them over its own routes
 * (e-mail through a local mail server when one runs, everything else into the sandbox's inbox).
 */
export type DemoProviderName = 'verify-api' | 'twilio' | 'engine'

/** The provider names {@link createDemoApi} accepts, for validating `HAKIKI_DEMO_PROVIDER`. */
export const DEMO_PROVIDER_NAMES: readonly DemoProviderName[] = ['verify-api', 'twilio', 'engine']

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
  /** `engine` only: where messages go when no other route takes them (the sandbox's `transport`, its inbox). */
  inbox?: Transport
  /** `engine` only: a mail server on this machine (`findLocalSmtp()`); e-mail goes through it first, the inbox if it fails. */
  smtp?: LocalSmtp
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
  /** `engine` only: how e-mail leaves, `smtp` (a local mail server) or `inbox`. */
  email?: 'smtp' | 'inbox'
}

/** The demo's server side: the proxy at `/api/verify` and the app's own `/api/signup`. */
export interface DemoApi {
  /** What `/api/demo/config` answers. */
  readonly config: DemoConfig
  /** Answers `/api/verify/*`, `/api/signup` and `/api/demo/config`; `undefined` for any other path. */
  handle(request: Request): Promise<Response | undefined>
  /** Closes what the provider holds open (the engine's SMTP connection). */
  close(): Promise<void>
}

/** Builds the demo's API as a Fetch handler, exactly as an app would mount the kit. */
export function createDemoApi(options: DemoApiOptions): DemoApi {
  const secret = options.secret ?? randomBytes(32).toString('base64url')
  const { provider, close } = createProvider(options, secret)
  // Twilio Verify reaches every country (its provider says so): the proxy accepts them all, as it
  // would by default, said here so that the page offers the same; its number-type policy still
  // refuses premium and shared-cost lines. The Verify API reaches the 14 covered ones, the default.
  const config: DemoConfig = {
    provider: options.provider ?? 'verify-api',
    countries: provider.countries === 'all' ? 'all' : 'covered',
    // The provider declares what it sends; the page offers exactly that (the proxy refuses the rest).
    channels: provider.channels ?? CHANNELS,
    ...(options.provider === 'engine' ? { email: options.smtp ? ('smtp' as const) : ('inbox' as const) } : {}),
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
    close,
  }
}

/**
 * The provider port over the sandbox. Twilio uses the sandbox's built-in public account with an API
 * key (what Twilio recommends in production), so the demo needs no Twilio account.
 */
function createProvider(options: DemoApiOptions, secret: string): { provider: VerifyProvider | VerifyProviderV1; close(): Promise<void> } {
  if (options.provider === 'engine') return createOwnDelivery(options, secret)
  const none = { close: async () => {} }
  if (options.provider === 'twilio') {
    const [apiKey] = DEFAULT_TWILIO_ACCOUNT.apiKeys
    const [service] = DEFAULT_TWILIO_ACCOUNT.services
    if (!apiKey || !service) throw new Error('unreachable: the sandbox has a built-in API key and service')
    // The sandbox's Twilio service has a Mailer and a WhatsApp sender: every channel Twilio Verify sends.
    const provider = createTwilioProvider(
      { accountSid: DEFAULT_TWILIO_ACCOUNT.accountSid, apiKeySid: apiKey.sid, apiKeySecret: apiKey.secret },
      { serviceSid: service.sid, baseUrl: options.apiUrl, channels: ['sms', 'call', 'email', 'whatsapp'] },
    )
    return { provider, ...none }
  }
  return { provider: verifyClientProvider(createVerifyClient({ baseUrl: options.apiUrl, clientId: options.clientId, clientSecret: options.clientSecret })), ...none }
}

/**
 * Own delivery: the engine as the proxy's provider (port v2, as is): its verifications live in the
 * proxy's store, on the proxy's clock (the demo clock). Routes, in order: e-mail through the local mail server when there is
 * one; then the demo carrier (SMS to numbers ending in 0000 is reported undelivered) into the
 * sandbox's inbox, so the page's phone shows what was sent, and a failed SMTP send still arrives.
 */
function createOwnDelivery(options: DemoApiOptions, secret: string): { provider: VerifyProvider; close(): Promise<void> } {
  if (!options.inbox) throw new TypeError('provider engine needs `inbox`: the sandbox transport (sandbox.transport)')
  const routes: Route[] = []
  if (options.smtp) {
    const smtp = createSmtpTransport({ host: options.smtp.host, port: options.smtp.port, from: '"Hakiki demo" <codes@hakiki-demo.localhost>' })
    routes.push({ transport: smtp, channels: ['email'] })
  }
  // The sandbox's inbox takes WhatsApp too; own delivery has no WhatsApp sender, so it is not offered.
  routes.push({ transport: createDemoCarrier(options.inbox), channels: ['sms', 'call', 'email'] })
  const engine = createEngineProvider({ secret, appName: 'Hakiki demo', routes })
  return { provider: engine, close: () => engine.close() }
}
