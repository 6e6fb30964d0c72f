/**
 * Access tokens in the shared store, so a token issued by one instance works on every other: the
 * store holds only SHA-256(token) as the key (a store dump yields no usable token), with the
 * client and the issue time, for the token's lifetime. Revocable one by one (`revoke`) and per
 * client (`tokensNotBefore` in the configuration).
 */
import type { VerifyStore } from '@hakiki/store'

/** A live token's owner. */
export interface TokenGrant {
  clientId: string
  /** Epoch milliseconds. */
  issuedAt: number
}

/** Issues, resolves and revokes tokens. */
export interface TokenService {
  /** A new token for `clientId`, valid `lifetimeSeconds`. */
  issue(clientId: string, now: number): Promise<{ token: string; issuedAt: number }>
  /** The grant of a live token, or `undefined`. */
  resolve(token: string): Promise<TokenGrant | undefined>
  /** Revokes a token; resolves whether it was live. */
  revoke(token: string): Promise<boolean>
}

const TOKEN = /^[A-Za-z0-9_-]{32}$/

const base64url = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
const hex = (bytes: ArrayBuffer) => [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, '0')).join('')

/** Tokens of `lifetimeSeconds` in `store` under `prefix`. */
export function createTokenService(store: VerifyStore, lifetimeSeconds: number, prefix = 'srv:tok:'): TokenService {
  const keyOf = async (token: string) => `${prefix}${hex(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(token)))}`
  return {
    async issue(clientId, now) {
      // 192 random bits in 32 base64url characters.
      const token = base64url(crypto.getRandomValues(new Uint8Array(24)))
      const grant: TokenGrant = { clientId, issuedAt: now }
      await store.write({ set: [{ key: await keyOf(token), value: JSON.stringify(grant), ttlSeconds: lifetimeSeconds }] })
      return { token, issuedAt: now }
    },
    async resolve(token) {
      if (!TOKEN.test(token)) return undefined
      const [value] = await store.get([await keyOf(token)])
      if (value === undefined) return undefined
      const grant = JSON.parse(value) as TokenGrant
      return typeof grant.clientId === 'string' && typeof grant.issuedAt === 'number' ? grant : undefined
    },
    async revoke(token) {
      if (!TOKEN.test(token)) return false
      const key = await keyOf(token)
      const [value] = await store.get([key])
      if (value === undefined) return false
      return store.write({ delete: [key], expect: [{ key, value }] })
    },
  }
}
