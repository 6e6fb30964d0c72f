/**
 * The proxy: a Fetch handler `(Request) => Promise<Response>` that is the browser's only road to
 * the Verify API. It runs as is in Next.js route handlers, Hono, Bun, Deno and workers, and in
 * `node:http` and Express through `toNodeListener` and `toExpressMiddleware`.
 */
import { getAdapterClientIp, hasUntrustedForwarding } from './client-ip'
import { assertSecret, createMac } from './crypto'
import { whenReady } from './awaitable'
import type { ProxyLogger, VerifyEvent } from './events'
import type { HandlerContext, RequestState } from './handler-context'
import { resolveBudgets } from './budgets'
import { createConversionGuard } from './conversion-guard'
import { createConversionGuardMetrics } from './conversion-guard-metrics'
import { createCircuitBreaker } from './circuit-breaker'
import { createFeeTable } from './fee-table'
import { defaultMaxCounters, resolveLimits } from './limits'
import { DEFAULT_BODY_TIMEOUT_MS } from './read-json-body'
import { resolveCountryCheck } from './resolve-country-check'
import { createNumberTypeCheck } from './number-type-policy'
import { addCorsHeaders, createOriginPolicy, isJsonContentType, preflightResponse, varyOnOrigin } from './origin'
import { ProxyError, problemResponse } from './problem'
import { SAFE_BASE, matchRoute, pathnameOf } from './route-match'
import { checkCode } from './routes/check-code'
import { createRatesRoute } from './routes/get-rates'
import { getStatus } from './routes/get-status'
import { startVerification } from './routes/start-verification'
import { deliveryReport } from './routes/delivery-report'
import { createSessionCodec } from './session'
import { markReceiptStore } from './replay-guard'
import { answerHeader, markOutOfBandReader, setAnswerHeader, setHeaderLine, setViewEntry, withBody } from './out-of-band-body'
import type { HeaderLines } from './out-of-band-body'
import { fetchRequestOf } from './request-view'
import type { RequestView } from './request-view'
import { DEFAULT_STORE_TIMEOUT_MS, StoreUnavailableError, createMemoryStore, storeWithDeadline } from '@hakiki/store'
import { isVerifyStore, storeForRequest } from './request-store'
import type { VerifyHandlerOptions } from './verify-handler-options'
import { verifyClientProvider } from './verify-client-provider'
import { isProviderV2, toProviderV2 } from './verify-provider'
import type { VerifyProvider } from './verify-provider'
import type { VerifyClient } from '@hakiki/verify-client'

/** A Fetch API request handler. */
export type VerifyHandler = (request: Request) => Promise<Response>

const silent = (): void => undefined

/** How many keyed hashes of IPs and sessions a handler remembers. */
const MAX_REMEMBERED_KEYS = 4096

/** The default logger: warnings and errors on `console` (fields are already masked); pass `logger` to route or silence them. */
const CONSOLE_LOGGER: ProxyLogger = {
  warn: (message, fields) => console.warn(`[hakiki] ${message}`, ...(fields === undefined ? [] : [fields])),
  error: (message, fields) => console.error(`[hakiki] ${message}`, ...(fields === undefined ? [] : [fields])),
}

/**
 * Creates the proxy handler. Throws a `TypeError` at creation for a missing client, a secret
 * shorter than 32 bytes, malformed `allowedOrigins` or limits: configuration errors should stop
 * the app from booting, not surface on the first user.
 *
 * Every answer is JSON: the documented 2xx bodies, or `application/problem+json` with a stable
 * `code`. The handler never throws and never answers 500.
 */
