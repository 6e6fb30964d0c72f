/**
 * Adapter for Express 4 and 5. Types only: nothing of Express is imported at run time, so the
 * package does not depend on it.
 */
import type { NextFunction, Request as ExpressRequest, Response as ExpressResponse } from 'express'
import type { VerifyHandler } from './create-verify-handler'
import type { NodeAdapterOptions } from './node'
import { serve } from './node'

/** An Express middleware. */
export type ExpressMiddleware = (req: ExpressRequest, res: ExpressResponse, next: NextFunction) => void

/**
 * Wraps the handler as middleware: `app.use('/api/verify', toExpressMiddleware(handler))`. Mount
 * it before any body parser, or at least before `express.json()` sees these paths; if a parser did
 * consume the body, its parsed `req.body` is re-serialized (the 16 KiB limit then applies to that).
 * `req.originalUrl` is used, so the mount path stays part of the URL and scopes the cookie.
 *
 * Client IP: the adapter's `trustProxy` when given; else, when the app set Express's own
 * `trust proxy`, `req.ip`; else the `node:http` adapter's policy (the socket's peer when the
 * request is not forwarded).
 */
export function toExpressMiddleware(handler: VerifyHandler, options: NodeAdapterOptions = {}): ExpressMiddleware {
  return (req, res, next) => {
    // Express's own `trust proxy` setting, when the app made one and the adapter was given none:
    // `req.ip` then follows it, and the app has one trust decision, not two.
    const expressIp = options.trustProxy === undefined && options.useSocketAddress === undefined && isTrustProxySet(req) ? req.ip : undefined
    const consumed = req.readableEnded && req.body !== undefined
    const body = consumed ? (typeof req.body === 'string' ? req.body : JSON.stringify(req.body)) : undefined
    serve(handler, req, res, options, body, req.originalUrl, expressIp).catch(next)
  }
}

/** True when the app called `app.set('trust proxy', …)` with anything but `false`. */
function isTrustProxySet(req: ExpressRequest): boolean {
  const setting: unknown = req.app?.get('trust proxy')
  return setting !== undefined && setting !== false && setting !== 0
}
