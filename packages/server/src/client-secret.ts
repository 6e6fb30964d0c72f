/**
 * Client secrets are kept only as PBKDF2-SHA-256 hashes (Web Crypto, so the handler stays
 * runtime-neutral): a leaked configuration file gives no working credential. Format:
 * `pbkdf2-sha256$<iterations>$<salt, base64url>$<hash, base64url>`.
 */

/** Iterations of a new hash: OWASP's 2023 figure for PBKDF2-HMAC-SHA-256. */
export const PBKDF2_ITERATIONS = 600_000
/** Fewest iterations a configured hash may use; fewer is refused as too cheap to guess against. */
export const MIN_PBKDF2_ITERATIONS = 100_000

const PREFIX = 'pbkdf2-sha256'
// The hash is 32 bytes: 43 base64url characters whose last carries 4 bits, so its 2 low bits must be
// zero. Without that, 4 spellings decode to the same bytes (atob ignores the spare bits) and a hash
// with its last character changed would still verify.
const HASH = /^pbkdf2-sha256\$([1-9][0-9]{0,8})\$([A-Za-z0-9_-]{16,})\$([A-Za-z0-9_-]{42}[AEIMQUYcgkosw048])$/
const encoder = new TextEncoder()

const toBase64Url = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
const fromBase64Url = (text: string) => Uint8Array.from(atob(text.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0))

async function derive(secret: string, salt: Uint8Array, iterations: number): Promise<Uint8Array> {
  const key = await crypto.subtle.importKey('raw', encoder.encode(secret), 'PBKDF2', false, ['deriveBits'])
  return new Uint8Array(await crypto.subtle.deriveBits({ name: 'PBKDF2', hash: 'SHA-256', salt: salt as BufferSource, iterations }, key, 256))
}

/** True when `hash` has the format of {@link hashClientSecret} and at least {@link MIN_PBKDF2_ITERATIONS}. */
export function isClientSecretHash(hash: string): boolean {
  const match = HASH.exec(hash)
  return match !== null && Number(match[1]) >= MIN_PBKDF2_ITERATIONS
}

/** Hashes a client secret for the configuration file (`hakiki-server hash-secret` prints one). */
export async function hashClientSecret(secret: string, iterations = PBKDF2_ITERATIONS): Promise<string> {
  if (secret.length < 16) throw new RangeError('a client secret must have at least 16 characters')
  const salt = crypto.getRandomValues(new Uint8Array(16))
  return `${PREFIX}$${iterations}$${toBase64Url(salt)}$${toBase64Url(await derive(secret, salt, iterations))}`
}

/**
 * True when `secret` hashes to `hash`, compared in constant time. A malformed `hash` is false
 * (configuration is validated at load, so that never happens for a configured client).
 */
export async function verifyClientSecret(secret: string, hash: string): Promise<boolean> {
  const match = HASH.exec(hash)
  if (!match) return false
  const expected = fromBase64Url(match[3]!)
  const actual = await derive(secret, fromBase64Url(match[2]!), Number(match[1]))
  let diff = actual.length ^ expected.length
  for (let i = 0; i < expected.length; i++) diff |= (actual[i] ?? 0) ^ expected[i]!
  return diff === 0
}
