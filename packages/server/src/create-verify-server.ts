/**
 * `createVerifyServer`: the Verify API spec as a Fetch handler on the engine. The wire (envelope,
 * error bodies, body limits, create validation, routing) is the sandbox's (`@hakiki/sandbox/wire`),
 * so both answer alike; verifications, tokens and fair-use counters live in the store (memory for
 * one instance, Redis for several), codes are made, sent and checked by `@hakiki/engine`.
 *
 * Runtime-neutral: Web APIs only. `startVerifyServer` (`@hakiki/server/node`) serves it over
 * `node:http` with health checks and graceful shutdown.
 */
import { COUNTRIES, LOCALES, maskAddress } from '@hakiki/core'
import { createEngineProvider, type EngineProvider, type EngineVerification, type Transport } from '@hakiki/engine'
import { isProviderError, type ProviderCall, type ProviderVerification } from '@hakiki/provider'
import {
  API_PRODUCT,
  RATE_PATH,
  SandboxApiError,
  TOKEN_PATH,
  VERIFICATION_ID,
  VERIFICATION_PATH,
  engineRefusal,
  envelope,
  errorResponse,
  json,
  matchRoute,
  notFound,
  readForm,
  readJsonObject,
  serverErrorResponse,
  validateCreateRequest,
  type RequestContext,
  type Route,
  type CreateRequest,
  type TokenResponse,
  type VerificationData,
} from '@hakiki/sandbox/wire'
import { StoreUnavailableError, storeWithDeadline, type VerifyStore } from '@hakiki/store'
import { verifyClientSecret } from './client-secret'
import { createRouteTransport } from './create-route-transport'
import { createTwilioRoutes } from './create-twilio-routes'
import { FAIR_USE_LIMITS, fairUseMessage, fairUseQuotas } from './fair-use'
import { scopedStore } from './scoped-store'
import type { ServerClient, ServerConfig, ServerRoute } from './server-config'
import { silentLogger, type ServerLogger } from './server-logger'
import { createServerMetrics, type ServerMetrics } from './server-metrics'
import { createTokenService, type TokenService } from './token-service'

/** Options of {@link createVerifyServer}. */
export interface VerifyServerOptions {
  /** A validated configuration (`parseServerConfig`). */
  config: ServerConfig
  /** Where verifications, tokens and counters live; shared by every instance of one service. */
  store: VerifyStore
  /** Builds a route's transport; default `createRouteTransport` (webhook, Africa's Talking, Termii, Infobip). */
  createTransport?: (route: ServerRoute) => Transport
  /** Structured log lines; default none. */
  logger?: ServerLogger
  /** OpenTelemetry instruments; default on the global meter provider. */
  metrics?: ServerMetrics
  /** Deadline of the store calls of one request, in milliseconds; default 2000. */
  storeTimeoutMs?: number
  /** Clock (epoch milliseconds); default `Date.now`. */
  now?: () => number
}

/** A running Verify API. */
export interface VerifyServer {
  /** The Fetch handler: the spec's five endpoints, `/delivery-reports/{transport}`, `/healthz` and `/readyz`. Never rejects. */
  fetch(request: Request): Promise<Response>
  /** Revokes one access token on every instance; resolves whether it was live. */
  revokeToken(token: string): Promise<boolean>
  /** Marks the server draining: `/readyz` answers 503 so load balancers stop sending it requests. */
  drain(): void
  /** Requests being answered now (a graceful shutdown waits for 0). */
  readonly inFlight: number
  /** The engine (its routes and limits). */
  readonly engine: EngineProvider
  /** Closes the engine's transports. */
  close(): Promise<void>
}

const CODE = /^[0-9]{4,10}$/
/** Secret checks (PBKDF2) running at once per process, at most. */
const MAX_CONCURRENT_HASHES = 2
const TAG_OF_API_LOCALE = new Map(LOCALES.map((l) => [l.api as string, l.tag]))

/** ISO country of a covered E.164 number by its dialling code, `none` for anything else (labels only). */
const countryLabel = (to: string) => (to.startsWith('+') ? (COUNTRIES.find((c) => to.startsWith(`+${c.dialCode}`))?.iso2 ?? 'other') : 'none')

