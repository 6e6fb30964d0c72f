/**
 * Test harness: a sandbox Verify API on a port, the proxy on another port (through the
 * `node:http` adapter), one shared injected clock, and "browsers" with their own cookie jars.
 * Every response any browser receives is recorded for the secret-leak scans.
 */
import { createServer } from 'node:http'
import { afterEach } from 'vitest'
import type { AddressInfo } from 'node:net'
import type { Server } from 'node:http'
import { startSandboxServer } from '@hakiki/sandbox/node'
import type { SandboxServer, SandboxServerOptions } from '@hakiki/sandbox/node'
import { createVerifyClient, nodeFetch } from '@hakiki/verify-client/node'
import { createVerifyHandler } from '../src/create-verify-handler'
import type { VerifyEvent } from '../src/events'
import type { NodeAdapterOptions } from '../src/node'
import { toNodeListener } from '../src/node'
import { createMemoryStore } from '@hakiki/store'
import { verifyClientProvider } from '../src/verify-client-provider'
import type { VerifyProviderV1 as VerifyProvider } from '../src/verify-provider'
import type { VerifyHandlerOptions } from '../src/verify-handler-options'

export const SECRET = 'proxy-test-secret-0123456789abcdef-xyz'
export const CLIENT_ID = 'sandbox-client-id'
export const CLIENT_SECRET = 'sandbox-client-secret'
export const GHANA = '+233241234567'
export const T0 = Date.parse('2030-01-01T08:00:00Z')

/** Budgets far above anything a test sends, for tests of the other caps. */
export const UNBOUNDED_BUDGETS = {
  unverifiedPerIp: 100_000,
  unverifiedPerIpv6Network: 100_000,
  unverifiedPerPrefix: 100_000,
  unverifiedUsdPerCountry: 100_000,
  unverifiedUsdSoftLimit: 100_000,
}

/** A response as a browser saw it. */
export interface Seen {
  status: number
  headers: Headers
  text: string
  /** Parsed JSON body, or undefined. */
  body: Record<string, unknown> | undefined
}

/** Everything the Verify API handed the proxy that must never reach a browser. */
export interface UpstreamSecrets {
  accessTokens: Set<string>
  transactionIds: Set<string>
  /** Raw upstream bodies of errors. */
  errorBodies: string[]
  /** `METHOD path` of every call the proxy made to the API. */
  calls: string[]
}

export interface HarnessOptions {
  proxy?: Partial<VerifyHandlerOptions>
  sandbox?: SandboxServerOptions
  adapter?: NodeAdapterOptions
  /** Wraps the proxy's provider (the sandbox through the Verify client), e.g. to hold an answer back. */
  wrapProvider?: (provider: VerifyProvider) => VerifyProvider
  /** Time limit of the proxy's Verify client; default 2000 ms. */
  clientTimeoutMs?: number
}

export interface Harness {
  /** Public origin of the proxy (`http://127.0.0.1:PORT`). */
  origin: string
  /** Base URL of the mounted handler. */
  base: string
  sandbox: SandboxServer
  clock: { now: () => number; advance: (seconds: number) => void }
  events: VerifyEvent[]
  logs: string[]
  seen: Seen[]
  upstream: UpstreamSecrets
  /** A browser with its own cookie jar, sending `Origin: <own origin>` by default. */
  browser(options?: { origin?: string | null; headers?: Record<string, string> }): TestBrowser
  /** The latest code the sandbox sent to `to`. */
  codeFor(to: string): string
  close(): Promise<void>
}

/**
 * One harness per test, closed after each: `const harness = harnessPerTest()` at the top of a test
 * file, then `const h = await harness(options)` inside a test.
 */
export function harnessPerTest(): (options?: HarnessOptions) => Promise<Harness> {
  let running: Harness | undefined
  afterEach(async () => {
    await running?.close()
    running = undefined
  })
  return async (options) => (running = await startHarness(options))
}

