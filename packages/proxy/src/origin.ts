/**
 * Cross-site request checks. A page on another site can make a browser POST to the proxy with
 * the user's cookie (a "simple" form or `fetch` with `no-cors`); two checks stop it:
 * - the `Origin` header, which browsers set on every POST and scripts cannot forge, must be one
 *   of the allowed origins (by default the proxy's own);
 * - the body must be `application/json`, a type a cross-site form cannot send and `fetch` can only
 *   send after a CORS preflight, which {@link preflightResponse} refuses for unknown origins.
 */
import type { RequestView } from './request-view'

/** Which origins may call the proxy from a browser. */
export type AllowedOrigins = readonly string[] | ((origin: string) => boolean)

/** How the handler decides which browser origins may call it, and whether its cookie is `Secure`. */
export interface OriginPolicy {
  /** True when a browser page of `origin` may POST and read answers (CORS with credentials). */
  isAllowed(origin: string, request: RequestView): boolean
  /** Whether the session cookie carries `Secure`. */
  secureCookie(request: RequestView): boolean
  /**
   * Says on the log, once per origin (at most {@link REFUSALS_NOTED_PER_HOUR} origins an hour),
   * that a POST or preflight from `origin` was refused with 403 and which option lets it in.
   */
  noteRefused(origin: string | null): void
  /** True when no `publicOrigin` is set or every one is on loopback: local development. */
  readonly development: boolean
}

/**
 * Distinct refused origins logged per hour. Anyone can send any `Origin` (a script outside a
 * browser, a page of any site), so "once per origin" alone would let an attacker write a line per
 * request; past the bound one line says that more were refused, and the next hour starts afresh
 * (an attacker who fills one hour cannot hide a misconfiguration for longer).
 */
export const REFUSALS_NOTED_PER_HOUR = 10

/** Hosts that only the machine itself can reach: the one case where the request's own origin is trusted. */
export function isLoopbackOrigin(origin: string): boolean {
  let url: URL
  try {
    url = new URL(origin)
  } catch {
    return false
  }
  return url.hostname === 'localhost' || url.hostname === '[::1]' || /^127(?:\.\d{1,3}){3}$/.test(url.hostname)
}

/** Parses one configured origin strictly (`https://app.example.com`, no path, no trailing junk). */
function parseOrigin(entry: string, option: string): string {
  let url: URL
  try {
    url = new URL(entry)
  } catch {
    throw new TypeError(`${option} entries must be origins like "https://app.example.com" (got "${entry}")`)
  }
  if (url.origin === 'null' || entry.replace(/\/$/, '') !== url.origin) {
    throw new TypeError(`${option} entries must be origins like "https://app.example.com" (got "${entry}")`)
  }
  return url.origin
}

/**
 * Compiles `publicOrigin` and `allowedOrigins`. The app's own origin is configured, never derived
 * from the request: behind a reverse proxy or in a Next.js route handler `request.url` says
 * `http://localhost:3000` (so "same origin as request.url" refused every real user), and a Host
 * header is whatever the client or a proxy wrote. Without `publicOrigin`, or with only loopback
 * ones (a guide's `http://localhost:5173`), any loopback page calling a loopback server is
 * accepted (local development: Vite moving to 5174 must not break sends). Every refusal is said
 * on the log with the option that fixes it ({@link OriginPolicy.noteRefused}): an error while
 * `publicOrigin` is missing, a warning otherwise.
 */