const unauthorized = (message: string, error?: string) =>
  new SandboxApiError(401, message, { 'www-authenticate': error ? `Bearer realm="verify", error="${error}"` : 'Bearer realm="verify"' })

const sha256 = async (text: string) => [...new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)))].map((b) => b.toString(16).padStart(2, '0')).join('')
/** The spec's Verification from the engine's view. */
const data = (v: ProviderVerification, status = v.status): VerificationData => ({ to: v.to, channel: v.channel, verificationId: v.id, status })
const healthz = () => json(200, { status: 'ok' })
/** The endpoint label of a path (metrics, logs): the verification id replaced by `{id}`. */
const endpointOf = (path: string) => (path.startsWith(`${VERIFICATION_PATH}/`) ? `${VERIFICATION_PATH}/{id}` : path)

/** Creates the server's Fetch handler. Throws a TypeError when the engine refuses the configuration. */
export function createVerifyServer(options: VerifyServerOptions): VerifyServer {
  const { config } = options
  const now = options.now ?? Date.now
  const logger = options.logger ?? silentLogger
  const metrics = options.metrics ?? createServerMetrics()
  const storeTimeoutMs = options.storeTimeoutMs ?? 2000
  const makeTransport = options.createTransport ?? createRouteTransport
  const transports = new Map<string, Transport>()
  const routes = config.routes.map((route) => {
    const transport = transports.get(route.transport.name) ?? makeTransport(route)
    transports.set(route.transport.name, transport)
    return { transport, ...(route.channels ? { channels: route.channels } : {}), ...(route.countries ? { countries: route.countries } : {}) }
  })
  const { secret, appName, webOtpHost, codeLength, lifetimeSeconds, maxAttempts, maxSends } = config.engine
  const engine = createEngineProvider({
    secret,
    appName,
    routes,
    codeLength,
    lifetimeSeconds,
    maxAttempts,
    maxSends,
    ...(webOtpHost ? { webOtpHost } : {}),
    keyPrefix: 'eng:',
    // Reports arrive on a webhook or an SMPP connection for whichever client: counted without `client`.
    onDelivery: (event) => metrics.delivery({ channel: event.channel, country: countryLabel(event.to), route: event.route, status: event.status, event: event.failover ? 'failover' : 'report' }),
  })
  const clients = new Map(config.clients.map((c) => [c.id, c]))
  const tokens: TokenService = createTokenService(options.store, config.tokens.lifetimeSeconds)
  // Secrets that hashed right once are remembered (by SHA-256, per client) so a client asking for a
  // token every few minutes costs one PBKDF2 per process, not one per request.
  const goodSecrets = new Map<string, string>()
  const addressKey = crypto.subtle.importKey('raw', new TextEncoder().encode(`hakiki-server:addresses:${secret}`), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign'])
  const addressHash = async (to: string) =>
    [...new Uint8Array(await crypto.subtle.sign('HMAC', await addressKey, new TextEncoder().encode(to.toLowerCase())))].slice(0, 16).map((b) => b.toString(16).padStart(2, '0')).join('')
  let draining = false
  let inFlight = 0
  // The 429s that mean "this verification had its sends", apart from fair use (Twilio: 60203).
  const maxSendsRefusals = new WeakSet<SandboxApiError>()
  let hashing = 0

  const callFor = (store: VerifyStore, clientId: string, signal: AbortSignal): ProviderCall => ({
    store: scopedStore(store, `c:${clientId}:`),
    clock: { now },
    signal,
  })

  const authenticate = async (request: Request, store: VerifyStore): Promise<ServerClient> => {
    const header = request.headers.get('authorization') ?? ''
    const match = /^Bearer +([A-Za-z0-9\-._~+/]+=*) *$/i.exec(header)
    if (!match) throw unauthorized('Authorization header with a Bearer access token is required: request one from POST /oauth/client/accesstoken')
    const invalid = () => unauthorized('Access token is invalid, expired or revoked: request a new one from POST /oauth/client/accesstoken', 'invalid_token')
    const grant = await createTokenService(store, config.tokens.lifetimeSeconds).resolve(match[1]!)
    if (!grant || now() - grant.issuedAt >= config.tokens.lifetimeSeconds * 1000) throw invalid()
    const client = clients.get(grant.clientId)
    if (!client || client.disabled) throw invalid()
    if (client.tokensNotBefore !== undefined && grant.issuedAt < Date.parse(client.tokensNotBefore)) throw invalid()
    return client
  }

  /** Counts a check by the status that followed, per country, channel and route. */
  const recordCheck = (client: ServerClient, view: EngineVerification) =>
    metrics.checked({ client: client.id, channel: view.channel, country: countryLabel(view.to), route: view.route ?? 'none', status: view.status })

  /** The API's answer to an engine refusal (the sandbox's `engineRefusal`, one mapping for both); rethrows anything else. */
  const providerFailure = (error: unknown): never => {
    const refusal = engineRefusal(error, { maxSends })
    if (!refusal) throw error
    // The fair-use quota gives a send back when nothing went out: a max_sends refusal is such a case.
    if (isProviderError(error, 'max_sends')) maxSendsRefusals.add(refusal)
    throw refusal
  }

  /**
   * Whether `given` matches `hash`. PBKDF2 is slow on purpose: a secret that matched before is
   * remembered (by SHA-256, per `key`), and at most two checks run at once, so a flood of guesses
   * gets 429 instead of starving every other endpoint.
   */
  const checkSecret = async (key: string, given: string, hash: string): Promise<boolean> => {
    const fingerprint = await sha256(`${key}\u0000${given}`)
    if (goodSecrets.get(key) === fingerprint) return true
    if (hashing >= MAX_CONCURRENT_HASHES) throw new SandboxApiError(429, 'Too many token requests at once: retry in a second', { 'retry-after': '1' })
    hashing += 1
    try {
      if (!(await verifyClientSecret(given, hash))) return false
    } finally {
      hashing -= 1
    }
    goodSecrets.set(key, fingerprint)
    return true
  }

  const token = async ({ request, url }: RequestContext) => {
    if (url.searchParams.get('grant_type') !== 'client_credentials') throw new SandboxApiError(400, 'grant_type=client_credentials is required in the query string')
    const form = await readForm(request)
    const clientId = form.get('client_id') ?? ''
    const clientSecret = form.get('client_secret') ?? ''
    if (clientId === '' || clientSecret === '') throw new SandboxApiError(400, 'client_id and client_secret are required form fields')
    const client = clients.get(clientId)
    const ok = client !== undefined && !client.disabled && (await checkSecret(`oauth:${clientId}`, clientSecret, client.secretHash))
    if (!client || !ok) {
      logger.log('warn', 'token refused', { client: client ? clientId : 'unknown' })
      throw new SandboxApiError(401, 'Invalid client credentials: check client_id and client_secret')
    }
    const store = storeWithDeadline(options.store, storeTimeoutMs)
    const issued = await createTokenService(store, config.tokens.lifetimeSeconds).issue(clientId, now())
    const body: TokenResponse = {
      refresh_token_expires_in: '0',
      api_product_list: `[${API_PRODUCT}]`,
      api_product_list_json: [API_PRODUCT],
      organization_name: config.organizationName,
      'developer.email': `${clientId}@clients.hakiki.invalid`,
      token_type: 'BearerToken',
      issued_at: String(issued.issuedAt),
      client_id: clientId,
      access_token: issued.token,
      application_name: client.name ?? clientId,
      scope: '',
      // One second less than the lifetime, as Apigee reports it: a client refreshing on time is never late.
      expires_in: String(config.tokens.lifetimeSeconds - 1),
      refresh_count: '0',
      status: 'approved',
    }
    return json(200, body, { pragma: 'no-cache' })
  }

  /**
   * Starts (or re-sends) a verification for `client`, whichever dialect asked: the client's
   * channels and countries, then fair use (given back if nothing went out), then the engine.
   * @throws SandboxApiError 400, 429, 404 or 500.
   */
  const startFor = async (client: ServerClient, input: CreateRequest, store: VerifyStore, signal: AbortSignal, transactionId: string) => {
    if (!client.channels.includes(input.channel)) throw new SandboxApiError(400, `'channel' ${input.channel} is not enabled for this client: use ${client.channels.join(', ')}`)
    if (input.country && client.countries !== 'all' && !client.countries.includes(input.country)) {
      throw new SandboxApiError(400, `'to' is in a country this client may not send to: ${client.countries.join(', ')}`)
    }
    const labels = { client: client.id, channel: input.channel, country: input.country ?? 'none', route: 'none' }
    const quotas = fairUseQuotas(client.id, client.limits, await addressHash(input.to), now())
    const taken = await store.take(quotas)
    if (!taken.ok) {
      const limit = FAIR_USE_LIMITS[taken.index]!
      logger.log('warn', 'fair use', { client: client.id, limit, to: maskAddress(input.to), transactionId })
      throw new SandboxApiError(429, fairUseMessage(limit, client.limits, taken.retryAfterSeconds), { 'retry-after': String(taken.retryAfterSeconds) })
    }
    let started: EngineVerification
    // One instant for the whole start: a verification created by this request expires exactly
    // one lifetime after it, a re-sent one earlier (its lifetime runs from its first send).
    const startedAt = now()
    const clockStarted = performance.now()
    try {
      started = await engine.start({ to: input.to, channel: input.channel, locale: TAG_OF_API_LOCALE.get(input.locale) ?? 'en' }, { ...callFor(store, client.id, signal), clock: { now: () => startedAt } })
    } catch (error) {
      // Nothing went out: the fair-use counts are given back.
      await store.give(quotas).catch(() => {})
      const outcome = isProviderError(error) ? error.kind : 'error'
      metrics.sent({ ...labels, outcome })
      metrics.sendDuration({ ...labels, outcome }, performance.now() - clockStarted)
      logger.log('warn', 'send failed', { client: client.id, to: maskAddress(input.to), kind: outcome, transactionId })
      return providerFailure(error)
    }
    const routed = { ...labels, route: started.route ?? 'none' }
    metrics.sent({ ...routed, outcome: 'sent' })
    metrics.sendDuration({ ...routed, outcome: 'sent' }, performance.now() - clockStarted)
    const created = started.expiresAt === startedAt + lifetimeSeconds * 1000
    if (created) metrics.created(routed)
    logger.log('info', 'code sent', { client: client.id, verificationId: started.id, channel: input.channel, to: maskAddress(input.to), transactionId })
    return { started, created, startedAt }
  }

  const create = async ({ request, transactionId }: RequestContext) => {
    const store = storeWithDeadline(options.store, storeTimeoutMs)
    const client = await authenticate(request, store)
    const input = validateCreateRequest(await readJsonObject(request))
    const { started, created } = await startFor(client, input, store, request.signal, transactionId)
    const fee = input.channel === 'sms' ? (input.country ? config.fees.sms[input.country] : undefined) ?? '0.0000' : config.fees[input.channel === 'call' ? 'call' : 'email']
    return envelope(201, created ? 'Verification created' : 'Verification code sent again', data(started), transactionId, { fee })
  }

  const get = async ({ request, param, transactionId }: RequestContext) => {
    const store = storeWithDeadline(options.store, storeTimeoutMs)
    const client = await authenticate(request, store)
    if (!VERIFICATION_ID.test(param)) throw notFound()
    const view = await engine.status(param, callFor(store, client.id, request.signal)).catch(providerFailure)
    return envelope(200, 'Verification retrieved', data(view), transactionId)
  }

  const verify = async ({ request, param, transactionId }: RequestContext) => {
    const store = storeWithDeadline(options.store, storeTimeoutMs)
    const client = await authenticate(request, store)
    if (!VERIFICATION_ID.test(param)) throw notFound()
    const body = await readJsonObject(request)
    if (typeof body.code !== 'string' || !CODE.test(body.code)) throw new SandboxApiError(400, "'code' is required: a string of 4 to 10 digits")
    const call = callFor(store, client.id, request.signal)
    let view: EngineVerification
    try {
      view = await engine.check(param, body.code, call)
    } catch (error) {
      // Finished by wrong codes, or a code of another length (wrong, spending no attempt): answer the state as it is.
      if (isProviderError(error) && (error.kind === 'max_attempts' || error.kind === 'invalid_code_format')) view = await engine.status(param, call).catch(providerFailure)
      else return providerFailure(error)
    }
    recordCheck(client, view)
    const messages = {
      approved: 'Verification approved',
      pending: 'Verification code is incorrect',
      cancelled: 'Verification cancelled: too many incorrect codes. Start a new verification',
      expired: 'Verification expired: start a new verification',
    }
    return envelope(200, messages[view.status], data(view), transactionId)
  }

  const rates = async ({ request, transactionId }: RequestContext) => {
    const store = storeWithDeadline(options.store, storeTimeoutMs)
    const client = await authenticate(request, store)
    const routed = engine.countries
    const supportedCountries = COUNTRIES.filter(
      (c) => (client.countries === 'all' || client.countries.includes(c.iso2)) && (routed === 'all' || routed.includes(c.iso2)) && client.channels.includes('sms'),
    ).map((c) => ({ name: c.name, code: c.dialCode, fee: config.fees.sms[c.iso2] ?? '0.0000' }))
    return envelope(200, 'Rates retrieved', { supportedCountries }, transactionId)
  }

  const readyz = async () => {
    if (draining) return json(503, { status: 'draining' })
    try {
      await storeWithDeadline(options.store, storeTimeoutMs).get(['srv:ready'])
      return json(200, { status: 'ready' })
    } catch {
      return json(503, { status: 'store unavailable' })
    }
  }

  /**
   * A gateway's delivery-report webhook (`POST /delivery-reports/{transport}`), authenticated by
   * the transport as its gateway allows. A report names a message, not a client: each client's
   * records are tried, and the message belongs to at most one.
   */
  const deliveryReports = async ({ request }: RequestContext) => {
    const store = storeWithDeadline(options.store, storeTimeoutMs)
    let response = new Response(null, { status: 404 })
    const report = engine.deliveryReport?.bind(engine)
    if (report) for (const client of clients.values()) response = await report(request.clone(), callFor(store, client.id, request.signal))
    return response
  }

  const table: Route[] = [
    { path: TOKEN_PATH, methods: { POST: token } },
    { path: VERIFICATION_PATH, methods: { POST: create } },
    { path: /^\/verify\/v1\/identity\/verification\/([^/]+)$/, methods: { GET: get, PATCH: verify } },
    { path: RATE_PATH, methods: { GET: rates } },
    { path: /^\/delivery-reports\/([a-z0-9-]{1,40})$/, methods: { POST: deliveryReports } },
    ...(config.clients.some((c) => c.twilio)
      ? createTwilioRoutes({
          clients: config.clients,
          engine,
          lifetimeSeconds,
          store: () => storeWithDeadline(options.store, storeTimeoutMs),
          callFor,
          checkSecret,
          startFor,
          addressHash,
          isMaxSends: (error) => error instanceof SandboxApiError && maxSendsRefusals.has(error),
          checked: recordCheck,
        })
      : []),
    { path: '/healthz', methods: { GET: healthz } },
    { path: '/readyz', methods: { GET: readyz } },
  ]

  return {
    async fetch(request) {
      const started = now()
      const transactionId = crypto.randomUUID()
      let path = '/'
      let endpoint = 'unknown'
      inFlight += 1
      let response: Response
      try {
        const url = new URL(request.url)
        path = url.pathname
        const match = matchRoute(table, path)
        if (!match) throw new SandboxApiError(404, 'No such endpoint: check the path against the Verify API reference')
        endpoint = `${request.method} ${endpointOf(path)}`
        const handler = match.route.methods[request.method]
        if (!handler) {
          const allow = Object.keys(match.route.methods).join(', ')
          throw new SandboxApiError(405, `Method ${request.method} is not allowed here; use ${allow}`, { allow })
        }
        response = await handler({ request, url, param: match.param, transactionId })
      } catch (error) {
        if (error instanceof SandboxApiError && error.status !== 500) {
          response = errorResponse(error, transactionId)
        } else {
          const message =
            error instanceof SandboxApiError ? error.message : error instanceof StoreUnavailableError ? 'The verification store is unavailable; retry later' : 'Unexpected error in the server'
          logger.log('error', 'request failed', { endpoint, transactionId, error: error instanceof Error ? `${error.name}: ${error.message}` : 'unknown' })
          response = serverErrorResponse(message, path, now())
        }
      } finally {
        inFlight -= 1
      }
      metrics.request({ endpoint, status: response.status }, now() - started)
      return response
    },
    revokeToken: (t) => tokens.revoke(t),
    drain() {
      draining = true
    },
    get inFlight() {
      return inFlight
    },
    engine,
    close: () => engine.close(),
  }
}
