import { request as httpRequest } from 'node:http'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { toNodeListener } from '@hakiki/proxy/node'
import type { DemoApi } from './create-demo-api'
import type { DemoClock } from './demo-clock'

/** A connect-style middleware, as Vite's dev and preview servers take. */
export type Middleware = (req: IncomingMessage, res: ServerResponse, next: () => void) => void

/** Options of {@link createDemoMiddleware}. */
export interface DemoMiddlewareOptions {
  api: Pick<DemoApi, 'handle'>
  /** Base URL of the sandbox, whose `/sandbox/*` endpoints feed the device preview and faults panel. */
  sandboxUrl: string
  clock: DemoClock
}

/**
 * Mounts the demo's server side in front of Vite: `/api/verify/*` and `/api/signup` (the kit, as
 * an app mounts it) and `/api/sandbox/*` (the demo's window on the sandbox: its messages, as a
 * live stream too, its faults, and the shared clock). Anything else falls through to Vite.
 */
export function createDemoMiddleware(options: DemoMiddlewareOptions): Middleware {
  const api = toNodeListener(async (request) => (await options.api.handle(request)) ?? new Response('Not found', { status: 404 }))
  return (req, res, next) => {
    const path = (req.url ?? '/').split('?')[0] ?? '/'
    if (path.startsWith('/api/sandbox/') && refusedAsCrossSite(req, res)) return
    if (path === '/api/sandbox/clock') return void advanceClock(req, res, options.clock)
    if (path.startsWith('/api/sandbox/')) return forwardToSandbox(req, res, options.sandboxUrl)
    if (path.startsWith('/api/')) return api(req, res)
    next()
  }
}

async function advanceClock(req: IncomingMessage, res: ServerResponse, clock: DemoClock): Promise<void> {
  const chunks: Buffer[] = []
  for await (const chunk of req) chunks.push(chunk as Buffer)
  try {
    const { advanceSeconds } = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as { advanceSeconds?: unknown }
    if (req.method !== 'POST' || typeof advanceSeconds !== 'number') throw new RangeError('POST { "advanceSeconds": n }')
    clock.advance(advanceSeconds)
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ now: new Date(clock.now()).toISOString() }))
  } catch (error) {
    res.writeHead(400, { 'content-type': 'application/json' }).end(JSON.stringify({ error: (error as Error).message }))
  }
}

/**
 * Answers (and returns true) a state-changing call from another origin, or a POST that is not
 * JSON: a cross-site form can send a text/plain POST without any preflight.
 */
function refusedAsCrossSite(req: IncomingMessage, res: ServerResponse): boolean {
  if (req.method === 'GET' || req.method === 'HEAD') return false
  const origin = req.headers.origin
  if (origin !== undefined && origin !== `http://${req.headers.host ?? ''}` && origin !== `https://${req.headers.host ?? ''}`) {
    res.writeHead(403, { 'content-type': 'application/json' }).end(JSON.stringify({ error: 'Cross-origin calls are refused.' }))
    return true
  }
  if (req.method === 'POST' && (req.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() !== 'application/json') {
    res.writeHead(415, { 'content-type': 'application/json' }).end(JSON.stringify({ error: 'The body must be application/json.' }))
    return true
  }
  return false
}

/**
 * Streams the request to the sandbox and its answer back (Server-Sent Events included). Only the
 * demo's own page may use it: the sandbox's `Access-Control-Allow-Origin: *` is dropped (any site
 * could otherwise read the codes in its inbox), and a state-changing call must be JSON (a type a
 * cross-site form cannot send, and `fetch` only after a preflight that now fails) from no other
 * origin than the demo's own.
 */
function forwardToSandbox(req: IncomingMessage, res: ServerResponse, sandboxUrl: string): void {
  const target = new URL(`/sandbox/${(req.url ?? '').slice('/api/sandbox/'.length)}`, sandboxUrl)
  const upstream = httpRequest(
    target,
    { method: req.method, headers: { 'content-type': req.headers['content-type'] ?? 'application/json', accept: req.headers.accept ?? '*/*' } },
    (answer) => {
      const headers = Object.fromEntries(Object.entries(answer.headers).filter(([name]) => !name.startsWith('access-control-')))
      res.writeHead(answer.statusCode ?? 502, headers)
      answer.pipe(res)
    },
  )
  upstream.on('error', () => {
    if (!res.headersSent) res.writeHead(502, { 'content-type': 'application/json' })
    res.end(JSON.stringify({ error: 'The sandbox is not reachable.' }))
  })
  // A closed tab ends the live stream upstream too.
  res.on('close', () => upstream.destroy())
  req.pipe(upstream)
}
