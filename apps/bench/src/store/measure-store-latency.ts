import { randomBytes } from 'node:crypto'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createVerifyHandler } from '@hakiki/proxy'
import { toNodeListener } from '@hakiki/proxy/node'
import { createRedisStore } from '@hakiki/store-redis'
import { createVerifyClient } from '@hakiki/verify-client'
import { createClient } from 'redis'
import { BENCH_BASE_PATH, BENCH_CLIENT } from '../proxy/bench-credentials'
import { BENCH_LIMITS, startCountingSandbox, type CountingSandbox } from '../proxy/bench-servers'
import { benchPhoneNumber } from '../proxy/load-protocol'
import { percentile } from '../stats'
import { countingStore } from './counting-store'
import { startDelayRelay } from './delay-relay'
import { startRedis } from '@hakiki/test-support/redis'

/** The routes of one verification, in order. */
export const ROUTES = ['start', 'wrong code', 'right code'] as const
/** One of {@link ROUTES}. */
export type Route = (typeof ROUTES)[number]

/** Figures of one route at one distance to the store. */
export interface RouteFigures {
  route: Route
  /** Store calls (round trips) the route made, median over the flows, and the most seen. */
  storeCalls: number
  storeCallsMax: number
  /** The calls by method name, of the last flow. */
  callsByMethod: Record<string, number>
  /** Latency of the route through the proxy, ms. */
  p50Ms: number
}

/** What {@link measureStoreLatency} resolves. */
export interface StoreLatencyResult {
  flows: number
  /** Per distance (round-trip time added to every store call, ms): the routes' figures. */
  runs: { storeRttMs: number; routes: RouteFigures[] }[]
  /** p50 added by moving the store from loopback to `storeRttMs` away, per route, ms. */
  addedP50Ms: Record<Route, number>
}

/** Options of {@link measureStoreLatency}. */
export interface StoreLatencyOptions {
  /** Flows measured per distance, one at a time (default 30), after 3 warm-up flows. */
  flows?: number
  /** The store's distance: round-trip time added by the relay (default 10 ms). */
  storeRttMs?: number
}

/**
 * Serial verifications (start, wrong code, right code) through the proxy with its store on a real
 * redis-server, first on loopback, then behind a relay that delays each direction by half of
 * `storeRttMs`: counts the store round trips of each route and the latency the distance adds.
 */
export async function measureStoreLatency(options: StoreLatencyOptions = {}): Promise<StoreLatencyResult> {
  const flows = options.flows ?? 30
  const storeRttMs = options.storeRttMs ?? 10
  const sandbox = await startCountingSandbox()
  const redis = await startRedis()
  const runs: StoreLatencyResult['runs'] = []
  try {
    for (const [run, rtt] of [0, storeRttMs].entries()) {
      const relay = rtt > 0 ? await startDelayRelay(redis.port, rtt / 2) : undefined
      const client = createClient({ url: `redis://127.0.0.1:${relay?.port ?? redis.port}` })
      client.on('error', () => {})
      await client.connect()
      try {
        runs.push({ storeRttMs: rtt, routes: await measureRoutes(sandbox, client, flows, 1_000_000 * (run + 1)) })
      } finally {
        client.destroy()
        await relay?.close()
      }
    }
  } finally {
    await redis.stop()
    await sandbox.close()
  }
  const p50 = (r: number, route: Route) => runs[r]!.routes.find((f) => f.route === route)!.p50Ms
  const addedP50Ms = Object.fromEntries(ROUTES.map((route) => [route, round(p50(1, route) - p50(0, route))])) as Record<Route, number>
  return { flows, runs, addedP50Ms }
}

async function measureRoutes(sandbox: CountingSandbox, redis: Parameters<typeof createRedisStore>[0], flows: number, firstNumber: number): Promise<RouteFigures[]> {
  const counting = countingStore(createRedisStore(redis))
  const handler = createVerifyHandler({
    client: createVerifyClient({ baseUrl: sandbox.url, ...BENCH_CLIENT }),
    secret: randomBytes(32).toString('base64'),
    basePath: BENCH_BASE_PATH,
    limits: BENCH_LIMITS,
    store: counting.store,
  })
  const server: Server = createServer(toNodeListener(handler, { useSocketAddress: true }))
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()))
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  const samples = new Map<Route, { ms: number; calls: number; byMethod: Record<string, number> }[]>(ROUTES.map((r) => [r, []]))
  try {
    for (let i = -3; i < flows; i += 1) {
      const to = benchPhoneNumber(firstNumber + i + 3)
      const headers: Record<string, string> = { origin, 'content-type': 'application/json' }
      const timed = async (route: Route, path: string, body: unknown, expected: number): Promise<Response> => {
        const before = counting.calls()
        const t0 = performance.now()
        const response = await fetch(`${origin}${BENCH_BASE_PATH}${path}`, { method: 'POST', headers, body: JSON.stringify(body) })
        const ms = performance.now() - t0
        if (response.status !== expected) throw new Error(`${route} answered ${response.status}: ${await response.text()}`)
        const after = counting.calls()
        const byMethod = Object.fromEntries(Object.entries(after).map(([name, n]) => [name, n - (before[name] ?? 0)]).filter(([, n]) => Number(n) > 0))
        const calls = Object.values(byMethod).reduce((a: number, b) => a + Number(b), 0)
        // Warm-up flows (negative i) are not measured.
        if (i >= 0) samples.get(route)!.push({ ms, calls, byMethod })
        return response
      }
      const started = await timed('start', '/verifications', { to }, 201)
      headers.cookie = started.headers
        .getSetCookie()
        .map((line) => line.split(';')[0])
        .join('; ')
      const { id } = (await started.json()) as { id: string }
      const code = sandbox.codeFor(to) ?? ''
      const wrong = await timed('wrong code', `/verifications/${encodeURIComponent(id)}/check`, { code: code === '000000' ? '111111' : '000000' }, 200)
      await wrong.body?.cancel()
      const right = await timed('right code', `/verifications/${encodeURIComponent(id)}/check`, { code }, 200)
      const approved = (await right.json()) as { status?: string }
      if (approved.status !== 'approved') throw new Error(`right code answered status ${approved.status}`)
    }
  } finally {
    await new Promise<void>((resolve) => {
      server.close(() => resolve())
      server.closeAllConnections()
    })
  }
  return ROUTES.map((route) => {
    const list = samples.get(route)!
    const calls = list.map((s) => s.calls).toSorted((a, b) => a - b)
    return {
      route,
      storeCalls: calls[Math.floor(calls.length / 2)] ?? 0,
      storeCallsMax: calls.at(-1) ?? 0,
      callsByMethod: list.at(-1)?.byMethod ?? {},
      p50Ms: round(percentile(list.map((s) => s.ms), 50)),
    }
  })
}

function round(n: number): number {
  return Math.round(n * 10) / 10
}
