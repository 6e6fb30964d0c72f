/**
 * Browser sessions: each browser gets a random id in an HttpOnly cookie, signed with the app's
 * secret, and every verification remembers the sessions that started it. Another browser (or a
 * script that learned an id) then gets the same 404 as for an unknown id (OWASP API1,
 * object-level authorization).
 *
 * Wherever the cookie is `Secure` (production) it is `__Host-hakiki_sid` with `Path=/`: a sibling
 * subdomain can set a plain cookie for the whole site (cookie tossing) and it would have won, but
 * browsers accept a `__Host-` cookie only from the exact host, over https, without `Domain`. Over
 * plain http on loopback (development) `__Host-` is impossible, so it is `hakiki_sid` scoped to the
 * proxy's path. Only the name of the current mode is read, and a request carrying that name more
 * than once is treated as having no session (at most one value is ever verified).
 */
import { deriveHmacKey, hmac, randomId, verifyHmac } from './crypto'
import type { SecretInput } from './crypto'

/** Name of the session cookie in development (plain http on loopback). */
export const SESSION_COOKIE = 'hakiki_sid'

/** Name of the session cookie wherever it is `Secure`. */
export const SECURE_SESSION_COOKIE = '__Host-hakiki_sid'

/** Session lifetime: a day, well past any verification's life; the cookie is renewed on each start. */
export const SESSION_MAX_AGE_SECONDS = 86_400

/** Signs and reads session cookies. */
export interface SessionCodec {
  /** The session id carried by the request's cookie, if present once and correctly signed. */
  read(request: Request, secure: boolean): Promise<string | undefined>
  /** A fresh session id and its `Set-Cookie` value. */
  issue(sessionId: string | undefined, cookie: { path: string; secure: boolean }): Promise<{ id: string; setCookie: string }>
}

/** Builds the session codec for `secret`. */
export function createSessionCodec(secret: SecretInput): SessionCodec {
  const key = deriveHmacKey(secret, 'session')
  return {
    async read(request, secure) {
      const values = readCookies(request.headers.get('cookie'), secure ? SECURE_SESSION_COOKIE : SESSION_COOKIE)
      // Several values: one was planted (a sibling subdomain, another path). Trusting the first
      // that verifies let a planted, validly signed cookie of the attacker's own session win.
      if (values.length !== 1) return undefined
      const value = values[0] ?? ''
      const dot = value.indexOf('.')
      if (dot < 1) return undefined
      const id = value.slice(0, dot)
      if (/^[A-Za-z0-9_-]{22}$/.test(id) && (await verifyHmac(await key, id, value.slice(dot + 1)))) return id
      return undefined
    },
    async issue(sessionId, cookie) {
      const id = sessionId ?? randomId()
      const value = `${id}.${await hmac(await key, id)}`
      const attributes = [
        cookie.secure ? `${SECURE_SESSION_COOKIE}=${value}` : `${SESSION_COOKIE}=${value}`,
        // `__Host-` demands Path=/ (and Secure, and no Domain).
        `Path=${cookie.secure ? '/' : cookie.path}`,
        `Max-Age=${SESSION_MAX_AGE_SECONDS}`,
        'HttpOnly',
        // Lax, not Strict: Strict would drop the cookie when the user arrives from a link in the
        // very e-mail that carries the code. Lax still withholds it from cross-site POSTs.
        'SameSite=Lax',
      ]
      if (cookie.secure) attributes.push('Secure')
      return { id, setCookie: attributes.join('; ') }
    },
  }
}

/** Every value of cookie `name` in a `Cookie` header (several may arrive: other paths, planted ones). */
function readCookies(header: string | null, name: string): string[] {
  if (!header) return []
  const values: string[] = []
  for (const part of header.split(';')) {
    const eq = part.indexOf('=')
    if (eq < 0 || part.slice(0, eq).trim() !== name) continue
    values.push(part.slice(eq + 1).trim())
  }
  return values
}
