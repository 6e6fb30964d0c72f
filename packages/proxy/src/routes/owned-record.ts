import type { HandlerContext, RequestState } from '../handler-context'
import { maskAddress } from '../mask'
import { ProxyError } from '../problem'
import type { VerificationRecord } from '../verification-record'
import { VERIFICATION_ID, parseRecord } from '../verification-record'
import { storeKeys } from '../store-keys'

/** A verification the requesting session owns, as read. */
export interface OwnedRecord {
  record: VerificationRecord
  /** Its stored text, for compare-and-set. */
  text: string
  /** The values of the further keys asked for, in order. */
  values: (string | undefined)[]
}

/**
 * The verification named in the path, if the requesting browser session started it, read with
 * `alsoRead(id)`'s keys in the same `get`. Unknown ids, malformed ids, a missing cookie and another
 * session's verification all throw the very same 404, so a probe cannot tell "exists but not
 * yours" from "does not exist".
 */
export async function loadOwnedRecord(ctx: HandlerContext, state: RequestState, alsoRead: (id: string) => string[] = () => []): Promise<OwnedRecord> {
  const id = state.id ?? ''
  if (!VERIFICATION_ID.test(id)) throw notFound()
  const read = ctx.sessions.read(state.request, ctx.secureCookie(state.request))
  const session = read instanceof Promise ? await read : read
  if (session === undefined) throw notFound()
  // Hashed before the lookup, whatever it finds: hashing only when a record exists made "not
  // yours" an HMAC slower than "unknown", a timing oracle for which ids exist.
  const hashed = ctx.keyOf('session', session.id)
  const sessionKey = hashed instanceof Promise ? await hashed : hashed
  const [text, ...values] = await ctx.store.get([storeKeys.record(id), ...alsoRead(id)])
  const record = parseRecord(text, id)
  if (!record || text === undefined || !record.sessions.includes(sessionKey)) throw notFound()
  state.maskedTo = maskAddress(record.to)
  state.sessionKey = sessionKey
  return { record, text, values }
}

/** Made when thrown, not up front: an Error captures a stack, a cost every check and status paid for nothing. */
function notFound(): ProxyError {
  return new ProxyError('not_found')
}

/** A counter's value as read (absent or unreadable: 0). */
export function countOf(value: string | undefined): number {
  return Number(value ?? 0) || 0
}
