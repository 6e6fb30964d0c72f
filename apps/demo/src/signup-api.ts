/** What the demo's sign-up endpoint answers once it has checked the receipt (`server/create-signup-handler.ts`). */
export interface SignupResult {
  name: string
  verified: { to: string; channel: string; verifiedAt: string; verificationId: string }
}

/** Why the sign-up endpoint refused, as its problem `code` (`receipt_replayed`, …) or `network_error`. */
export class SignupError extends Error {
  override readonly name = 'SignupError'
  /** Stable code: the problem's `code`, `network_error` or `invalid_response`. */
  readonly code: string
  constructor(code: string) {
    super(`Sign-up refused: ${code}`)
    this.code = code
  }
}

/**
 * Posts the form with the flow's receipt to `/api/signup`, as a real app would: the server trusts
 * the address only through the receipt, which it checks with `verifyReceipt`.
 */
export async function postSignup(body: { name: string; to: string; receipt: string }): Promise<SignupResult> {
  let response: Response
  try {
    response = await fetch('/api/signup', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
  } catch {
    throw new SignupError('network_error')
  }
  const data = (await response.json().catch(() => undefined)) as (SignupResult & { code?: string }) | undefined
  if (response.status !== 201) throw new SignupError(typeof data?.code === 'string' ? data.code : 'invalid_response')
  if (!data?.verified || typeof data.name !== 'string') throw new SignupError('invalid_response')
  return data
}