export function createOriginPolicy(options: {
  publicOrigin: string | readonly string[] | undefined
  allowedOrigins: AllowedOrigins | undefined
  log: { warn: (message: string, fields?: Record<string, unknown>) => void; error: (message: string, fields?: Record<string, unknown>) => void }
  now: () => number
}): OriginPolicy {
  const publicList = options.publicOrigin === undefined ? [] : typeof options.publicOrigin === 'string' ? [options.publicOrigin] : options.publicOrigin
  if (!Array.isArray(publicList) || (options.publicOrigin !== undefined && publicList.length === 0)) {
    throw new TypeError('publicOrigin must be an origin like "https://app.example.com" or a non-empty list of them')
  }
  const publicOrigins = new Set(publicList.map((entry) => parseOrigin(entry, 'publicOrigin')))
  const allowed = options.allowedOrigins
  const extra: (origin: string) => boolean =
    typeof allowed === 'function'
      ? allowed
      : allowed === undefined
        ? () => false
        : ((set) => (origin: string) => set.has(origin))(new Set(allowed.map((entry) => parseOrigin(entry, 'allowedOrigins'))))
  // Secure unless every configured origin is plain http on loopback (a local setup).
  const configuredSecure = [...publicOrigins].some((origin) => origin.startsWith('https:') || !isLoopbackOrigin(origin))
  const development = [...publicOrigins].every((origin) => isLoopbackOrigin(origin))
  const noted = createRefusalNotes(options.now)
  const configured = [...publicOrigins].join(', ')

  return {
    isAllowed(origin, request) {
      if (origin === 'null') return false
      if (publicOrigins.has(origin) || extra(origin)) return true
      // Local development: any loopback page (a dev server on :5173, or :5174 once Vite finds
      // :5173 taken) calling a loopback server; only the machine itself can be either.
      return development && isLoopbackOrigin(origin) && requestOrigin(request.url).loopback
    },
    noteRefused(origin) {
      // Logged as the browser sent it only when it is a well-formed origin (no control characters
      // or text an attacker wrote into the log); anything else shares one line.
      const shown = origin === null ? '(none)' : origin === 'null' ? 'null' : isOrigin(origin) ? origin : '(malformed)'
      const verdict = noted(shown)
      if (verdict === undefined) return
      if (verdict === 'more') {
        options.log.warn(`createVerifyHandler: requests from more than ${REFUSALS_NOTED_PER_HOUR} origins were refused this hour (403 forbidden_origin); no more origins are logged until the next hour (onEvent still gets request.refused for each).`)
        return
      }
      if (shown === '(none)') {
        options.log.warn('createVerifyHandler: a POST without an Origin header was refused (403 forbidden_origin). Browsers send Origin on every POST; a script or server calling the proxy must send the Origin of a page in publicOrigin.')
      } else if (shown === 'null') {
        options.log.warn('createVerifyHandler: a request with "Origin: null" was refused (403 forbidden_origin): a sandboxed iframe, a file:// page or a redirect across sites sends it, and it is never accepted. Serve the page from an origin in publicOrigin.')
      } else if (publicOrigins.size === 0) {
        options.log.error(
          'createVerifyHandler: "publicOrigin" is not set, so only loopback pages are accepted and a request from this origin was refused (403 forbidden_origin). ' +
            'Set publicOrigin to the origin users load the app from, e.g. publicOrigin: "https://app.example.com".',
          { origin: shown },
        )
      } else {
        options.log.warn(
          `createVerifyHandler: a request from this origin was refused (403 forbidden_origin): it is not publicOrigin (${configured}) nor in allowedOrigins. ` +
            'If users load your app from it, add it to publicOrigin; if it is another site that may call the proxy, add it to allowedOrigins.' +
            (development ? ' (With only loopback publicOrigin, any loopback page calling the server on loopback is accepted.)' : ''),
          { origin: shown },
        )
      }
    },
    secureCookie(request) {
      if (publicOrigins.size > 0) return configuredSecure
      return requestOrigin(request.url).secure
    },
    development,
  }
}

/**
 * What a request's URL says of its origin, parsed once per origin (a few a server answers on)
 * rather than twice per request: a bounded memo keyed by the URL up to its path, which is all the
 * answer depends on (a serialised request URL carries no credentials, and its path starts at the
 * first `/` after `//`). A client sending many Host values only empties it.
 */