export async function startHarness(options: HarnessOptions = {}): Promise<Harness> {
  let t = T0
  const clock = { now: () => t, advance: (seconds: number) => void (t += seconds * 1000) }
  const sandbox = await startSandboxServer({ port: 0, now: clock.now, ...options.sandbox })
  const upstream: UpstreamSecrets = { accessTokens: new Set(), transactionIds: new Set(), errorBodies: [], calls: [] }
  const events: VerifyEvent[] = []
  const logs: string[] = []
  const seen: Seen[] = []

  // Records what the API answered, through the client's own 407-aware transport.
  const recordingFetch: typeof fetch = async (input, init) => {
    const request = new Request(input, init)
    upstream.calls.push(`${request.method} ${new URL(request.url).pathname}`)
    const response = await nodeFetch(input, init)
    const text = await response.clone().text()
    try {
      const json = JSON.parse(text) as Record<string, unknown>
      if (typeof json.access_token === 'string') upstream.accessTokens.add(json.access_token)
      if (typeof json.transactionId === 'string') upstream.transactionIds.add(json.transactionId)
    } catch {
      // Not JSON: nothing to record.
    }
    if (!response.ok) upstream.errorBodies.push(text)
    return response
  }
  const client = createVerifyClient({
    baseUrl: sandbox.url,
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
    fetch: recordingFetch,
    now: clock.now,
    timeoutMs: options.clientTimeoutMs ?? 2000,
  })
  const record = (level: string) => (message: string, fields?: Record<string, unknown>) =>
    void logs.push(`${level} ${message} ${JSON.stringify(fields ?? {})}`)
  const handler = createVerifyHandler({
    // A test that brings its own client or provider replaces this one.
    ...(options.proxy?.client || options.proxy?.provider ? {} : { provider: (options.wrapProvider ?? ((p) => p))(verifyClientProvider(client)) }),
    secret: SECRET,
    store: createMemoryStore({ now: clock.now }),
    now: clock.now,
    onEvent: (event) => void events.push(event),
    logger: { debug: record('debug'), info: record('info'), warn: record('warn'), error: record('error') },
    // The budgets of unverified sends are tested on their own (budgets.test.ts); the other tests
    // send many codes nobody verifies, to test other caps, and would meet these first.
    budgets: UNBOUNDED_BUDGETS,
    // Likewise the conversion guard (conversion-guard.test.ts), which those tests would trip.
    conversionGuard: false,
    ...options.proxy,
  })
  const server: Server = createServer(toNodeListener(handler, options.adapter))
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  const base = `${origin}/api/verify`

  return {
    origin,
    base,
    sandbox,
    clock,
    events,
    logs,
    seen,
    upstream,
    browser: (browserOptions = {}) => new TestBrowser(base, browserOptions.origin === undefined ? origin : browserOptions.origin, seen, browserOptions.headers),
    codeFor(to) {
      const message = sandbox.sandbox.inbox.list({ to })[0]
      if (!message) throw new Error(`no message to ${to}`)
      return message.code
    },
    async close() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      })
      await sandbox.close()
    },
  }
}

/** A minimal browser: a cookie jar (name=value only; the tests use one path) and an Origin header. */
export class TestBrowser {
  readonly cookies = new Map<string, string>()
  private readonly base: string
  private readonly origin: string | null
  private readonly seen: Seen[]
  private readonly extraHeaders: Record<string, string>

  constructor(base: string, origin: string | null, seen: Seen[], headers: Record<string, string> = {}) {
    this.base = base
    this.origin = origin
    this.seen = seen
    this.extraHeaders = headers
  }

  /** Sends a request to `base + path`; `body` objects are sent as JSON. */
  async request(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Seen> {
    const h = new Headers({ ...this.extraHeaders })
    if (this.origin !== null) h.set('origin', this.origin)
    if (this.cookies.size > 0) h.set('cookie', [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '))
    if (body !== undefined && typeof body !== 'string') h.set('content-type', 'application/json')
    for (const [k, v] of Object.entries(headers)) h.set(k, v)
    const response = await fetch(this.base + path, {
      method,
      headers: h,
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    })
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';')
      const eq = pair.indexOf('=')
      this.cookies.set(pair.slice(0, eq), pair.slice(eq + 1))
    }
    const text = await response.text()
    let parsed: Record<string, unknown> | undefined
    try {
      parsed = JSON.parse(text) as Record<string, unknown>
    } catch {
      parsed = undefined
    }
    const result = { status: response.status, headers: response.headers, text, body: parsed }
    this.seen.push(result)
    return result
  }

  start(body: Record<string, unknown>): Promise<Seen> {
    return this.request('POST', '/verifications', body)
  }

  check(id: string, code: string): Promise<Seen> {
    return this.request('POST', `/verifications/${id}/check`, { code })
  }

  status(id: string): Promise<Seen> {
    return this.request('GET', `/verifications/${id}`)
  }
}
