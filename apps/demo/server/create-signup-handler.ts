import { ReceiptError, createMemoryStore, createReceiptReplayGuard, verifyReceipt } from '@hakiki/proxy'
import type { SecretInput } from '@hakiki/proxy'

/** What the demo's sign-up endpoint answers once the receipt checks out. */
export interface SignupResult {
  name: string
  verified: { to: string; channel: string; verifiedAt: string; verificationId: string }
}

/** Options of {@link createSignupHandler}. */
export interface SignupHandlerOptions {
  /** The proxy's secret: receipts are signed with it. */
  secret: SecretInput
  now?: () => number
}

const problem = (status: number, code: string, detail: string): Response =>
  new Response(JSON.stringify({ type: `https://hakiki.dev/problems/${code}`, title: detail, status, code, detail }), {
    status,
    headers: { 'content-type': 'application/problem+json', 'cache-control': 'no-store' },
  })

/**
 * The app's own sign-up endpoint, `POST /api/signup` `{ name, to, receipt }`: what a real app
 * writes. It trusts the address only through the proxy's signed receipt (the Verify API forgets
 * approved verifications, so there is nothing to ask it later), checks that the receipt names the
 * address of the form, and accepts each receipt once.
 */
export function createSignupHandler(options: SignupHandlerOptions): (request: Request) => Promise<Response> {
  const seen = createReceiptReplayGuard(createMemoryStore(), options.now ? { now: options.now } : {})
  return async (request) => {
    if (request.method !== 'POST') return problem(405, 'invalid_request', 'Use POST.')
    if (!(request.headers.get('content-type') ?? '').toLowerCase().startsWith('application/json')) {
      return problem(415, 'invalid_request', 'Send JSON.')
    }
    const origin = request.headers.get('origin')
    if (origin !== null && origin !== new URL(request.url).origin) return problem(403, 'forbidden_origin', 'Cross-site sign-ups are refused.')
    let body: unknown
    try {
      body = JSON.parse(await request.text())
    } catch {
      return problem(400, 'invalid_request', 'The body is not JSON.')
    }
    const { name, to, receipt } = (body ?? {}) as Record<string, unknown>
    if (typeof name !== 'string' || name.trim().length === 0 || name.length > 100) return problem(400, 'invalid_request', 'A name of 1 to 100 characters is required.')
    if (typeof to !== 'string' || to.length > 320) return problem(400, 'invalid_request', 'The verified address is required.')
    try {
      const claims = await verifyReceipt(receipt, options.secret, { expectedTo: to, seen, ...(options.now ? { now: options.now } : {}) })
      const result: SignupResult = {
        name: name.trim(),
        verified: { to: claims.sub, channel: claims.channel, verifiedAt: new Date(claims.iat * 1000).toISOString(), verificationId: claims.vid },
      }
      return new Response(JSON.stringify(result), { status: 201, headers: { 'content-type': 'application/json', 'cache-control': 'no-store' } })
    } catch (error) {
      if (error instanceof ReceiptError) return problem(400, `receipt_${error.code}`, `The verification receipt was refused (${error.code}).`)
      throw error
    }
  }
}
