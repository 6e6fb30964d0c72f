/**
 * The few cryptographic helpers the proxy needs, on Web Crypto only (`crypto.subtle`,
 * `crypto.getRandomValues`) so the handler runs unchanged in Node, Bun, Deno and workers.
 */

const encoder = new TextEncoder()

/** Key material as the options accept it. */
export type SecretInput = string | Uint8Array

/** Minimum secret length: 256 bits, the size of the HMAC-SHA-256 key it feeds. */
export const MIN_SECRET_BYTES = 32

/** The secret as bytes; strings count in UTF-8 bytes. */
export function secretBytes(secret: SecretInput): Uint8Array {
  return typeof secret === 'string' ? encoder.encode(secret) : secret
}

/** Throws when `secret` is missing or shorter than {@link MIN_SECRET_BYTES}. */
export function assertSecret(secret: unknown): asserts secret is SecretInput {
  if (typeof secret !== 'string' && !(secret instanceof Uint8Array)) {
    throw new TypeError('secret must be a string or a Uint8Array of at least 32 bytes')
  }
  if (secretBytes(secret).byteLength < MIN_SECRET_BYTES) {
    throw new TypeError(`secret must be at least ${MIN_SECRET_BYTES} bytes (got ${secretBytes(secret).byteLength})`)
  }
}

/**
 * One HMAC-SHA-256 key per purpose, derived with HKDF from the app's secret. Separate keys mean a
 * session cookie can never be replayed as a receipt (or the reverse) even though both are signed
 * with "the secret".
 */
export function deriveHmacKey(secret: SecretInput, purpose: string): Promise<CryptoKey> {
  // HKDF through Web Crypto costs far more than the HMAC it keys, and `verifyReceipt` runs once
  // per sign-up: derive once per (secret, purpose). Keys are non-extractable CryptoKeys.
  const bySecret = typeof secret === 'string' ? stringSecretKeys : bytesSecretKeys
  let byPurpose = bySecret.get(secret as string & Uint8Array)
  if (!byPurpose) {
    if (typeof secret === 'string' && stringSecretKeys.size >= MAX_CACHED_SECRETS) stringSecretKeys.clear()
    byPurpose = new Map()
    bySecret.set(secret as string & Uint8Array, byPurpose)
  }
  let key = byPurpose.get(purpose)
  if (!key) {
    key = deriveUncached(secret, purpose)
    byPurpose.set(purpose, key)
    // A failed derivation must not stick.
    key.catch(() => byPurpose.delete(purpose))
  }
  return key
}

/** Secrets are few (one per app, maybe one being rotated in); the cap only bounds misuse. */
const MAX_CACHED_SECRETS = 8
const stringSecretKeys = new Map<string, Map<string, Promise<CryptoKey>>>()
const bytesSecretKeys = new WeakMap<Uint8Array, Map<string, Promise<CryptoKey>>>()

async function deriveUncached(secret: SecretInput, purpose: string): Promise<CryptoKey> {
  const master = await crypto.subtle.importKey('raw', toArrayBuffer(secretBytes(secret)), 'HKDF', false, ['deriveKey'])
  return crypto.subtle.deriveKey(
    { name: 'HKDF', hash: 'SHA-256', salt: new ArrayBuffer(0), info: encoder.encode(`hakiki/${purpose}/v1`) },
    master,
    { name: 'HMAC', hash: 'SHA-256', length: 256 },
    false,
    ['sign', 'verify'],
  )
}

/** base64url(HMAC-SHA-256(key, data)). */
export async function hmac(key: CryptoKey, data: string): Promise<string> {
  const signature = await crypto.subtle.sign('HMAC', key, encoder.encode(data))
  return base64UrlEncode(new Uint8Array(signature))
}

/** Checks a base64url HMAC in constant time (`subtle.verify` compares without early exit). */
export async function verifyHmac(key: CryptoKey, data: string, signature: string): Promise<boolean> {
  const bytes = base64UrlDecode(signature)
  // One spelling only: the last base64url character carries 2 unused bits, so 4 spellings
  // decoded to the same MAC and a "used once" check keyed on the text could be dodged.
  if (!bytes || bytes.byteLength !== 32 || base64UrlEncode(bytes) !== signature) return false
  return crypto.subtle.verify('HMAC', key, toArrayBuffer(bytes), encoder.encode(data))
}

/** A random identifier of `bytes` bytes (default 128 bits), base64url. */
export function randomId(bytes = 16): string {
  return base64UrlEncode(crypto.getRandomValues(new Uint8Array(bytes)))
}

/** base64url without padding (RFC 4648 §5). `btoa` exists in every Fetch runtime; `Buffer` does not. */
export function base64UrlEncode(bytes: Uint8Array): string {
  let binary = ''
  for (const byte of bytes) binary += String.fromCharCode(byte)
  return btoa(binary).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '')
}

/** Decodes strict base64url (no padding, no other characters); `undefined` when malformed. */
export function base64UrlDecode(text: string): Uint8Array | undefined {
  if (!/^[A-Za-z0-9_-]*$/.test(text) || text.length % 4 === 1) return undefined
  const binary = atob(text.replaceAll('-', '+').replaceAll('_', '/'))
  const bytes = new Uint8Array(binary.length)
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i)
  return bytes
}

/** Encodes a string as UTF-8 then base64url. */
export function base64UrlEncodeText(text: string): string {
  return base64UrlEncode(encoder.encode(text))
}

/** Decodes base64url then strict UTF-8; `undefined` when either step fails. */
export function base64UrlDecodeText(text: string): string | undefined {
  const bytes = base64UrlDecode(text)
  if (!bytes) return undefined
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes)
  } catch {
    return undefined
  }
}

// Web Crypto's typings want an ArrayBuffer-backed view; copying also detaches us from the caller's buffer.
function toArrayBuffer(bytes: Uint8Array): ArrayBuffer {
  const copy = new ArrayBuffer(bytes.byteLength)
  new Uint8Array(copy).set(bytes)
  return copy
}
