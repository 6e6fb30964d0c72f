import type { ParsedToken } from './parse-token'

/** Options of {@link createTokenCache}. */
export interface TokenCacheOptions {
  /** Fetches a new token; called at most once at a time. */
  fetchToken: () => Promise<ParsedToken>
  /** Clock in epoch milliseconds. */
  now: () => number
  /** Refresh this many seconds before expiry. */
  refreshLeewaySeconds: number
}

/** A cached access token with single-flight refresh. */
export interface TokenCache {
  /** A token fresh enough to use; waits for (or starts) the one token request in flight. */
  get(signal?: AbortSignal): Promise<string>
  /** Forgets `token` if it is still the cached one (a 401 proved it dead). */
  invalidate(token: string): void
}

/**
 * Caches the access token and refreshes it lazily, `refreshLeewaySeconds` before it expires, on
 * the first call that needs it: no background timer keeps the process alive or fires while idle.
 *
 * Single flight: every caller that finds no fresh token shares the one request in flight, however
 * many there are. If it fails, all of them get its error and nothing is cached, so the next call
 * tries again. A caller's abort only stops that caller's wait: the shared request goes on for the
 * others, and its token is still cached.
 */
export function createTokenCache(options: TokenCacheOptions): TokenCache {
  const { fetchToken, now, refreshLeewaySeconds } = options
  let cached: { token: string; refreshAt: number } | undefined
  let inflight: Promise<string> | undefined

  function refresh(): Promise<string> {
    // Expiry is counted from before the request was sent, so network time only shortens it.
    const startedAt = now()
    const request: Promise<string> = fetchToken()
      .then(({ accessToken, lifetimeSeconds }) => {
        // Refresh `leeway` early, but never in the first half of the lifetime: with a leeway
        // longer than a short-lived token's lifetime, every call would otherwise fetch a token.
        const freshSeconds = Math.max(lifetimeSeconds - refreshLeewaySeconds, lifetimeSeconds / 2)
        cached = { token: accessToken, refreshAt: startedAt + freshSeconds * 1000 }
        return accessToken
      })
      .finally(() => {
        if (inflight === request) inflight = undefined
      })
    // Waiters that gave up (aborted) no longer listen: keep the rejection from being unhandled.
    request.catch(() => {})
    inflight = request
    return request
  }

  return {
    async get(signal) {
      signal?.throwIfAborted()
      if (cached !== undefined && now() < cached.refreshAt) return cached.token
      return waitFor(inflight ?? refresh(), signal)
    },
    invalidate(token) {
      if (cached?.token === token) cached = undefined
    },
  }
}

/** `promise`, unless `signal` aborts first (then the signal's reason). */
function waitFor<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (signal === undefined) return promise
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason)
    signal.addEventListener('abort', onAbort, { once: true })
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort))
  })
}
