/**
 * One server of `pnpm bench:proxy` in a process of its own (issue 24: the proxy, its upstream and
 * the load must not share an event loop, or each one's queueing is counted in the others'
 * latencies). Started by `server-process-client.ts` with its role as the first argument:
 *
 * - `sandbox`: the upstream Verify API (`@hakiki/sandbox`), counting token requests;
 * - `proxy <upstream>`: `@hakiki/proxy` on `node:http`, as an app would mount it;
 * - `forwarder <upstream>`: the baseline, a naive forwarder that speaks the same browser contract
 *   (start, check) and relays each call with `@hakiki/verify-client`, with nothing else: no limits,
 *   no store, no session cookie, no receipt MAC, no validation beyond reading the JSON. What the
 *   proxy costs above it is the proxy's own work.
 *
 * It answers the parent over IPC: `{ id, method, args }` → `{ id, value }` or `{ id, error }`.
 */
import { writeFileSync } from 'node:fs'
import { Session } from 'node:inspector/promises'
import { createServer, type IncomingMessage, type RequestListener, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createVerifyClient } from '@hakiki/verify-client/node'
import { startBenchProxy, startCountingSandbox } from './bench-servers'
import { BENCH_BASE_PATH, BENCH_CLIENT } from './bench-credentials'

/** A call from the parent. */
export interface ServerCall {
  id: number
  method: ServerMethod
  args: unknown[]
}

/** A reply to a {@link ServerCall}. */
export type ServerReply = { id: number; value: unknown } | { id: number; error: string }

/** What the parent may ask a server process. */
export type ServerMethod = 'code' | 'tokenRequests' | 'tokenDelay' | 'peakConcurrency' | 'cpu' | 'profileStart' | 'profileStop'

/** A function of the CPU profile, with its share of the samples. */
export interface ProfiledFunction {
  /** `name (file:line)`, the file relative to the workspace's `packages/` or `node_modules/`. */
  name: string
  /** Self time, in percent of the samples where the process was not idle. */
  selfPercent: number
}

const role = process.argv[2]
const upstream = process.argv[3] ?? ''

function answer(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body))
}

/** The naive forwarder: the browser contract relayed to the Verify API, nothing more. */
async function startForwarder(upstreamUrl: string): Promise<{ url: string }> {
  const client = createVerifyClient({ baseUrl: upstreamUrl, ...BENCH_CLIENT })
  const start = `${BENCH_BASE_PATH}/verifications`
  const server = await listen((req, res) => {
    void readJson(req)
      .then(async (body) => {
        const url = req.url ?? ''
        if (req.method === 'POST' && url === start) {
          const { verification } = await client.createVerification({ to: String(body.to) })
          return answer(res, 201, { id: verification.verificationId, to: verification.to, channel: verification.channel, status: verification.status })
        }
        const check = req.method === 'POST' && url.startsWith(`${start}/`) && url.endsWith('/check') ? url.slice(start.length + 1, -'/check'.length) : undefined
        if (check) {
          const { verification } = await client.checkVerification(decodeURIComponent(check), String(body.code))
          // No receipt is signed here: an empty one keeps the load generator's check of the shape.
          return answer(res, 200, { id: verification.verificationId, status: verification.status, receipt: '' })
        }
        answer(res, 404, { code: 'not_found' })
      })
      .catch((error: unknown) => answer(res, 502, { code: 'upstream', detail: error instanceof Error ? error.message : String(error) }))
  })
  return { url: server.url }
}

/** A request body as JSON, at most 16 kB (the bench's own bodies are a few dozen bytes). */
function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  return new Promise((resolve, reject) => {
    let text = ''
    req.setEncoding('utf8')
    req.on('data', (chunk: string) => {
      text += chunk
      if (text.length > 16_384) req.destroy(new Error('body too large'))
    })
    req.on('end', () => {
      try {
        resolve(text ? (JSON.parse(text) as Record<string, unknown>) : {})
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)))
      }
    })
    req.on('error', reject)
  })
}

async function listen(listener: RequestListener): Promise<{ url: string; server: Server }> {
  const server = createServer({ keepAliveTimeout: 30_000 }, listener)
  server.maxConnections = 10_000
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', 1024, () => resolve())
  })
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server }
}

/** The profile's functions by self time, largest first, in percent of the busy samples (GC included: it costs too). */
function topFunctions(profile: { nodes: { id: number; hitCount?: number; callFrame: { functionName: string; url: string; lineNumber: number } }[] }, count = 10): ProfiledFunction[] {
  const self = new Map<string, number>()
  let total = 0
  for (const node of profile.nodes) {
    const hits = node.hitCount ?? 0
    // Waiting for the network is not the proxy's cost: shares are of the busy samples.
    if (hits === 0 || node.callFrame.functionName === '(idle)') continue
    total += hits
    const { functionName, url, lineNumber } = node.callFrame
    const file = url.replace(/^.*?\/(packages|node_modules)\//, '$1/').replace(/^.*\/node_modules\/\.pnpm\/[^/]+\/node_modules\//, '')
    const name = `${functionName || '(anonymous)'}${file ? ` (${file}:${lineNumber + 1})` : ''}`
    self.set(name, (self.get(name) ?? 0) + hits)
  }
  return [...self.entries()]
    .toSorted((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([name, hits]) => ({ name, selfPercent: Math.round((hits / total) * 1000) / 10 }))
}

async function main(): Promise<void> {
  const handlers: Partial<Record<ServerMethod, (...args: unknown[]) => unknown>> = {}
  let url: string
  if (role === 'sandbox') {
    const sandbox = await startCountingSandbox()
    url = sandbox.url
    handlers.code = (to) => sandbox.codeFor(String(to))
    handlers.tokenRequests = () => sandbox.tokenRequests()
    handlers.tokenDelay = (delayMs) => sandbox.sandbox.faults.add({ operation: 'token', delayMs: Number(delayMs) })
  } else if (role === 'proxy') {
    const proxy = await startBenchProxy(upstream)
    url = proxy.url
    handlers.peakConcurrency = () => proxy.peakConcurrency()
  } else if (role === 'forwarder') {
    url = (await startForwarder(upstream)).url
  } else {
    throw new Error(`unknown role ${String(role)}`)
  }
  handlers.cpu = () => process.cpuUsage()
  const session = new Session()
  handlers.profileStart = async () => {
    session.connect()
    await session.post('Profiler.enable')
    // 100 µs rather than the default 1 ms: a flow costs the proxy a few ms of CPU.
    await session.post('Profiler.setSamplingInterval', { interval: 100 })
    await session.post('Profiler.start')
  }
  handlers.profileStop = async (count, saveTo) => {
    const { profile } = await session.post('Profiler.stop')
    session.disconnect()
    // The whole profile, for a closer look (Chrome DevTools, speedscope).
    if (typeof saveTo === 'string') writeFileSync(saveTo, JSON.stringify(profile))
    return topFunctions(profile, typeof count === 'number' ? count : 10)
  }
  process.on('message', (call: ServerCall) => {
    const handler = handlers[call.method]
    Promise.resolve()
      .then(() => {
        if (!handler) throw new Error(`${String(role)} has no ${call.method}`)
        return handler(...call.args)
      })
      .then(
        (value) => process.send?.({ id: call.id, value: value ?? null } satisfies ServerReply),
        (error: unknown) => process.send?.({ id: call.id, error: error instanceof Error ? error.message : String(error) } satisfies ServerReply),
      )
  })
  process.send?.({ ready: url })
}

// The bench process went away (ended or crashed): nothing is left to serve.
process.on('disconnect', () => process.exit(0))
await main()
