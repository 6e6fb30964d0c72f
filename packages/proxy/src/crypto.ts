/**
 * The few cryptographic helpers the proxy needs. Runtime-neutral: Web Crypto (`crypto.subtle`,
 * `crypto.getRandomValues`) everywhere, and `node:crypto` for the MACs where the runtime offers it
 * through `process.getBuiltinModule` (Node ≥ 20.16, Bun, Deno): feature-detected, never imported,
 * so the handler still loads where no Node built-in exists (workers, Edge routes).
 */

import type { Awaitable } from './awaitable'

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

/** The subset of `node:crypto` the MACs use. */
interface NodeCrypto {
  createHmac(algorithm: 'sha256', key: Uint8Array): { update(data: string): { digest(): Uint8Array; digest(encoding: 'base64url'): string } }
  hkdfSync(digest: 'sha256', key: Uint8Array, salt: Uint8Array, info: string, length: number): ArrayBuffer
  timingSafeEqual(a: Uint8Array, b: Uint8Array): boolean
}

/**
 * `node:crypto` when the runtime has it, else `undefined`. Why: a Web Crypto HMAC in Node is an
 * awaited trip to the thread pool, ~7× the CPU of `createHmac` for the short strings signed here,
 * and a flow signs or checks several (session cookie, store keys, receipt); issue 24 measured a
 * third of the proxy's CPU in them. `process.getBuiltinModule` returns a built-in without an
 * `import`, so nothing loads where it is missing.
 */
function findNodeCrypto(): NodeCrypto | undefined {
  try {
    const runtime = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process
    const candidate = runtime?.getBuiltinModule?.('node:crypto') as Partial<NodeCrypto> | undefined
    return typeof candidate?.createHmac === 'function' && typeof candidate.hkdfSync === 'function' && typeof candidate.timingSafeEqual === 'function'
      ? (candidate as NodeCrypto)
      : undefined
  } catch {
    return undefined
  }
}

const NODE_CRYPTO = findNodeCrypto()

/**
 * An HMAC-SHA-256 key: raw bytes for `node:crypto`, or a non-extractable Web Crypto key. Both
 * come from the same HKDF, so a MAC made by one verifies with the other (a receipt signed by a
 * proxy in Node verifies in a Worker).
 */
export type HmacKey = { readonly raw: Uint8Array; readonly web?: undefined } | { readonly web: CryptoKey; readonly raw?: undefined }

/**
 * One HMAC-SHA-256 key per purpose, derived with HKDF from the app's secret. Separate keys mean a
 * session cookie can never be replayed as a receipt (or the reverse) even though both are signed
 * with "the secret".
 */
export function deriveHmacKey(secret: SecretInput, purpose: string): Promise<HmacKey> {
  // HKDF costs far more than the HMAC it keys, and `verifyReceipt` runs once per sign-up: derive
  // once per (secret, purpose).
  const bySecret = typeof secret === 'string' ? stringSecretKeys : bytesSecretKeys
  let byPurpose = bySecret.get(secret as string & Uint8Array)
  if (!byPurpose) {
    if (typeof secret === 'string' && stringSecretKeys.size >= MAX_CACHED_SECRETS) stringSecretKeys.clear()
    byPurpose = new Map()
    bySecret.set(secret as string & Uint8Array, byPurpose)
  }
  let key = byPurpose.get(purpose)
  if (!key) {
    key = deriveHmacKeyUncached(secret, purpose)
    byPurpose.set(purpose, key)
    // A failed derivation must not stick.
    key.catch(() => byPurpose.delete(purpose))
  }
  return key
}

/** Secrets are few (one per app, maybe one being rotated in); the cap only bounds misuse. */
const MAX_CACHED_SECRETS = 8
const stringSecretKeys = new Map<string, Map<string, Promise<HmacKey>>>()
const bytesSecretKeys = new WeakMap<Uint8Array, Map<string, Promise<HmacKey>>>()

/**
 * The HKDF of {@link deriveHmacKey}, uncached: with `node:crypto` when `engine` is `'node'` and
 * the runtime has it, else with Web Crypto. Exported for the test that both derive the same key.
 */
export async function deriveHmacKeyUncached(secret: SecretInput, purpose: string, engine: 'node' | 'web' = 'node'): Promise<HmacKey> {
  const raw = engine === 'node' ? nodeHmacKey(secret, purpose) : undefined
  if (raw !== undefined) return { raw }
  const master = await crypto.subtle.importKey('raw', toArrayBuffer(secretBytes(secret)), 'HKDF', false, ['deriveKey'])
  const web = await crypto.subtle.deriveKey(
    { name: 'HKDF', hash: 'SHA-256', salt: new ArrayBuffer(0), info: encoder.encode(hkdfInfo(purpose)) },
    master,
    { name: 'HMAC', hash: 'SHA-256', length: 256 },
    false,
    ['sign', 'verify'],
  )
  return { web }
}

/** The HKDF `info` of a purpose's key: one spelling for both engines, or their keys would differ. */
function hkdfInfo(purpose: string): string {
  return `hakiki/${purpose}/v1`
}

