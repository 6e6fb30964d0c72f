import { randomBytes } from 'node:crypto'
import { createVerifyHandler } from '@hakiki/proxy'
import { createVerifyClient } from '@hakiki/verify-client'
import { createSignupHandler } from './create-signup-handler'

/** Options of {@link createDemoApi}. */
export interface DemoApiOptions {
  /** Base URL of the Verify API (the sandbox, `http://127.0.0.1:4010`). */
  apiUrl: string
  clientId: string
  clientSecret: string
  /** Secret of the proxy (cookies, receipts); random per start when omitted. */
  secret?: string
  /** Clock shared with the sandbox (epoch ms). */
  now?: () => number
  /** Log only errors (the end-to-end tests): the proxy's masked info and warnings stay out of the test output. */
  quiet?: boolean
}

/** The demo's server side: the proxy at `/api/verify` and the app's own `/api/signup`. */
export interface DemoApi {
  /** Answers `/api/verify/*` and `/api/signup`; `undefined` for any other path. */
  handle(request: Request): Promise<Response | undefined>
}

/** Builds the demo's API as a Fetch handler, exactly as an app would mount the kit. */
export function createDemoApi(options: DemoApiOptions): DemoApi {
  const secret = options.secret ?? randomBytes(32).toString('base64url')
  const client = createVerifyClient({ baseUrl: options.apiUrl, clientId: options.clientId, clientSecret: options.clientSecret })
  const verify = createVerifyHandler({
    client,
    secret,
    basePath: '/api/verify',
    ...(options.now ? { now: options.now } : {}),
    logger: {
      ...(options.quiet
        ? {}
        : { info: (message: string, fields?: unknown) => console.info(`[proxy] ${message}`, fields ?? ''), warn: (message: string, fields?: unknown) => console.warn(`[proxy] ${message}`, fields ?? '') }),
      error: (message, fields) => console.error(`[proxy] ${message}`, fields ?? ''),
    },
  })
  const signup = createSignupHandler({ secret, ...(options.now ? { now: options.now } : {}) })
  return {
    async handle(request) {
      const { pathname } = new URL(request.url)
      if (pathname === '/api/verify' || pathname.startsWith('/api/verify/')) return verify(request)
      if (pathname === '/api/signup') return signup(request)
      return undefined
    },
  }
}
