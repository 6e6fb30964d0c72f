import { ProxyError, ReceiptError, createReceiptReplayGuard, readJsonBody, verifyReceipt } from '@hakiki/proxy'
import { readEnv } from './read-env'
import { appStore } from './store'

/** What `POST /api/signup` answers once the receipt checks out. */
export interface SignUpResult {
  /** The address the proxy verified (E.164 or lower-cased e-mail), from the receipt, not the form. */
  to: string
  channel: string
  verificationId: string
}

// Each receipt is accepted once, recorded in the store the proxy uses (server/store.ts): with a
// shared store (Redis) every instance of the app sees each use, not just the one it hit.
let seen: ReturnType<typeof createReceiptReplayGuard> | undefined

const problem = (status: number, code: string, title: string): Response =>
  Response.json({ type: `https://hakiki.dev/problems/${code}`, title, status, code }, { status, headers: { 'content-type': 'application/problem+json', 'cache-control': 'no-store' } })

/**
 * The app's own sign-up endpoint, `POST /api/signup` `{ to, receipt }`: it trusts the address
 * only through the receipt the proxy signed on approval, checks that it names the address of the
 * form, and accepts it once. A real app would create the account here.
 */
export async function signUp(request: Request): Promise<Response> {
  if ((request.headers.get('content-type') ?? '').split(';')[0]?.trim().toLowerCase() !== 'application/json') return problem(415, 'invalid_request', 'Send JSON.')
  let body: Record<string, unknown>
  try {
    // At most 16 KiB, within 10 s: the proxy's own body rules (an unbounded `request.json()`
    // buffered whatever a client sent, as slowly as it liked).
    body = await readJsonBody(request)
  } catch (error) {
    if (error instanceof ProxyError) return problem(error.status, 'invalid_request', error.message)
    throw error
  }
  seen ??= createReceiptReplayGuard(appStore())
  const { to, receipt } = body
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