/** The HKDF of {@link deriveHmacKeyUncached} by `node:crypto`, synchronously; `undefined` where the runtime has none. */
function nodeHmacKey(secret: SecretInput, purpose: string): Uint8Array | undefined {
  if (!NODE_CRYPTO) return undefined
  return new Uint8Array(NODE_CRYPTO.hkdfSync('sha256', secretBytes(secret), new Uint8Array(0), hkdfInfo(purpose), 32))
}

/**
 * HMAC-SHA-256 under one purpose's key (the key of {@link deriveHmacKey}), answered synchronously
 * where the runtime has `node:crypto` and as a promise elsewhere (Web Crypto). The handler signs
 * and checks several per request (the session cookie, the store keys); an `async` wrapper around
 * each was a promise and a microtask hop for an answer `node:crypto` gives at once.
 */
export interface Mac {
  /** base64url(HMAC-SHA-256(key, data)). */
  sign(data: string): Awaitable<string>
  /** Checks a base64url MAC in constant time (see {@link verifyHmac}). */
  verify(data: string, signature: string): Awaitable<boolean>
}

/** The {@link Mac} of `purpose` under `secret`: its key is derived here, once. */
export function createMac(secret: SecretInput, purpose: string): Mac {
  const raw = nodeHmacKey(secret, purpose)
  const node = NODE_CRYPTO
  if (raw !== undefined && node !== undefined) {
    const macOf = (data: string) => node.createHmac('sha256', raw).update(data)
    return {
      sign: (data) => macOf(data).digest('base64url'),
      verify: (data, signature) => {
        const bytes = signatureBytes(signature)
        return bytes !== undefined && node.timingSafeEqual(macOf(data).digest(), bytes)
      },
    }
  }
  const key = deriveHmacKey(secret, purpose)
  return {
    sign: async (data) => hmac(await key, data),
    verify: async (data, signature) => verifyHmac(await key, data, signature),
  }
}

/** HMAC-SHA-256(key, data) as bytes, by the engine the key was derived for. */
async function mac(key: HmacKey, data: string): Promise<Uint8Array> {
  if (key.raw && NODE_CRYPTO) return NODE_CRYPTO.createHmac('sha256', key.raw).update(data).digest()
  if (!key.web) throw new TypeError('an HMAC key of node:crypto used where the runtime has none')
  return new Uint8Array(await crypto.subtle.sign('HMAC', key.web, encoder.encode(data)))
}

/** base64url(HMAC-SHA-256(key, data)). */
export async function hmac(key: HmacKey, data: string): Promise<string> {
  if (key.raw && NODE_CRYPTO) return NODE_CRYPTO.createHmac('sha256', key.raw).update(data).digest('base64url')
  return base64UrlEncode(await mac(key, data))
}

/** Checks a base64url HMAC in constant time (`timingSafeEqual`, or `subtle.verify`, which compares without early exit). */
export async function verifyHmac(key: HmacKey, data: string, signature: string): Promise<boolean> {
  const bytes = signatureBytes(signature)
  if (!bytes) return false
  if (key.raw && NODE_CRYPTO) return NODE_CRYPTO.timingSafeEqual(await mac(key, data), bytes)
  if (!key.web) return false
  return crypto.subtle.verify('HMAC', key.web, toArrayBuffer(bytes), encoder.encode(data))
}

/** The 32 bytes of a base64url HMAC-SHA-256 in its one spelling, else `undefined`. */
function signatureBytes(signature: string): Uint8Array | undefined {
  const bytes = base64UrlDecode(signature)
  // One spelling only: the last base64url character carries 2 unused bits, so 4 spellings
  // decoded to the same MAC and a "used once" check keyed on the text could be dodged.
  return bytes && bytes.byteLength === 32 && base64UrlEncode(bytes) === signature ? bytes : undefined
}

/** A random identifier of `bytes` bytes (default 128 bits), base64url. */
export function randomId(bytes = 16): string {
  return base64UrlEncode(randomBytes(bytes))
}

/**
 * Random bytes are drawn from the system 4 KiB at a time and each handed out once (what Node's
 * `randomUUID` does): `getRandomValues` is a call into the system per use, a cost each start paid
 * twice (session id, receipt id). Drawn on first use, never at load (workers forbid it there).
 */
const POOL_BYTES = 4096
let pool = new Uint8Array(0)
let poolOffset = 0

function randomBytes(count: number): Uint8Array {
  if (count > POOL_BYTES) return crypto.getRandomValues(new Uint8Array(count))
  if (poolOffset + count > pool.byteLength) {
    pool = crypto.getRandomValues(new Uint8Array(POOL_BYTES))
    poolOffset = 0
  }
  poolOffset += count
  return pool.subarray(poolOffset - count, poolOffset)
}

/** Node's, Bun's and Deno's `Buffer`, feature-detected like `node:crypto` (never imported). */
const NODE_BUFFER = (globalThis as { Buffer?: { from(buffer: ArrayBufferLike, offset: number, length: number): { toString(encoding: 'base64url'): string } } }).Buffer

/** base64url without padding (RFC 4648 §5). `btoa` exists in every Fetch runtime; `Buffer` (faster) does not. */
export function base64UrlEncode(bytes: Uint8Array): string {
  if (NODE_BUFFER) return NODE_BUFFER.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64url')
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
