import { randomBytes } from 'node:crypto'
import { createServer, type RequestListener, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createMemoryStore, createVerifyHandler, type BudgetOptions, type ConversionGuardOptions, type LimitsOptions } from '@hakiki/proxy'
import { toNodeListener as proxyListener } from '@hakiki/proxy/node'
import { createSandbox, TOKEN_PATH, type Sandbox } from '@hakiki/sandbox'
import { toNodeListener as sandboxListener } from '@hakiki/sandbox/node'
import { createVerifyClient } from '@hakiki/verify-client'
import { BENCH_BASE_PATH, BENCH_CLIENT } from './bench-credentials'

/**
 * The proxy's abuse limits, raised for the bench: thousands of sends from one IP (127.0.0.1) in
 * a few seconds would otherwise be refused after 100. Every limit is still counted, so the cost of
 * counting is in the figures; only the caps are out of reach.
 */
export const BENCH_LIMITS: LimitsOptions = {
  sendsPerDestination: { hour: 1_000_000, day: 1_000_000 },
  sendsPerSession: { hour: 1_000_000, day: 1_000_000 },
  sendsPerIp: { hour: 1_000_000, day: 1_000_000 },
  failedChecksPerDestinationPerHour: 1_000_000,
  sendsTotal: { hour: 1_000_000, day: 1_000_000 },
}

/**
 * The budgets of unverified sends, on (a proxy on loopback leaves them off unless configured) and
 * raised the same way: the 500 starts of the burst are never verified, and would spend an IP's,
 * a prefix's and a country's budget for the rest of the run. Every budget is still read, taken
 * and given back on each flow.
 */
export const BENCH_BUDGETS: BudgetOptions = {
  unverifiedPerIp: 1_000_000,
  unverifiedPerIpv6Network: 1_000_000,
  unverifiedPerPrefix: 1_000_000,
  unverifiedUsdPerCountry: 1_000_000,
  unverifiedUsdSoftLimit: 1_000_000,
}

/**
 * The conversion guard, on with its defaults except the sends a window needs before it may block:
 * the burst's unverified starts would otherwise block the bench's one prefix. Its tallies and
 * windows are still read and counted on every start and verification.
 */
export const BENCH_CONVERSION_GUARD: ConversionGuardOptions = { minSends: 1_000_000 }

/** A sandbox on loopback that counts the token requests it answers. */
export interface CountingSandbox {
  /** Base URL, no trailing slash. */
  url: string
  /** The sandbox, for its inbox. */
  sandbox: Sandbox
  /** Token requests (`POST /oauth/client/accesstoken`) received so far. */
  tokenRequests(): number
  /** The code of the newest message sent to `to`, if any. */
  codeFor(to: string): string | undefined
  close(): Promise<void>
}

/** Starts a sandbox on 127.0.0.1 with a free port, counting token requests at its front door. */
export async function startCountingSandbox(): Promise<CountingSandbox> {
  const sandbox = createSandbox({ clients: [BENCH_CLIENT] })
  let tokens = 0
  const listener = sandboxListener(sandbox.fetch)
  // Counted at the front door on the raw request line: the token path takes a query string.
  const server = await listen((req, res) => {
    if (req.method === 'POST' && (req.url === TOKEN_PATH || req.url?.startsWith(`${TOKEN_PATH}?`))) tokens += 1
    listener(req, res)
  })
  return {
    url: server.url,
    sandbox,
    tokenRequests: () => tokens,
    codeFor: (to) => sandbox.inbox.list({ to })[0]?.code,
    close: server.close,
  }
}

/** A proxy on loopback in front of a sandbox. */
export interface BenchProxy {
  /** Origin of the proxy (`http://127.0.0.1:port`); the API lives under {@link BENCH_BASE_PATH}. */
  url: string
  /** Most requests the proxy had in progress at once. */
  peakConcurrency(): number
  close(): Promise<void>
}

/**
 * Starts `@hakiki/proxy` on node:http with its own Verify client, hence its own cold token cache,
 * in front of `sandboxUrl`. The socket address is the client IP (as for a server facing the
 * Internet), so the per-IP counter runs for every send as in production.
 */
export async function startBenchProxy(sandboxUrl: string): Promise<BenchProxy> {
  const handler = createVerifyHandler({
    client: createVerifyClient({ baseUrl: sandboxUrl, ...BENCH_CLIENT }),
    secret: randomBytes(32).toString('base64'),
    basePath: BENCH_BASE_PATH,
    limits: BENCH_LIMITS,
    budgets: BENCH_BUDGETS,
    conversionGuard: BENCH_CONVERSION_GUARD,
    // Room for every key of a long run, so the store never sweeps in the middle of a measurement.
    store: createMemoryStore({ maxCounters: 2_000_000, maxRecords: 2_000_000 }),
  })
  const listener = proxyListener(handler, { useSocketAddress: true })
  let inFlight = 0
  let peak = 0
  const server = await listen((req, res) => {
    inFlight += 1
    peak = Math.max(peak, inFlight)
    res.once('close', () => {
      inFlight -= 1
    })
    listener(req, res)
  })
  return { url: server.url, peakConcurrency: () => peak, close: server.close }
}

async function listen(listener: RequestListener): Promise<{ url: string; close: () => Promise<void> }> {
  const server: Server = createServer({ keepAliveTimeout: 30_000 }, listener)
  // The 500-connection burst must not be cut short by the default backlog (511) or a cap.
  server.maxConnections = 10_000
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', 1024, () => resolve())
  })
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }
}
