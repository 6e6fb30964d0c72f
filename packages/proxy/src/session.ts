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
import type { Awaitable } from './awaitable'
import { whenReady } from './awaitable'
import { createMac, randomId } from './crypto'
import type { SecretInput } from './crypto'
import type { RequestView } from './request-view'

/** Name of the session cookie in development (plain http on loopback). */
export const SESSION_COOKIE = 'hakiki_sid'

/** Name of the session cookie wherever it is `Secure`. */
export const SECURE_SESSION_COOKIE = '__Host-hakiki_sid'

/**
 * Session lifetime: a day, well past any verification's life. It is counted from the session's
 * issue time, which is signed into the cookie: a kept cookie is refused after this long whatever
 * the browser does with `Max-Age` (a script keeps cookies as long as it likes).
 */
export const SESSION_MAX_AGE_SECONDS = 86_400

/**
 * A start re-issues a session that has less than this left (a fresh id and issue time), so a
 * verification it starts can always be finished by the same session.
 */
export const SESSION_RENEW_BEFORE_SECONDS = 3600

/** A session read from a valid cookie. */
export interface Session {
  id: string
  /** Issue time, epoch seconds (signed). */
  issuedAt: number
}

/** Signs and reads session cookies; synchronously where the runtime has `node:crypto` (see `createMac`). */
export interface SessionCodec {
  /** The session carried by the request's cookie, if present once, correctly signed and not expired. */
  read(request: RequestView, secure: boolean): Awaitable<Session | undefined>
  /**
   * The `Set-Cookie` for `session` (kept as issued: same id, same issue time), or for a fresh
   * session when none is given or it has less than {@link SESSION_RENEW_BEFORE_SECONDS} left.
   */
  issue(session: Session | undefined, cookie: { path: string; secure: boolean }): Awaitable<{ id: string; setCookie: string }>
}

/** Builds the session codec for `secret`; `now` is the handler's clock (epoch ms). */
export function createSessionCodec(secret: SecretInput, now: () => number = Date.now): SessionCodec {
  const mac = createMac(secret, 'session')
  const nowSeconds = () => Math.floor(now() / 1000)
  return {
    read(request, secure) {
      const values = readCookies(request.headers.get('cookie'), secure ? SECURE_SESSION_COOKIE : SESSION_COOKIE)
      // Several values: one was planted (a sibling subdomain, another path). Trusting the first
      // that verifies let a planted, validly signed cookie of the attacker's own session win.
      if (values.length !== 1) return undefined
      // `id.issuedAt.mac(id.issuedAt)`: the issue time is under the MAC, so it cannot be moved. A
      // cookie of the old `id.mac` form (no issue time, valid for ever) no longer parses.
      const match = /^([A-Za-z0-9_-]{22})\.([0-9]{1,12})\.([A-Za-z0-9_-]{43})$/.exec(values[0] ?? '')
      if (!match) return undefined
      const [, id = '', issued = '', signature = ''] = match
      const issuedAt = Number(issued)
      const age = nowSeconds() - issuedAt
      // A little room for clocks of several instances that disagree, none for far-future times.
      if (age >= SESSION_MAX_AGE_SECONDS || age < -300) return undefined
      return whenReady(mac.verify(`${id}.${issued}`, signature), (valid) => (valid ? { id, issuedAt } : undefined))
    },
    issue(session, cookie) {
      const current = nowSeconds()
      const keep = session !== undefined && session.issuedAt + SESSION_MAX_AGE_SECONDS - current > SESSION_RENEW_BEFORE_SECONDS
      const id = keep ? session.id : randomId()
      const issuedAt = keep ? session.issuedAt : current
      return whenReady(mac.sign(`${id}.${issuedAt}`), (signature) => {
        const value = `${id}.${issuedAt}.${signature}`
        const attributes = [
          cookie.secure ? `${SECURE_SESSION_COOKIE}=${value}` : `${SESSION_COOKIE}=${value}`,
          // `__Host-` demands Path=/ (and Secure, and no Domain).
          `Path=${cookie.secure ? '/' : cookie.path}`,
          `Max-Age=${Math.max(1, issuedAt + SESSION_MAX_AGE_SECONDS - current)}`,
          'HttpOnly',
          // Lax, not Strict: Strict would drop the cookie when the user arrives from a link in the
          // very e-mail that carries the code. Lax still withholds it from cross-site POSTs.
          'SameSite=Lax',
        ]
        if (cookie.secure) attributes.push('Secure')
        return { id, setCookie: attributes.join('; ') }
      })
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
