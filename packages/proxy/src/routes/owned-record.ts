import type { HandlerContext, RequestState } from '../handler-context'
import { maskAddress } from '../mask'
import { ProxyError } from '../problem'
import type { VerificationRecord } from '../verification-record'
import { VERIFICATION_ID, loadRecord } from '../verification-record'
import { storeKeys } from '../store-keys'

/**
 * The verification named in the path, if the requesting browser session started it. Unknown ids,
 * malformed ids, a missing cookie and another session's verification all throw the very same
 * 404, so a probe cannot tell "exists but not yours" from "does not exist".
 */
export async function loadOwnedRecord(ctx: HandlerContext, state: RequestState): Promise<VerificationRecord> {
  const id = state.id ?? ''
  const notFound = new ProxyError('not_found')
  if (!VERIFICATION_ID.test(id)) throw notFound
  const session = await ctx.sessions.read(state.request, ctx.secureCookie(state.request))
  if (session === undefined) throw notFound
  // Hashed before the lookup, whatever it finds: hashing only when a record exists made "not
  // yours" an HMAC slower than "unknown", a timing oracle for which ids exist.
  const sessionKey = await ctx.keyOf('session', session.id)
  const record = await loadRecord(ctx.store, id)
  if (!record || !record.sessions.includes(sessionKey)) throw notFound
  state.maskedTo = maskAddress(record.to)
  state.sessionKey = sessionKey
  return record
}

/** Wrong codes recorded for a verification. */
export async function failedChecks(ctx: HandlerContext, id: string): Promise<number> {
  return Number((await ctx.store.get(storeKeys.attempts(id))) ?? 0) || 0
}
