/**
 * Receipts: the proof of a successful verification that the browser carries to the app's own
 * sign-up handler. The Verify API forgets a verification once it is approved (Get answers 404), so
 * nobody can ask it later "was this number verified?"; the proxy states it at the moment of
 * approval, signed with the app's secret.
 *
 * Format: `base64url(JSON claims) "." base64url(HMAC-SHA-256(key, first segment))`, the shape of a
 * compact JWS without its header. A full JWT library would add algorithm negotiation, the source of
 * the classic `alg: none` and key-confusion bugs, for a token that only ever has one algorithm
 * and one issuer.
 */
import type { Channel } from '@hakiki/core/rules'
import { ALL_CHANNELS } from '@hakiki/core/rules'
import type { SecretInput } from './crypto'
import { assertSecret, base64UrlDecodeText, base64UrlEncodeText, deriveHmacKey, hmac, randomId, verifyHmac } from './crypto'

/** What a receipt states. Times are seconds since the epoch, as in JWT. */
export interface ReceiptClaims {
  /** Format version, 1. */
  v: 1
  /** The verified address: E.164 phone number or lower-cased e-mail address. */
  sub: string
  /** The channel the code travelled by. */
  channel: Channel
  /** The Verify API's verification id. */
  vid: string
  /** Issued at (seconds). */
  iat: number
  /** Expires at (seconds). */
  exp: number
  /** Unique id of this receipt, for single-use enforcement (see `seen`). */
  jti: string
  /**
   * Audience: what the receipt is for (`DEFAULT_RECEIPT_AUDIENCE`, or the proxy's
   * `receiptAudience`), so a receipt earned in one flow (sign-up) is refused by another
   * (changing the phone number of an account) that expects a different audience.
   */
  aud: string
}

/** Audience of receipts when none is configured. */
export const DEFAULT_RECEIPT_AUDIENCE = 'hakiki:verified'

/** Why a receipt was rejected. */
export type ReceiptErrorCode = 'malformed' | 'bad_signature' | 'expired' | 'wrong_address' | 'wrong_audience' | 'replayed' | 'store_unavailable'

/** Thrown by {@link verifyReceipt}; `code` is stable, `message` is for logs. */
export class ReceiptError extends Error {
  override readonly name = 'ReceiptError'
  /** Stable reason. */
  readonly code: ReceiptErrorCode

  constructor(code: ReceiptErrorCode, message: string) {
    super(message)
    this.code = code
  }
}

/** Options of {@link signReceipt}. */
export interface SignReceiptOptions {
  /** Clock in milliseconds; defaults to `Date.now`. */
  now?: () => number
  /** Lifetime of the receipt; default 600 s (10 min): long enough to finish a sign-up form. */
  ttlSeconds?: number
  /** The `aud` claim; default {@link DEFAULT_RECEIPT_AUDIENCE}. */
  audience?: string
}

/** Default receipt lifetime in seconds. */
export const DEFAULT_RECEIPT_TTL_SECONDS = 600

/** Signs a receipt for a verified address. The proxy calls this on approval. */
export async function signReceipt(
  subject: { sub: string; channel: Channel; vid: string },
  secret: SecretInput,
  options: SignReceiptOptions = {},
): Promise<string> {
  assertSecret(secret)
  const iat = Math.floor((options.now ?? Date.now)() / 1000)
  const claims: ReceiptClaims = {
    v: 1,
    sub: subject.sub,
    channel: subject.channel,
    vid: subject.vid,
    iat,
    exp: iat + (options.ttlSeconds ?? DEFAULT_RECEIPT_TTL_SECONDS),
    jti: randomId(),
    aud: options.audience ?? DEFAULT_RECEIPT_AUDIENCE,
  }
  const payload = base64UrlEncodeText(JSON.stringify(claims))
  return `${payload}.${await hmac(await deriveHmacKey(secret, 'receipt'), payload)}`
}

/** Options of {@link verifyReceipt} besides the replay choice. */
interface VerifyReceiptBaseOptions {
  /**
   * The address the app is about to trust (the one in its sign-up form). A receipt for any other
   * address is rejected with `wrong_address`, so a receipt earned for one number cannot vouch for
   * another. Phone numbers are compared without spaces, dashes, dots and brackets; e-mail
   * addresses case-insensitively. Required: to accept a receipt for any address, write
   * `expectedTo: false` (and read the address from the claims).
   */
  expectedTo: string | false
  /** The audience the app expects; default {@link DEFAULT_RECEIPT_AUDIENCE}. Another is `wrong_audience`. */
  audience?: string
  /** Clock in milliseconds; defaults to `Date.now`. */
  now?: () => number
}

/**
 * Options of {@link verifyReceipt}. Replay protection is explicit: pass `seen` (single use), or
 * write `replay: 'allow'` to accept the same receipt any number of times within its lifetime.
 */
