/**
 * The engine's cryptography, on Web APIs (`crypto.subtle`, `crypto.getRandomValues`) so it runs
 * unchanged in Node, Bun, Deno and workers, with `node:crypto`'s faster HMAC where the runtime has it.
 *
 * A code is never stored. Each verification gets a random seed (16 bytes from the CSPRNG); its
 * code is HMAC-SHA-256(codes key, id ‖ seed) read as decimal digits without bias. The store holds
 * the seed only — a keyed hash input that gives nothing without the secret — so a re-send or a
 * failover to the next route sends the same code without the code being kept anywhere, and a
 * check recomputes it and compares in constant time. Whoever holds both the store and the secret
 * can compute a pending code, as they could brute-force any stored keyed hash of a 6-digit code.
 */

const encoder = new TextEncoder()

/** Fewest bytes of key material the engine accepts: 256 bits, the size of the HMAC key it feeds. */
export const MIN_SECRET_BYTES = 32

/** Throws a TypeError unless `secret` is a string or bytes of at least {@link MIN_SECRET_BYTES}. */
export function assertEngineSecret(secret: unknown): asserts secret is string | Uint8Array {
  const bytes = typeof secret === 'string' ? encoder.encode(secret) : secret instanceof Uint8Array ? secret : undefined
  if (!bytes || bytes.byteLength < MIN_SECRET_BYTES) throw new TypeError(`secret must be a string or Uint8Array of at least ${MIN_SECRET_BYTES} bytes`)
}

/** The subset of `node:crypto` the engine's MACs use. */
interface NodeCrypto {
  createHmac(algorithm: 'sha256', key: Uint8Array): { update(data: string): { digest(): Uint8Array } }
  hkdfSync(digest: 'sha256', key: Uint8Array, salt: Uint8Array, info: string, length: number): ArrayBuffer
}

/**
 * `node:crypto` when the runtime has it (Node ≥ 20.16, Bun, Deno), found through
 * `process.getBuiltinModule`, never imported, so this module still loads where no Node built-in
 * exists (workers). Why: a Web Crypto HMAC in Node is an awaited trip to the thread pool, about 7×
 * the CPU of `createHmac` (measured for the proxy, issue 24), and every start and check derives a
 * code and hashes an address. Both paths compute the same HKDF and HMAC (tested).
 */
function findNodeCrypto(): NodeCrypto | undefined {
  try {
    const runtime = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process
    const candidate = runtime?.getBuiltinModule?.('node:crypto') as Partial<NodeCrypto> | undefined
    return typeof candidate?.createHmac === 'function' && typeof candidate.hkdfSync === 'function' ? (candidate as NodeCrypto) : undefined
  } catch {
    return undefined
  }
}

const NODE_CRYPTO = findNodeCrypto()

/** An HMAC-SHA-256 key: raw bytes for `node:crypto`, or a non-extractable Web Crypto key; both from the same HKDF. */
export type EngineKey = { readonly raw: Uint8Array; readonly web?: undefined } | { readonly web: CryptoKey; readonly raw?: undefined }

/**
 * One HMAC key per purpose, derived with HKDF-SHA-256 from the secret (codes and store keys never
 * share one). `useNode` is for the test that holds the two paths to the same answers.
 */
export async function deriveKey(secret: string | Uint8Array, purpose: string, useNode = NODE_CRYPTO !== undefined): Promise<EngineKey> {
  const raw = typeof secret === 'string' ? encoder.encode(secret) : secret
  const info = `hakiki-engine:${purpose}`
  if (useNode && NODE_CRYPTO) return { raw: new Uint8Array(NODE_CRYPTO.hkdfSync('sha256', raw, new Uint8Array(0), info, 32)) }
  const master = await crypto.subtle.importKey('raw', raw.slice().buffer, 'HKDF', false, ['deriveKey'])
  const web = await crypto.subtle.deriveKey(
    { name: 'HKDF', hash: 'SHA-256', salt: new Uint8Array(0), info: encoder.encode(info) },
    master,
    { name: 'HMAC', hash: 'SHA-256', length: 256 },
    false,
    ['sign'],
  )
  return { web }
}

/** HMAC-SHA-256 of `text`. */
export async function hmac(key: EngineKey, text: string): Promise<Uint8Array> {
  if (key.raw && NODE_CRYPTO) return new Uint8Array(NODE_CRYPTO.createHmac('sha256', key.raw).update(text).digest())
  if (!key.web) throw new TypeError('a raw key needs node:crypto')
  return new Uint8Array(await crypto.subtle.sign('HMAC', key.web, encoder.encode(text)))
}

/** Base64url without padding. */
export function base64url(bytes: Uint8Array): string {
  let binary = ''
  for (const byte of bytes) binary += String.fromCharCode(byte)
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
}

/** `n` random bytes from the platform's CSPRNG, as hex. */
export function randomHex(n: number): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(n)), (b) => b.toString(16).padStart(2, '0')).join('')
}

/** What the engine keys with its secret: the codes, and the store keys of addresses (never one key for both). */
export type HashPurpose = 'codes' | 'addresses'

/**
 * The engine's keyed hash: HMAC-SHA-256 under the purpose's key in production
 * ({@link createKeyedHash}). A synchronous answer is awaited like a promise; the in-process
 * stand-in (`@hakiki/engine/memory-adapter`) injects one so it answers on microtasks only.
 */
export type KeyedHash = (purpose: HashPurpose, text: string) => Uint8Array | Promise<Uint8Array>

/** HMAC-SHA-256 under one HKDF-derived key per purpose (derived once, on first use). */
export function createKeyedHash(secret: string | Uint8Array): KeyedHash {
  const keys = new Map<HashPurpose, Promise<EngineKey>>()
  return async (purpose, text) => {
    let key = keys.get(purpose)
    if (!key) keys.set(purpose, (key = deriveKey(secret, purpose)))
    return hmac(await key, text)
  }
}

/**
 * The code of a verification: `length` decimal digits read from the keyed hash of id ‖ seed by
 * rejection sampling (a byte of 250 or more is skipped, so each digit is uniform). 32 bytes give
 * 10 digits except with negligible probability; a further block (a counter in the input) covers that.
 */
export async function deriveCode(hash: (text: string) => Uint8Array | Promise<Uint8Array>, id: string, seed: string, length: number): Promise<string> {
  let digits = ''
  for (let block = 0; digits.length < length; block++) {
    for (const byte of await hash(`${id}\u0000${seed}\u0000${block}`)) {
      if (byte >= 250) continue
      digits += String(byte % 10)
      if (digits.length === length) break
    }
  }
  return digits
}

/** Compares two strings in time that depends only on their lengths (the lengths are not secret: the code length is public). */
export function constantTimeEqual(a: string, b: string): boolean {
  const x = encoder.encode(a)
  const y = encoder.encode(b)
  let diff = x.length ^ y.length
  for (let i = 0; i < Math.max(x.length, y.length); i++) diff |= (x[i] ?? 0) ^ (y[i] ?? 0)
  return diff === 0
}