function requestOrigin(url: string): { loopback: boolean; secure: boolean } {
  const path = url.startsWith('http://') || url.startsWith('https://') ? url.indexOf('/', url.indexOf('//') + 2) : -1
  const key = path < 0 ? url : url.slice(0, path)
  let facts = requestOrigins.get(key)
  if (facts === undefined) {
    const parsed = new URL(url)
    facts = { loopback: isLoopbackOrigin(parsed.origin), secure: wantsSecureCookie(parsed) }
    if (path >= 0) {
      if (requestOrigins.size >= 64) requestOrigins.clear()
      requestOrigins.set(key, facts)
    }
  }
  return facts
}
const requestOrigins = new Map<string, { loopback: boolean; secure: boolean }>()

/** True for a serialised origin (`https://app.example.com:8443`), as `new URL` writes one. */
function isOrigin(text: string): boolean {
  if (text.length > 200) return false
  try {
    return new URL(text).origin === text
  } catch {
    return false
  }
}

/**
 * The bound of {@link OriginPolicy.noteRefused}: `'note'` the first time a key is seen in the
 * current hour, for at most {@link REFUSALS_NOTED_PER_HOUR} keys; past them `'more'` once an hour.
 */
function createRefusalNotes(now: () => number): (key: string) => 'note' | 'more' | undefined {
  let hour = Number.NaN
  const seen = new Set<string>()
  let full = false
  return (key) => {
    const current = Math.floor(now() / 3_600_000)
    if (current !== hour) {
      hour = current
      seen.clear()
      full = false
    }
    if (seen.has(key)) return undefined
    if (seen.size < REFUSALS_NOTED_PER_HOUR) {
      seen.add(key)
      return 'note'
    }
    if (full) return undefined
    full = true
    return 'more'
  }
}

/**
 * Whether a cookie sent to `url` may carry `Secure`: always, except over plain http on a loopback
 * host, where browsers would otherwise drop it and local development could not work.
 */
export function wantsSecureCookie(url: URL): boolean {
  if (url.protocol === 'https:') return true
  return !isLoopbackOrigin(url.origin)
}

/** True for `application/json`, with or without parameters (`; charset=utf-8`). */
export function isJsonContentType(header: string | null): boolean {
  if (!header) return false
  return header.split(';')[0]?.trim().toLowerCase() === 'application/json'
}

/** Where the CORS headers go: a `Headers`, or a text answer's header lines (out-of-band-body.ts). */
interface HeaderTarget {
  get(name: string): string | null
  set(name: string, value: string): void
}

/** Adds the CORS response headers for an allowed cross-origin caller. */
export function addCorsHeaders(headers: HeaderTarget, origin: string): void {
  headers.set('Access-Control-Allow-Origin', origin)
  headers.set('Access-Control-Allow-Credentials', 'true')
}

/**
 * Marks an answer as depending on `Origin`. Always, not only on CORS answers: a shared cache must
 * never hand a copy stored for one origin (with or without `Access-Control-Allow-Origin`) to another.
 */
export function varyOnOrigin(headers: HeaderTarget): void {
  const vary = headers.get('Vary')
  // `Headers.append` joins a second value with `, `: the same, set.
  if (!vary?.split(',').some((v) => v.trim().toLowerCase() === 'origin')) headers.set('Vary', vary === null || vary === undefined ? 'Origin' : `${vary}, Origin`)
}

/** The 204 answer to an allowed preflight; `allowedHeaders` are the app's own (a captcha token header). */
export function preflightResponse(origin: string, allowedHeaders: readonly string[] = []): Response {
  const headers = new Headers({
    'Access-Control-Allow-Methods': 'GET, POST',
    'Access-Control-Allow-Headers': ['Content-Type', ...allowedHeaders].join(', '),
    'Access-Control-Max-Age': '600',
    'Cache-Control': 'no-store',
  })
  addCorsHeaders(headers, origin)
  varyOnOrigin(headers)
  return new Response(null, { status: 204, headers })
}
