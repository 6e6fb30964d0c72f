import { isJsonObject, readScalar } from './parse-envelope'

/** What the client keeps of a token response. */
export interface ParsedToken {
  accessToken: string
  /** Lifetime in seconds, after the defaults and bounds below. */
  lifetimeSeconds: number
}

/**
 * Lifetime assumed when `expires_in` is missing or not a positive number. Short on purpose: a
 * token refetched too early costs one request, while one kept too long costs a 401 and a retry
 * on every call that meets it. Five minutes is well below the usual Apigee lifetime (an hour).
 */
export const FALLBACK_TOKEN_LIFETIME_SECONDS = 300

/**
 * Upper bound on a token's assumed lifetime. The spec does not give the unit of `expires_in`;
 * Apigee uses seconds, but a value in milliseconds read as seconds would keep a token for weeks.
 * With the bound a misread lifetime costs at most one 401 and a retry a day.
 */
export const MAX_TOKEN_LIFETIME_SECONDS = 86_400

/**
 * Reads the token endpoint's answer. `token_type` is not checked: Apigee says `BearerToken`,
 * others `Bearer`, and the spec sends every token as `Authorization: Bearer` anyway.
 * Returns `undefined` when there is no usable `access_token`.
 */
export function parseToken(body: unknown): ParsedToken | undefined {
  if (!isJsonObject(body)) return undefined
  const accessToken = body.access_token
  // A token goes into a header: anything that is not a visible-ASCII string cannot be sent.
  if (typeof accessToken !== 'string' || !/^[\x21-\x7e]+$/.test(accessToken)) return undefined
  const expiresIn = Number(readScalar(body.expires_in)?.trim() || Number.NaN)
  const lifetimeSeconds =
    Number.isFinite(expiresIn) && expiresIn > 0
      ? Math.min(expiresIn, MAX_TOKEN_LIFETIME_SECONDS)
      : FALLBACK_TOKEN_LIFETIME_SECONDS
  return { accessToken, lifetimeSeconds }
}
