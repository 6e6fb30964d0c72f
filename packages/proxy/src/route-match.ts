import type { RouteName } from './events'

/** A request path resolved to one of the handler's routes. */
export interface RouteMatch {
  route: Exclude<RouteName, 'preflight' | 'unknown'>
  /** The path the handler is mounted under (`''` at the root). */
  base: string
  /** The verification id segment, for `status` and `check`; the transport's name, for `report`. */
  id?: string
  /** Methods the route answers (besides `OPTIONS`). */
  methods: readonly string[]
}

const ROUTES: ReadonlyArray<{ pattern: RegExp; route: RouteMatch['route']; methods: readonly string[] }> = [
  { pattern: /^(.*)\/verifications$/, route: 'start', methods: ['POST'] },
  { pattern: /^(.*)\/verifications\/([^/]+)\/check$/, route: 'check', methods: ['POST'] },
  { pattern: /^(.*)\/verifications\/([^/]+)$/, route: 'status', methods: ['GET'] },
  { pattern: /^(.*)\/rates$/, route: 'rates', methods: ['GET'] },
  // A gateway's delivery report: the segment names the transport (the engine's route).
  { pattern: /^(.*)\/reports\/([a-z0-9][a-z0-9-]{0,31})$/, route: 'report', methods: ['POST'] },
]

/**
 * What a base may hold: it becomes the session cookie's `Path`, and a URL path may carry a raw `;`
 * (and `,`), which would end the attribute and start another (`/x;Domain=example.com`). Every
 * other character a URL leaves unescaped in a path is harmless there.
 */
export const SAFE_BASE = /^[A-Za-z0-9\-._~!$&'()*+=:@%/]*$/

/**
 * Finds the route of `pathname`. With a `basePath` the path must sit right under it; without one
 * any prefix is accepted and becomes the base, so the handler works wherever it is mounted.
 */
export function matchRoute(pathname: string, basePath: string): RouteMatch | undefined {
  for (const { pattern, route, methods } of ROUTES) {
    const match = pattern.exec(pathname)
    if (!match) continue
    const base = match[1] ?? ''
    if ((basePath !== '' && base !== basePath) || !SAFE_BASE.test(base)) continue
    const id = match[2]
    return id === undefined ? { route, base, methods } : { route, base, id, methods }
  }
  return undefined
}

/**
 * The path of a request's URL. A runtime serialises `request.url` (`http(s)://authority/path?query#fragment`,
 * a `/` in the authority percent-encoded), so the path starts at the first `/` after `//`: no
 * second parse of a URL the runtime already parsed. Anything else is parsed.
 */
export function pathnameOf(url: string): string {
  if (!url.startsWith('http://') && !url.startsWith('https://')) return new URL(url).pathname
  const start = url.indexOf('/', url.indexOf('//') + 2)
  if (start < 0) return '/'
  let end = url.length
  const query = url.indexOf('?', start)
  if (query >= 0) end = query
  const fragment = url.indexOf('#', start)
  if (fragment >= 0 && fragment < end) end = fragment
  return url.slice(start, end)
}
