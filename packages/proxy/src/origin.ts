/**
 * Cross-site request checks. A page on another site can make a browser POST to the proxy with
 * the user's cookie (a "simple" form or `fetch` with `no-cors`); two checks stop it:
 * - the `Origin` header, which browsers set on every POST and scripts cannot forge, must be one
 *   of the allowed origins (by default the proxy's own);
 * - the body must be `application/json`, a type a cross-site form cannot send and `fetch` can only
 *   send after a CORS preflight, which {@link preflightResponse} refuses for unknown origins.
 */

/** Which origins may call the proxy from a browser. */
export type AllowedOrigins = readonly string[] | ((origin: string) => boolean)

/** Compiles the option into a predicate; `undefined` allows only the request's own origin. */
export function createOriginCheck(allowed: AllowedOrigins | undefined): (origin: string, request: Request) => boolean {
  if (typeof allowed === 'function') return (origin) => origin !== 'null' && allowed(origin)
  if (allowed === undefined) return (origin, request) => origin === new URL(request.url).origin
  const origins = new Set(
    allowed.map((entry) => {
      const url = new URL(entry)
      if (url.origin === 'null' || entry.replace(/\/$/, '') !== url.origin) {
        throw new TypeError(`allowedOrigins entries must be origins like "https://app.example.com" (got "${entry}")`)
      }
      return url.origin
    }),
  )
  return (origin) => origins.has(origin)
}

/** True for `application/json`, with or without parameters (`; charset=utf-8`). */
export function isJsonContentType(header: string | null): boolean {
  if (!header) return false
  return header.split(';')[0]?.trim().toLowerCase() === 'application/json'
}

/** Adds the CORS response headers for an allowed cross-origin caller. */
export function addCorsHeaders(headers: Headers, origin: string): void {
  headers.set('Access-Control-Allow-Origin', origin)
  headers.set('Access-Control-Allow-Credentials', 'true')
}

/**
 * Marks an answer as depending on `Origin`. Always, not only on CORS answers: a shared cache must
 * never hand a copy stored for one origin (with or without `Access-Control-Allow-Origin`) to another.
 */
export function varyOnOrigin(headers: Headers): void {
  const vary = headers.get('Vary')
  if (!vary?.split(',').some((v) => v.trim().toLowerCase() === 'origin')) headers.append('Vary', 'Origin')
}

/** The 204 answer to an allowed preflight. */
export function preflightResponse(origin: string): Response {
  const headers = new Headers({
    'Access-Control-Allow-Methods': 'GET, POST',
    'Access-Control-Allow-Headers': 'Content-Type',
    'Access-Control-Max-Age': '600',
    'Cache-Control': 'no-store',
  })
  addCorsHeaders(headers, origin)
  varyOnOrigin(headers)
  return new Response(null, { status: 204, headers })
}
