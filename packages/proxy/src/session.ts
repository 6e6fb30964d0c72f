/**
 * Browser sessions: each browser gets a random id in an HttpOnly cookie, signed with the app's
 * secret, and every verification remembers the sessions that started it. Another browser (or a
 * script that learned an id) then gets the same 404 as for an unknown id (OWASP API1,
 * object-level authorization).
 *
 * The cookie is named `hakiki_sid`, not `__Host-hakiki_sid`: the `__Host-` prefix demands
 * `Path=/`, and scoping the cookie to the proxy's own path keeps it out of every other request the
 * app's pages make.
 */
import { deriveHmacKey, hmac, randomId, verifyHmac } from './crypto'
import type { SecretInput } from './crypto'

/** Name of the session cookie. */
export const SESSION_COOKIE = 'hakiki_sid'

/** Session lifetime: a day, well past any verification's life; the cookie is renewed on each start. */
export const SESSION_MAX_AGE_SECONDS = 86_400

/** Signs and reads session cookies. */
export interface SessionCodec {
  /** The session id carried by the request's cookie, if present and correctly signed. */
  read(request: Request): Promise<string | undefined>
  /** A fresh session id and its `Set-Cookie` value. */
  issue(sessionId: string | undefined, cookie: { path: string; secure: boolean }): Promise<{ id: string; setCookie: string }>
}

/** Builds the session codec for `secret`. */
export function createSessionCodec(secret: SecretInput): SessionCodec {
  const key = deriveHmacKey(secret, 'session')
  return {
    async read(request) {
      for (const value of readCookies(request.headers.get('cookie'), SESSION_COOKIE)) {
        const dot = value.indexOf('.')
        if (dot < 1) continue
        const id = value.slice(0, dot)
        if (/^[A-Za-z0-9_-]{22}$/.test(id) && (await verifyHmac(await key, id, value.slice(dot + 1)))) return id
      }
      return undefined
    },
    async issue(sessionId, cookie) {
      const id = sessionId ?? randomId()
      const value = `${id}.${await hmac(await key, id)}`
      const attributes = [
        `${SESSION_COOKIE}=${value}`,
        `Path=${cookie.path}`,
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

/** Every value of cookie `name` in a `Cookie` header (several may arrive, for different paths). */
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
