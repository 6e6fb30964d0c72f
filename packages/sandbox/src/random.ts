/**
 * Random identifiers (tokens, message and transaction ids, the engine's secret) from one
 * injectable byte source, so tests can make them predictable while the default stays a CSPRNG
 * (`crypto.getRandomValues`, available in Node, browsers, Deno, Bun and workers alike). Codes are
 * the engine's, not drawn here.
 */

/** A source of random bytes. */
export type RandomBytes = (n: number) => Uint8Array

/** The identifiers and secrets the sandbox draws. */
export interface SandboxRandom {
  /** `2 * bytes` lowercase hex digits. */
  hex(bytes: number): string
  /** An opaque bearer token of 192 random bits, URL-safe. */
  token(): string
  /** A version-4 UUID, used as `transactionId`. */
  uuid(): string
}

/** The default byte source: the platform CSPRNG. */
export const cryptoRandomBytes: RandomBytes = (n) => crypto.getRandomValues(new Uint8Array(n))

const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'))

function toHex(bytes: Uint8Array): string {
  let out = ''
  for (const b of bytes) out += HEX[b]
  return out
}

/** Wraps a byte source; checks it returns as many bytes as asked. */
export function createRandom(randomBytes: RandomBytes = cryptoRandomBytes): SandboxRandom {
  const draw = (n: number): Uint8Array => {
    const bytes = randomBytes(n)
    if (!(bytes instanceof Uint8Array) || bytes.length < n) throw new TypeError(`randomBytes(${n}) must return a Uint8Array of ${n} bytes`)
    return bytes
  }
  return {
    hex: (bytes) => toHex(draw(bytes)),
    token() {
      // 24 bytes encode to exactly 32 base64url characters, no padding: 192 bits, above the 128
      // bits RFC 6750 asks of bearer tokens.
      return btoa(String.fromCharCode(...draw(24))).replace(/\+/g, '-').replace(/\//g, '_')
    },
    uuid() {
      const b = draw(16)
      b[6] = (b[6]! & 0x0f) | 0x40
      b[8] = (b[8]! & 0x3f) | 0x80
      const h = toHex(b)
      return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`
    },
  }
}
