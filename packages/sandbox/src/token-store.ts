/**
 * Access tokens: issued by the token endpoint, checked on every other call, expiring on the
 * sandbox clock so clients can test their refresh logic by advancing it.
 */
import type { SandboxClock } from './clock'
import type { SandboxRandom } from './random'
import type { ResolvedOptions } from './sandbox-options'

/** The token endpoint's answer, shaped like Apigee's: every value a string. */
export interface TokenResponse {
  refresh_token_expires_in: string
  api_product_list: string
  api_product_list_json: string[]
  organization_name: string
  'developer.email': string
  token_type: string
  issued_at: string
  client_id: string
  access_token: string
  application_name: string
  scope: string
  expires_in: string
  refresh_count: string
  status: string
}

/** Issues and resolves tokens. */
export interface TokenStore {
  /** Issues a token for `clientId`. */
  issue(clientId: string): TokenResponse
  /** The client a live token belongs to; `undefined` when unknown or expired. */
  resolve(token: string): string | undefined
}

/** The single API product of the sandbox, as Apigee names products. */
export const API_PRODUCT = 'Chenosis Key 2FA'
/** Live tokens kept at most; the oldest are dropped first. */
const MAX_TOKENS = 10_000

/** Creates an empty token store. */
export function createTokenStore(options: ResolvedOptions, clock: SandboxClock, random: SandboxRandom): TokenStore {
  const tokens = new Map<string, { clientId: string; expiresAt: number }>()

  const prune = (now: number) => {
    // Tokens all live equally long, so insertion order is expiry order: stop at the first live one.
    for (const [token, entry] of tokens) {
      if (entry.expiresAt > now && tokens.size < MAX_TOKENS) break
      tokens.delete(token)
    }
  }

  return {
    issue(clientId) {
      const client = options.clients.get(clientId)!
      const issuedAt = clock.now()
      prune(issuedAt)
      const accessToken = random.token()
      tokens.set(accessToken, { clientId, expiresAt: issuedAt + options.tokenTtlSeconds * 1000 })
      return {
        refresh_token_expires_in: '0',
        api_product_list: `[${API_PRODUCT}]`,
        api_product_list_json: [API_PRODUCT],
        organization_name: 'hakiki-sandbox',
        'developer.email': 'developer@sandbox.hakiki.invalid',
        token_type: 'BearerToken',
        issued_at: String(issuedAt),
        client_id: clientId,
        access_token: accessToken,
        application_name: client.applicationName,
        scope: '',
        // Apigee reports one second less than the lifetime, so a client refreshing on time is
        // never a second late.
        expires_in: String(options.tokenTtlSeconds - 1),
        refresh_count: '0',
        status: 'approved',
      }
    },
    resolve(token) {
      const entry = tokens.get(token)
      if (!entry) return undefined
      if (clock.now() >= entry.expiresAt) {
        tokens.delete(token)
        return undefined
      }
      return entry.clientId
    },
  }
}