export function createVerifyHandler(options: VerifyHandlerOptions): VerifyHandler {
  if ((options.provider === undefined) === (options.client === undefined)) {
    throw new TypeError('createVerifyHandler: pass exactly one of "provider" (a VerifyProvider) and "client" (a VerifyClient)')
  }
  const provider = resolveProvider(options)
  assertSecret(options.secret)
  const basePath = (options.basePath ?? '').replace(/\/+$/, '')
  if (basePath !== '' && !basePath.startsWith('/')) throw new TypeError('basePath must start with "/"')
  if (!SAFE_BASE.test(basePath)) throw new TypeError('basePath must be a URL path without ";" or ","')
  const codeLength = provider.codeLength
  if (!Number.isInteger(codeLength) || codeLength < 4 || codeLength > 10) throw new TypeError('codeLength must be 4 to 10')
  const secret = options.secret
  const now = options.now ?? Date.now
  // Loud by default: a warning nobody sees is how a misconfiguration reaches production.
  const logger: ProxyLogger = options.logger ?? CONSOLE_LOGGER
  const log: Required<ProxyLogger> = {
    debug: logger.debug?.bind(logger) ?? silent,
    info: logger.info?.bind(logger) ?? silent,
    warn: logger.warn?.bind(logger) ?? silent,
    error: logger.error?.bind(logger) ?? silent,
  }
  const origins = createOriginPolicy({ publicOrigin: options.publicOrigin, allowedOrigins: options.allowedOrigins, log, now })
  const allowedHeaders = (options.allowedHeaders ?? []).map((name) => {
    if (!/^[A-Za-z0-9!#$%&'*+.^_`|~-]+$/.test(name)) throw new TypeError(`allowedHeaders entries must be header names (got "${name}")`)
    return name
  })
  const storeKeyMac = createMac(secret, 'store-keys')
  // The keyed hashes of IPs and sessions, which come back on every request of a client (a start
  // hashes its IP three times: its caps, its budget, its network's budget).
  const rememberedKeys = new Map<string, string>()
  const onEvent = options.onEvent
  const budgets = resolveBudgets(options.budgets)
  // Built (and its options checked) at creation even where it does not apply.
  // The budgets' safe prefixes (numbers the app knows are its own) are never blocked either.
  const conversionGuard =
    options.conversionGuard === false ? undefined : createConversionGuard({ ...options.conversionGuard, safe: [...(options.conversionGuard?.safe ?? []), ...budgets.safePrefixes] })
  const budgetsApply = !(origins.development && options.budgets === undefined)
  if (options.store !== undefined && !isVerifyStore(options.store)) {
    throw new TypeError(
      'createVerifyHandler: store must be a VerifyStore (take, give, add, get, write): createMemoryStore from @hakiki/store (or @hakiki/proxy), createRedisStore / createIoRedisStore / createUpstashStore from @hakiki/store-redis, createDurableObjectStore from @hakiki/store-cloudflare, createDenoKvStore from @hakiki/store-deno-kv. The older CounterStore (increment, set, compareAndSet) is no longer supported.',
    )
  }
  const limits = resolveLimits(options.limits)
  // Sized from sendsTotal: full, it would answer 503 to everyone before sendsTotal is spent.
  const rawStore = options.store ?? createMemoryStore({ now, maxCounters: defaultMaxCounters(limits) })
  const storeTimeoutMs = positive(options.storeTimeoutMs ?? DEFAULT_STORE_TIMEOUT_MS, 'storeTimeoutMs')
  // Before any receipt is issued: the replay guard on this store then knows receipts issued from
  // now on (see replay-guard.ts). A failure is retried by the guard's first check.
  void markReceiptStore(rawStore, now, storeTimeoutMs).catch(() => undefined)
  let warnedForwarding = false

  const ctx: HandlerContext = {
    provider,
    // Every store call has a deadline: a Redis that is down or hung must not hang every request.
    // Each request gets its own view with one time budget for all its calls (below).
    store: storeForRequest(rawStore, storeTimeoutMs, storeTimeoutMs),
    warned: new Set(),
    limits,
    // Local development (loopback origins only) sends a few codes nobody verifies all day long:
    // the budgets apply there only when configured.
    budgets: budgetsApply ? budgets : undefined,
    // Where the budgets apply, unless turned off: it reads the country the budgets charge.
    conversion: budgetsApply && conversionGuard !== undefined ? { guard: conversionGuard, metrics: createConversionGuardMetrics() } : undefined,
    // Read in the background, outside any request: each store call with its own deadline.
    fees: createFeeTable(provider, { ttlSeconds: options.ratesTtlSeconds ?? 3600, defaultFeeUsd: budgets.defaultFeeUsd, now, call: () => ({ store: storeWithDeadline(rawStore, storeTimeoutMs), clock: { now } }) }),
    acceptsCountry: resolveCountryCheck(options.countries, provider, log, options.openHighRiskCountries),
    checkNumberType: createNumberTypeCheck(options.numberTypes),
    sessions: createSessionCodec(secret, now),
    secureCookie: origins.secureCookie,
    secret,
    keyOf: (purpose, value) => {
      const input = `${purpose}:${value}`
      // Addresses are hashed each time: a faster answer for a remembered one would tell a caller
      // which numbers were used lately. The caller's own IP and session are not secrets to it.
      if (purpose === 'address') return whenReady(storeKeyMac.sign(input), truncateKey)
      const remembered = rememberedKeys.get(input)
      if (remembered !== undefined) return remembered
      return whenReady(storeKeyMac.sign(input), (mac) => {
        const key = truncateKey(mac)
        // Bounded: a client rotating addresses or cookies only empties it.
        if (rememberedKeys.size >= MAX_REMEMBERED_KEYS) rememberedKeys.clear()
        rememberedKeys.set(input, key)
        return key
      })
    },
    now,
    codeLength,
    bodyTimeoutMs: positive(options.bodyTimeoutMs ?? DEFAULT_BODY_TIMEOUT_MS, 'bodyTimeoutMs'),
    codeTtlSeconds: positive(provider.lifetimeSeconds, 'codeTtlSeconds'),
    maxCheckAttempts: positive(provider.maxAttempts, 'maxCheckAttempts'),
    receiptTtlSeconds: positive(options.receiptTtlSeconds ?? 600, 'receiptTtlSeconds'),
    receiptAudience: options.receiptAudience,
    ratesTtlSeconds: positive(options.ratesTtlSeconds ?? 3600, 'ratesTtlSeconds'),
    authorize: options.authorize,
    startBreaker: createCircuitBreaker(),
    getClientIp: (request) => {
      if (options.getClientIp) return options.getClientIp(fetchRequestOf(request))
      if (hasUntrustedForwarding(request) && !warnedForwarding) {
        warnedForwarding = true
        log.warn(
          'X-Forwarded-For arrived but the Node/Express adapter has no trustProxy setting: the socket address is counted as the client IP, and the header is ignored. ' +
            'Behind N reverse proxies pass toNodeListener(handler, { trustProxy: N }) (Express: app.set("trust proxy", N)); facing the Internet directly, pass useSocketAddress: true to silence this.',
        )
      }
      const adapterIp = getAdapterClientIp(request)
      if (adapterIp !== undefined) return adapterIp
      // A Fetch mount (Next.js, workers, Deno, Bun) sees no socket. In local development the one
      // user is this machine; anywhere else a missing policy would put every new user in one
      // bucket (twenty requests an hour closed sign-up), so starts are refused until one is set.
      if (origins.development) return '127.0.0.1'
      throw new MissingClientIpPolicy()
    },
    emit(event: VerifyEvent) {
      if (!onEvent) return
      try {
        const pending = onEvent(event)
        if (pending instanceof Promise) pending.catch((error: unknown) => log.error('onEvent hook failed', { error: errorName(error) }))
      } catch (error) {
        log.error('onEvent hook failed', { error: errorName(error) })
      }
    },
    log,
  }
  const rates = createRatesRoute()
  // One time budget for every store call of a request (the provider's time is not counted).
  const forRequest = (): HandlerContext => ({ ...ctx, store: storeForRequest(rawStore, storeTimeoutMs, storeTimeoutMs) })

  // It reads bodies through an adapter's reader when there is one (read-json-body.ts).
  const verifyHandler = async function verifyHandler(request: Request): Promise<Response> {
    return withBody(request, await handle(request))
  }
  async function handle(request: RequestView): Promise<Response> {
    const state: RequestState = { request, route: 'unknown', base: basePath }
    const origin = request.headers.get('origin')
    let corsOrigin: string | undefined
    try {
      const match = matchRoute(pathnameOf(request.url), basePath)
      if (origin !== null && origins.isAllowed(origin, request)) corsOrigin = origin
      if (request.method === 'OPTIONS') {
        state.route = 'preflight'
        if (!match) throw new ProxyError('forbidden_origin')
        if (corsOrigin === undefined) {
          origins.noteRefused(origin)
          throw new ProxyError('forbidden_origin')
        }
        return preflightResponse(corsOrigin, allowedHeaders)
      }
      if (!match) throw new ProxyError('not_found')
      state.route = match.route
      state.base = match.base
      if (match.id !== undefined) state.id = match.id
      if (!match.methods.includes(request.method)) {
        throw new ProxyError('invalid_request', { status: 405, detail: 'Method not allowed.', headers: { Allow: [...match.methods, 'OPTIONS'].join(', ') } })
      }

      let response: Response
      if (match.route === 'report') {
        // A gateway's webhook, no browser: no origin, content type or session (the provider
        // authenticates the report), and no CORS on the answer.
        return finish(await deliveryReport(forRequest(), state), undefined)
      }
      if (request.method === 'POST') {
        // State-changing calls: an allowed Origin and a JSON body, or nothing happens (see origin.ts).
        if (corsOrigin === undefined) {
          origins.noteRefused(origin)
          throw new ProxyError('forbidden_origin')
        }
        if (!isJsonContentType(request.headers.get('content-type'))) {
          throw new ProxyError('invalid_request', { status: 415, detail: 'The body must be application/json.' })
        }
        response = match.route === 'start' ? await startVerification(forRequest(), state) : await checkCode(forRequest(), state)
      } else {
        response = match.route === 'status' ? await getStatus(forRequest(), state) : await rates(forRequest(), state)
      }
      return finish(response, corsOrigin)
    } catch (error) {
      const problem = toProblem(error, ctx, state)
      ctx.emit({
        type: 'request.refused',
        at: now(),
        route: state.route,
        status: problem.status,
        code: problem.code,
        ...(state.maskedTo === undefined ? {} : { to: state.maskedTo }),
      })
      log.debug('request refused', { route: state.route, status: problem.status, code: problem.code, to: state.maskedTo })
      const headers: HeaderLines = []
      const lines = { get: (name: string) => headers.find(([line]) => line.toLowerCase() === name.toLowerCase())?.[1] ?? null, set: (name: string, value: string) => setHeaderLine(headers, name, value) }
      if (corsOrigin !== undefined) addCorsHeaders(lines, corsOrigin)
      varyOnOrigin(lines)
      return problemResponse(problem, headers)
    }
  }
  markOutOfBandReader(verifyHandler)
  // The node:http and Express adapters call `handle` with their view of the request (no Fetch
  // `Request` built unless a hook asks for one) and write the answer from its text.
  setViewEntry(verifyHandler, handle)
  return verifyHandler
}

function finish(response: Response, corsOrigin: string | undefined): Response {
  // A text answer's header lines, or any other answer's Headers (a provider's report answer).
  const headers = { get: (name: string) => answerHeader(response, name), set: (name: string, value: string) => setAnswerHeader(response, name, value) }
  headers.set('X-Content-Type-Options', 'nosniff')
  if (corsOrigin !== undefined) addCorsHeaders(headers, corsOrigin)
  varyOnOrigin(headers)
  return response
}

/**
 * A store that failed or missed its deadline is 503 `store_unavailable` (nothing was sent);
 * anything else but a {@link ProxyError} is a bug: 503, logged.
 */
function toProblem(error: unknown, ctx: HandlerContext, state: RequestState): ProxyError {
  if (error instanceof ProxyError) return error
  if (error instanceof MissingClientIpPolicy) {
    if (!ctx.warned.has('no-client-ip')) {
      ctx.warned.add('no-client-ip')
      ctx.log.error(MISSING_CLIENT_IP_MESSAGE)
    }
    return new ProxyError('upstream_error', { detail: 'The server has no client-IP policy; its log says what to set.' })
  }
  if (error instanceof StoreUnavailableError) {
    ctx.log.error('store unavailable; request refused with 503 (check the store; storeTimeoutMs is the time a request may wait on it)', { route: state.route, reason: error.reason, message: error.message })
    return new ProxyError('store_unavailable', { retryAfter: 5 })
  }
  ctx.log.error('unexpected error while handling a request', {
    route: state.route,
    error: errorName(error),
    // Our own and the store's messages hold no request data (keys are hashed); cut anyway.
    message: error instanceof Error ? error.message.slice(0, 200) : undefined,
  })
  return new ProxyError('upstream_unavailable', { retryAfter: 30 })
}

/** Every runtime's answer, so the log line says exactly what to write. */
const MISSING_CLIENT_IP_MESSAGE =
  'createVerifyHandler: no client IP is known for this request and no getClientIp is set, so starts are refused (502 upstream_error) outside local development. ' +
  'Per-IP limits need the real client address. Set getClientIp for your host: ' +
  'Vercel: getClientIp: clientIpFromHeader("x-real-ip"); Cloudflare: clientIpFromHeader("cf-connecting-ip"); Netlify: clientIpFromHeader("x-nf-client-connection-ip"); ' +
  'behind N reverse proxies you run that append to X-Forwarded-For: getClientIp: forwardedClientIp(N); ' +
  'Deno: setClientIp(request, info.remoteAddr.hostname) before the handler; Bun: setClientIp(request, server.requestIP(request)?.address ?? ""); ' +
  'Node: mount with toNodeListener / toExpressMiddleware from @hakiki/proxy/node, /express.'

/** No client-IP policy on a Fetch mount outside development (see {@link MISSING_CLIENT_IP_MESSAGE}). */
class MissingClientIpPolicy extends Error {}

/**
 * The provider, on port v2. A v2 provider declares its code length, lifetime and attempts: they
 * are the defaults of the matching options, and an option that disagrees throws (the browser
 * would be told a code length the provider does not send). A v1 provider (or `client`) is
 * declared with the options, defaults 6 digits, 600 s, 5 attempts.
 */
function resolveProvider(options: VerifyHandlerOptions): VerifyProvider {
  // The spec API says none of these: the options declare them for it.
  const given =
    options.provider ??
    verifyClientProvider(options.client as VerifyClient, {
      ...(options.codeLength === undefined ? {} : { codeLength: options.codeLength }),
      ...(options.codeTtlSeconds === undefined ? {} : { lifetimeSeconds: options.codeTtlSeconds }),
      ...(options.maxCheckAttempts === undefined ? {} : { maxAttempts: options.maxCheckAttempts }),
    })
  if (!isProviderV2(given)) {
    return toProviderV2(given, { codeLength: options.codeLength ?? 6, lifetimeSeconds: options.codeTtlSeconds ?? 600, maxAttempts: options.maxCheckAttempts ?? 5 })
  }
  const pairs = [
    ['codeLength', options.codeLength, given.codeLength],
    ['codeTtlSeconds', options.codeTtlSeconds, given.lifetimeSeconds],
    ['maxCheckAttempts', options.maxCheckAttempts, given.maxAttempts],
  ] as const
  for (const [name, option, declared] of pairs) {
    if (option !== undefined && option !== declared) {
      throw new TypeError(`createVerifyHandler: ${name} is ${String(option)} but the provider "${given.name}" declares ${String(declared)}; leave ${name} out (it defaults to the provider's) or configure the provider`)
    }
  }
  return given
}

/** A store key's hash: the MAC truncated to 128 bits, plenty against collisions, shorter keys in the store. */
function truncateKey(mac: string): string {
  return mac.slice(0, 22)
}

function errorName(error: unknown): string {
  return error instanceof Error ? error.name : typeof error
}

function positive(value: number, name: string): number {
  if (!Number.isFinite(value) || value <= 0) throw new TypeError(`${name} must be a positive number`)
  return value
}
