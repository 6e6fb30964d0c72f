import { clientIpFromHeader, createVerifyHandler, type VerifyHandler } from '@hakiki/proxy'
import { createVerifyClient } from '@hakiki/verify-client'
import { forwardedFor, trustedProxies } from './forwarded-for'
import { readEnv } from './read-env'
import { appStore } from './store'

let handler: VerifyHandler | undefined

/**
 * The proxy the browser talks to, mounted by `app/api/verify/[...path]/route.ts`. Created once
 * per server process, on the first request, from the environment (see the README).
 */
export function verifyHandler(): VerifyHandler {
  const hops = trustedProxies()
  const ipHeader = process.env.HAKIKI_CLIENT_IP_HEADER
  handler ??= createVerifyHandler({
    client: createVerifyClient({
      baseUrl: readEnv('VERIFY_API_URL'),
      clientId: readEnv('VERIFY_CLIENT_ID'),
      clientSecret: readEnv('VERIFY_CLIENT_SECRET'),
    }),
    secret: readEnv('HAKIKI_SECRET'),
    basePath: '/api/verify',
    // A route handler's `request.url` is always `http://localhost:<port>` under `next start`,
    // whatever host the browser used: the proxy never derives the site's origin from the request.
    // The public origin drives the origin check and the session cookie's `Secure` flag.
    publicOrigin: readEnv('HAKIKI_PUBLIC_ORIGIN'),
    // Client IP for the per-IP limits. A route handler sees no socket; `next start` copies the
    // peer address into `X-Forwarded-For` only when the request has none, so the header is the
    // client's own word unless reverse proxies you run append to it: behind n of them, the entry
    // the outermost one appended is the n-th from the right (entries further left are whatever
    // the client wrote). On a host whose edge sets a header of its own on every request, name it
    // (Vercel: HAKIKI_CLIENT_IP_HEADER=x-real-ip; Cloudflare: cf-connecting-ip). With neither, the
    // proxy serves local development only: elsewhere it refuses starts and logs what to set,
    // rather than put every new user in one rate-limit bucket.
    ...(hops > 0
      ? { getClientIp: (request: Request) => forwardedFor(request, hops) }
      : ipHeader
        ? { getClientIp: clientIpFromHeader(ipHeader) }
        : {}),
    // One store for the proxy's counters and the sign-up route's replay guard (server/store.ts).
    store: appStore(),
    logger: { error: (message, fields) => console.error(`[hakiki] ${message}`, fields ?? '') },
  })
  return handler
}
