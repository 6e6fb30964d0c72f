import { createVerifyHandler, type VerifyHandler } from '@hakiki/proxy'
import { createVerifyClient } from '@hakiki/verify-client'
import { readEnv } from './read-env'

let handler: VerifyHandler | undefined

/**
 * The proxy the browser talks to, mounted by `app/api/verify/[...path]/route.ts`. Created once
 * per server process, on the first request, from the environment (see the README).
 */
export function verifyHandler(): VerifyHandler {
  handler ??= createVerifyHandler({
    client: createVerifyClient({
      baseUrl: readEnv('VERIFY_API_URL'),
      clientId: readEnv('VERIFY_CLIENT_ID'),
      clientSecret: readEnv('VERIFY_CLIENT_SECRET'),
    }),
    secret: readEnv('HAKIKI_SECRET'),
    basePath: '/api/verify',
    // A route handler's `request.url` is always `http://localhost:<port>` under `next start`,
    // whatever host the browser used, so the proxy's default (its own origin) would refuse every
    // real page: name the public origin of the site. The proxy's `publicOrigin` option, once
    // released, replaces this line and also fixes the session cookie's `Secure` flag behind TLS.
    allowedOrigins: [readEnv('HAKIKI_PUBLIC_ORIGIN')],
    // Client IP for the per-IP limits. A route handler sees no socket; `next start` copies the
    // peer address into `X-Forwarded-For` only when the request has none, so the header is the
    // client's own word unless a reverse proxy you run overwrites or appends it. Behind exactly
    // one such proxy, its entry is the last one. Facing the Internet directly, leave this out
    // (per-IP limits are then skipped; the per-address, per-session and total caps still apply).
    ...(process.env.HAKIKI_TRUSTED_PROXIES === '1' ? { getClientIp: lastForwardedFor } : {}),
    logger: { error: (message, fields) => console.error(`[hakiki] ${message}`, fields ?? '') },
  })
  return handler
}

/** The entry the one trusted reverse proxy appended to `X-Forwarded-For` (the rightmost). */
function lastForwardedFor(request: Request): string | undefined {
  return request.headers.get('x-forwarded-for')?.split(',').at(-1)?.trim() || undefined
}
