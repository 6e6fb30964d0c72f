import { ReceiptError, createMemoryStore, createReceiptReplayGuard, verifyReceipt } from '@hakiki/proxy'
import { readEnv } from './read-env'

/** What `POST /api/signup` answers once the receipt checks out. */
export interface SignUpResult {
  /** The address the proxy verified (E.164 or lower-cased e-mail), from the receipt, not the form. */
  to: string
  channel: string
  verificationId: string
}

// Each receipt is accepted once. One process here; several instances share the proxy's Redis
// store instead (createRedisStore), so that every instance sees each use.
const seen = createReceiptReplayGuard(createMemoryStore())

const problem = (status: number, code: string, title: string): Response =>
  Response.json({ type: `https://hakiki.dev/problems/${code}`, title, status, code }, { status, headers: { 'content-type': 'application/problem+json', 'cache-control': 'no-store' } })

/**
 * The app's own sign-up endpoint, `POST /api/signup` `{ to, receipt }`: it trusts the address
 * only through the receipt the proxy signed on approval, checks that it names the address of the
 * form, and accepts it once. A real app would create the account here.
 */
export async function signUp(request: Request): Promise<Response> {
  if ((request.headers.get('content-type') ?? '').split(';')[0]?.trim().toLowerCase() !== 'application/json') return problem(415, 'invalid_request', 'Send JSON.')
  let body: unknown
  try {
    body = await request.json()
  } catch {
    return problem(400, 'invalid_request', 'The body is not JSON.')
  }
  const { to, receipt } = (body ?? {}) as Record<string, unknown>
  if (typeof to !== 'string' || to.length > 320) return problem(400, 'invalid_request', 'The verified address is required.')
  try {
    const claims = await verifyReceipt(receipt, readEnv('HAKIKI_SECRET'), { expectedTo: to, seen })
    const result: SignUpResult = { to: claims.sub, channel: claims.channel, verificationId: claims.vid }
    return Response.json(result, { status: 201, headers: { 'cache-control': 'no-store' } })
  } catch (error) {
    if (error instanceof ReceiptError) return problem(400, `receipt_${error.code}`, `The verification receipt was refused (${error.code}).`)
    throw error
  }
}