export type VerifyReceiptOptions = VerifyReceiptBaseOptions &
  (
    | {
        /**
         * Single-use guard: called with the receipt's `jti` once everything else checks out (and
         * its `expiresAt` and `issuedAt`, in seconds); return `true` when that `jti` was already
         * used (then `replayed` is thrown). Remember it until `expiresAt`.
         * `createReceiptReplayGuard(store)` builds one. If it throws or rejects,
         * `store_unavailable` is thrown (fail closed).
         */
        seen: (jti: string, expiresAt: number, issuedAt: number) => boolean | Promise<boolean>
        replay?: undefined
      }
    | { seen?: undefined; replay: 'allow' }
  )

/**
 * Checks a receipt and returns its claims, or throws a {@link ReceiptError}: `malformed`,
 * `bad_signature`, `expired`, `wrong_address`, `wrong_audience`, `replayed` or
 * `store_unavailable` (the `seen` hook failed). Options without `expectedTo`, or without either
 * `seen` or `replay: 'allow'`, throw a `TypeError`: both opt-outs must be written out.
 */
export async function verifyReceipt(token: unknown, secret: SecretInput, options: VerifyReceiptOptions): Promise<ReceiptClaims> {
  assertSecret(secret)
  const given = (options ?? {}) as Partial<VerifyReceiptBaseOptions> & { seen?: unknown; replay?: unknown }
  if (given.expectedTo === undefined) throw new TypeError('verifyReceipt: pass expectedTo (the address to trust), or expectedTo: false to accept any')
  if (typeof given.seen !== 'function' && given.replay !== 'allow') {
    throw new TypeError("verifyReceipt: pass seen (createReceiptReplayGuard(store)) for single use, or replay: 'allow'")
  }
  if (typeof token !== 'string' || token.length > 2048) throw new ReceiptError('malformed', 'receipt is not a token')
  const parts = token.split('.')
  if (parts.length !== 2) throw new ReceiptError('malformed', 'receipt must have two segments')
  const [payload = '', signature = ''] = parts
  // Signature first: nothing of an unauthenticated payload is parsed beyond base64url. Only the
  // canonical base64url spelling of the MAC is accepted (verifyHmac), so one receipt has one form.
  if (!(await verifyHmac(await deriveHmacKey(secret, 'receipt'), payload, signature))) {
    throw new ReceiptError('bad_signature', 'receipt signature does not match')
  }
  const claims = parseClaims(payload)
  if (!claims) throw new ReceiptError('malformed', 'receipt claims are not valid')
  const nowSeconds = Math.floor((options.now ?? Date.now)() / 1000)
  if (nowSeconds >= claims.exp) throw new ReceiptError('expired', 'receipt has expired')
  if (claims.aud !== (options.audience ?? DEFAULT_RECEIPT_AUDIENCE)) throw new ReceiptError('wrong_audience', 'receipt was issued for another purpose')
  if (options.expectedTo !== false && canonicalAddress(options.expectedTo) !== canonicalAddress(claims.sub)) {
    throw new ReceiptError('wrong_address', 'receipt was issued for another address')
  }
  if (options.seen) {
    let used: boolean
    try {
      used = await options.seen(claims.jti, claims.exp, claims.iat)
    } catch {
      throw new ReceiptError('store_unavailable', 'the replay guard could not be asked; receipt not accepted')
    }
    if (used) throw new ReceiptError('replayed', 'receipt was already used')
  }
  return claims
}

function parseClaims(payload: string): ReceiptClaims | undefined {
  const json = base64UrlDecodeText(payload)
  if (json === undefined) return undefined
  let value: unknown
  try {
    value = JSON.parse(json)
  } catch {
    return undefined
  }
  if (typeof value !== 'object' || value === null) return undefined
  const c = value as Record<string, unknown>
  const ok =
    c.v === 1 &&
    typeof c.sub === 'string' &&
    typeof c.vid === 'string' &&
    typeof c.jti === 'string' &&
    typeof c.aud === 'string' &&
    ALL_CHANNELS.includes(c.channel as Channel) &&
    Number.isSafeInteger(c.iat) &&
    Number.isSafeInteger(c.exp)
  if (!ok) return undefined
  return {
    v: 1,
    sub: c.sub as string,
    channel: c.channel as Channel,
    vid: c.vid as string,
    iat: c.iat as number,
    exp: c.exp as number,
    jti: c.jti as string,
    aud: c.aud as string,
  }
}

function canonicalAddress(address: string): string {
  const trimmed = address.trim()
  // ASCII case folding only, as the proxy's own e-mail validation admits ASCII only:
  // `toLowerCase` also maps look-alikes such as U+212A KELVIN SIGN to ASCII `k`, which made a
  // receipt for `kim@` vouch for a different (Unicode) address typed into the sign-up form.
  return trimmed.includes('@') ? trimmed.replace(/[A-Z]/g, (c) => c.toLowerCase()) : trimmed.replace(/[\s().-]/g, '')
}
