import type { VerifyClient } from '@hakiki/verify-client'
import type { SecretInput } from './crypto'
import type { ProxyLogger, VerifyEvent } from './events'
import type { PhoneCountryCode } from '@hakiki/core'
import type { BudgetOptions } from './budgets'
import type { ConversionGuardOptions } from './conversion-guard'
import type { LimitsOptions } from './limits'
import type { NumberTypesOptions } from './number-type-policy'
import type { CountryPolicy } from './validate'
import type { AllowedOrigins } from './origin'
import type { VerifyStore } from '@hakiki/store'
import type { StartInput } from './validate'
import type { VerifyProvider, VerifyProviderV1 } from './verify-provider'

/** What `authorize` learns about the start it is asked to allow. The address is not masked. */
export interface AuthorizeContext extends StartInput {
  /**
   * True while unverified spend today is above the `budgets.unverifiedUsdSoftLimit` (an attack
   * is likely under way): require a captcha (or the app's login) now, even if you let starts
   * through without one otherwise.
   */
  elevated: boolean
}

/** Options of `createVerifyHandler`. */
export interface VerifyHandlerOptions {
  /**
   * What sends and checks codes: a provider of port v2 ({@link VerifyProvider} of `@hakiki/provider`:
   * `createEngineProvider(...)` from `@hakiki/engine`, or your own), which gets the proxy's store
   * and clock on every call, or of the older port v1 (`verifyClientProvider(client)`,
   * `createTwilioProvider(...)` from `@hakiki/twilio`). Pass exactly one of `provider` and
   * `client`.
   */
  provider?: VerifyProvider | VerifyProviderV1
  /**
   * Shorthand for `provider: verifyClientProvider(client)`: the spec's Verify API client
   * (`createVerifyClient` from `@hakiki/verify-client`), which holds the API credentials.
   */
  client?: VerifyClient
  /**
   * Server-side secret of at least 32 bytes (e.g. `openssl rand -base64 32`), the same on every
   * instance. Signs session cookies and receipts (with separate derived keys) and keys the hashes
   * that stand for addresses in the store. Creation throws when it is shorter.
   */
  secret: SecretInput
  /**
   * Path the handler is mounted under (`/api/verify`). Default `''`: any path ending in
   * `/verifications…` or `/rates` is served, and the part before it is taken as the base, which
   * also scopes the session cookie.
   */
  basePath?: string
  /**
   * The app's public origin(s), the one(s) users load its pages from: `'https://app.example.com'`
   * or a list. Required outside local development: it drives the origin check (POSTs and
   * preflights from it are allowed) and the `Secure` cookie decision, and is never derived from
   * the request (behind a reverse proxy or in a Next.js route handler `request.url` is
   * `http://localhost:…`). Without it, or when every one is loopback (`http://localhost:5173`),
   * any loopback page calling a loopback server is accepted (a dev server moving to another port
   * keeps working). Every other POST or preflight is 403 `forbidden_origin`, and the first refusal
   * of each origin is logged (at most 10 origins an hour) with what to set: an error while
   * `publicOrigin` is missing, else a warning naming `publicOrigin` and `allowedOrigins`.
   */
  publicOrigin?: string | readonly string[]
  /**
   * Further origins allowed to call from a browser, cross-origin (CORS with credentials): a list
   * (`['https://admin.example.com']`) or a predicate. POST without an allowed `Origin` is 403.
   */
  allowedOrigins?: AllowedOrigins
  /**
   * Request headers a cross-origin page may send besides `Content-Type`, answered in preflights'
   * `Access-Control-Allow-Headers`: the header that carries a captcha token to `authorize`
   * (`['X-Captcha-Token']`). Same-origin pages need no preflight.
   */
  allowedHeaders?: readonly string[]
  /**
   * Countries whose phone numbers are accepted; others get 400 `unsupported_country` before any
   * upstream call. `'all'` or ISO 3166-1 alpha-2 codes (`['US', 'GB', 'GH']`; an unknown code
   * throws at start-up). Default: the provider's coverage (`provider.countries`): the spec Verify
   * API's 14 covered countries for `client` and `verifyClientProvider`, `'all'` for
   * `createTwilioProvider` (its geo-permissions decide, answered as `unsupported_country` too),
   * the 14 for a provider that declares none. Given, it wins: narrow Twilio to your service's
   * list, or widen past a provider's declared coverage (logged as a warning at creation). The
   * `numberTypes` policy applies to every country either way.
   */
  countries?: CountryPolicy
  /**
   * Number types each phone channel may send to (toll-fraud guard), with per-country overrides:
   * `{ call: ['MOBILE'], countries: { GH: { sms: ['MOBILE', 'FIXED_LINE'] } } }`. Default
   * `DEFAULT_NUMBER_TYPES`: SMS to mobile (and fixed-line-or-mobile where the plan cannot tell),
   * calls to those and fixed lines; premium-rate, shared-cost, toll-free, UAN, VoIP, pager,
   * personal and voicemail numbers are refused with 400 `unsupported_number_type` before any
   * upstream call.
   */
  numberTypes?: NumberTypesOptions
  /** Overrides of the abuse and cost limits (see `DEFAULT_LIMITS`). */
  limits?: LimitsOptions
  /**
   * Overrides of the budgets of unverified sends (see `DEFAULT_BUDGETS`): per client IP, IPv6 /48,
   * number prefix and country (in USD, from the provider's rates), and a soft limit in all above
   * which starts degrade (`authorize` asked with `elevated: true`) rather than stop. They apply
   * wherever `publicOrigin` is not loopback; in local development only when this is given.
   */
  budgets?: BudgetOptions
  /**
   * The conversion guard (see `DEFAULT_CONVERSION_GUARD`): per number prefix (the number without
   * its last 6 digits) and country, a destination whose volume rises above 3 × its baseline while
   * fewer than 30 % of its sends (at least 20) are verified is blocked for 12 h, in the store, so
   * every instance agrees; starts to it then degrade as for a spent budget (`authorize` asked with
   * `elevated: true`; without a hook, only clients with nothing unverified today). `safe` lists
   * prefixes and countries never blocked (`budgets.safePrefixes` are safe here too); `false` turns
   * it off. It applies wherever the budgets do.
   */
  conversionGuard?: ConversionGuardOptions | false
  /**
   * High-risk countries (`HIGH_RISK_COUNTRIES`) to open although the country policy is `'all'`
   * (its own or its provider's): `['AE']`. Listing a country in `countries` opens it too.
   */
  openHighRiskCountries?: readonly PhoneCountryCode[]
  /**
   * Where counters and verification owners live: a `VerifyStore` (the store port of
   * `@hakiki/store`). Default: `createMemoryStore()`, right for one instance; several instances
   * need a shared one: `@hakiki/store-redis` (node-redis, ioredis, Upstash), `@hakiki/store-cloudflare`
   * (Durable Objects) or `@hakiki/store-deno-kv`. A start makes three round trips to it, a check or
   * a status read at most three.
   */
  store?: VerifyStore
  /**
   * Time a request may wait on its store, all its calls together, in ms (the provider's time is
   * not counted); default 1000. A store that
   * fails or is late answers a fast 503 `store_unavailable` instead of holding the request (a
   * Redis client's offline queue otherwise waits for ever while Redis is down or hung), and what
   * the request took is given back (give-backs get this long again past the deadline).
   */
  storeTimeoutMs?: number
  /**
   * Called just before each send, after validation, the cooldown and every cap (so a one-time
   * captcha is spent only on a start that goes out): return `false` to refuse with 403 `forbidden`
   * (tie sends to the app's own login session, check a captcha token from a header...). The body
   * has been read already, so take tokens from headers. A throw counts as `false`.
   */
  authorize?: (request: Request, start: AuthorizeContext) => boolean | Promise<boolean>
  /** Audit and metrics hook; addresses arrive masked. Its errors are logged, never fatal. */
  onEvent?: (event: VerifyEvent) => void | Promise<void>
  /**
   * Logger. Default: warnings and errors go to `console` (each names the option that fixes it);
   * pass `{}` to silence them. Receives masked addresses only, never codes or tokens.
   */
  logger?: ProxyLogger
  /**
   * The client IP for per-IP limits. Default: what the `node:http`/Express adapter recorded (the
   * socket's peer, or per their `trustProxy`), or `setClientIp`. A Fetch mount sees no socket
   * (Next.js, workers, Deno, Bun): there it is required outside local development, and starts
   * are refused (502, with a logged error saying what to write) until it is set, since without
   * it every new user would share one bucket. Use a header only your host sets:
   * `clientIpFromHeader('x-real-ip')` on Vercel, `clientIpFromHeader('cf-connecting-ip')` on
   * Cloudflare, `forwardedClientIp(n)` behind n reverse proxies of your own. A request it answers
   * `undefined` for shares the small `sendsPerUnknownClient` bucket.
   */
  getClientIp?: (request: Request) => string | undefined | Promise<string | undefined>
  /**
   * Deadline of a request body, in ms; default 10 000. A body still arriving then is 408 and its
   * request ends (a client trickling bytes used to hold a request for Node's 300 s).
   */
  bodyTimeoutMs?: number
  /** Clock in epoch milliseconds; default `Date.now`. */
  now?: () => number
  /**
   * Digits of the codes sent, sent to browsers as `codeLength`. A value other than the one the
   * provider declares (`provider.codeLength`) throws at creation.
   * @default the provider's `codeLength`, else 6
   */
  codeLength?: number
  /** Lifetime of a code. Default: the provider's `lifetimeSeconds` (a different value throws), else 600 s, Twilio Verify's. */
  codeTtlSeconds?: number
  /** Wrong codes allowed per verification. Default: the provider's `maxAttempts` (a different value throws), else 5, Twilio Verify's. */
  maxCheckAttempts?: number
  /** Lifetime of receipts; default 600 s. */
  receiptTtlSeconds?: number
  /** The receipts' `aud` claim (what they are for); default `DEFAULT_RECEIPT_AUDIENCE`. Pass the same to `verifyReceipt`. */
  receiptAudience?: string
  /** How long `GET /rates` is served from memory; default 3600 s. */
  ratesTtlSeconds?: number
}
