import { describe, expect, it } from 'vitest'
import type { ParsedToken } from './parse-token'
import { createTokenCache } from './token-cache'

/** A token source whose requests the test answers by hand, one at a time. */
function createTokenSource() {
  const pending: Array<{
    resolve: (token: ParsedToken) => void
    reject: (error: Error) => void
  }> = []
  let requests = 0
  return {
    fetchToken: () =>
      new Promise<ParsedToken>((resolve, reject) => {
        requests += 1
        pending.push({ resolve, reject })
      }),
    get requests() {
      return requests
    },
    answer(accessToken: string, lifetimeSeconds = 3600) {
      pending.shift()?.resolve({ accessToken, lifetimeSeconds })
    },
    fail(error: Error) {
      pending.shift()?.reject(error)
    },
  }
}

function createManualClock(start = 1_700_000_000_000) {
  let time = start
  return {
    now: () => time,
    advance(seconds: number) {
      time += seconds * 1000
    },
  }
}

describe('createTokenCache', () => {
  it('shares one token request among every caller of a cold cache', async () => {
    const source = createTokenSource()
    const cache = createTokenCache({ ...source, now: Date.now, refreshLeewaySeconds: 60 })

    const waiting = Array.from({ length: 50 }, () => cache.get())
    source.answer('token-1')
    expect(await Promise.all(waiting)).toEqual(Array.from({ length: 50 }, () => 'token-1'))
    expect(await cache.get()).toBe('token-1')
    expect(source.requests).toBe(1)
  })

  it('rejects every waiter when the request fails, and tries again on the next call', async () => {
    const source = createTokenSource()
    const cache = createTokenCache({ ...source, now: Date.now, refreshLeewaySeconds: 60 })

    const waiting = [cache.get(), cache.get(), cache.get()]
    source.fail(new Error('token endpoint down'))
    for (const result of await Promise.allSettled(waiting)) {
      expect(result).toMatchObject({ status: 'rejected', reason: { message: 'token endpoint down' } })
    }

    const retry = cache.get()
    expect(source.requests).toBe(2)
    source.answer('token-2')
    expect(await retry).toBe('token-2')
  })

  it('refreshes once, the leeway before expiry, however many calls are waiting', async () => {
    const source = createTokenSource()
    const clock = createManualClock()
    const cache = createTokenCache({ ...source, now: clock.now, refreshLeewaySeconds: 60 })

    const first = cache.get()
    source.answer('token-1', 3600)
    await first

    clock.advance(3600 - 60 - 1)
    expect(await cache.get()).toBe('token-1')
    expect(source.requests).toBe(1)

    clock.advance(1)
    const waiting = Array.from({ length: 20 }, () => cache.get())
    expect(source.requests).toBe(2)
    source.answer('token-2', 3600)
    expect(new Set(await Promise.all(waiting))).toEqual(new Set(['token-2']))
    expect(source.requests).toBe(2)
  })

  it('keeps a short-lived token for half its lifetime when the leeway exceeds it', async () => {
    const source = createTokenSource()
    const clock = createManualClock()
    const cache = createTokenCache({ ...source, now: clock.now, refreshLeewaySeconds: 60 })

    const first = cache.get()
    source.answer('short', 40)
    await first
    clock.advance(19)
    expect(await cache.get()).toBe('short')
    clock.advance(1)
    const refreshed = cache.get()
    source.answer('next', 40)
    expect(await refreshed).toBe('next')
    expect(source.requests).toBe(2)
  })

  it('forgets a token only while it is still the cached one', async () => {
    const source = createTokenSource()
    const cache = createTokenCache({ ...source, now: Date.now, refreshLeewaySeconds: 60 })

    const first = cache.get()
    source.answer('token-1')
    await first
    cache.invalidate('token-1')
    const second = cache.get()
    source.answer('token-2')
    expect(await second).toBe('token-2')

    // A late 401 for the old token must not throw away the new one.
    cache.invalidate('token-1')
    expect(await cache.get()).toBe('token-2')
    expect(source.requests).toBe(2)
  })

  it("stops only the aborting caller's wait; the shared token still arrives and is cached", async () => {
    const source = createTokenSource()
    const cache = createTokenCache({ ...source, now: Date.now, refreshLeewaySeconds: 60 })

    const controller = new AbortController()
    const impatient = cache.get(controller.signal)
    const patient = cache.get()
    controller.abort(new Error('user left'))
    await expect(impatient).rejects.toThrow('user left')

    source.answer('token-1')
    expect(await patient).toBe('token-1')
    expect(await cache.get()).toBe('token-1')
    expect(source.requests).toBe(1)
  })
})
