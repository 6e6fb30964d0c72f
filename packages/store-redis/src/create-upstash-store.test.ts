import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { type HugeBodyOutcome, writeHugeBody } from '@hakiki/test-support/huge-body'
import { describeStoreContract } from '@hakiki/store/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startRedis, type RedisProcess } from '@hakiki/test-support/redis'
import { startUpstashBridge } from '../test/upstash-bridge'
import type { UpstashBridge } from '../test/upstash-bridge'
import { createUpstashStore } from './create-upstash-store'

// Three stores (three app instances, each its own fetch) on one real redis-server behind a server
// speaking the Upstash REST protocol.
describeStoreContract('Redis over HTTP (Upstash REST)', async () => {
  const redis = await startRedis()
  const bridge = await startUpstashBridge(redis.url)
  return {
    stores: [0, 1, 2].map(() => createUpstashStore({ url: bridge.url, token: bridge.token, fetch: (input, init) => fetch(input, init) })),
    hang: async () => {
      redis.pause()
      return async () => redis.resume()
    },
    outage: async () => {
      await bridge.stop()
      return () => bridge.restart()
    },
    close: async () => {
      await bridge.close()
      await redis.stop()
    },
  }
})

describe('createUpstashStore', () => {
  let redis: RedisProcess
  let bridge: UpstashBridge
  beforeAll(async () => {
    redis = await startRedis()
    bridge = await startUpstashBridge(redis.url)
  }, 30_000)
  afterAll(async () => {
    await bridge.close()
    await redis.stop()
  })

  it('makes one request per method once the server knows the scripts, and loads them again after a restart (NOSCRIPT)', async () => {
    const store = createUpstashStore({ url: `${bridge.url}/`, token: bridge.token })
    const calls = async () => {
      await store.take([{ key: 'rt:a', windowSeconds: 60, limit: 9 }, { key: 'rt:b', windowSeconds: 60, limit: 9 }])
      await store.give([{ key: 'rt:a', windowSeconds: 60 }])
      await store.add([{ key: 'rt:c', windowSeconds: 60 }, { key: 'rt:d', windowSeconds: 60 }])
      await store.get(['rt:a', 'rt:b', 'rt:c'])
      await store.write({ expect: [{ key: 'rt:e', value: undefined }], set: [{ key: 'rt:e', value: 'x', ttlSeconds: 60 }], delete: ['rt:f'] })
    }
    let before = bridge.requests()
    await calls()
    // First time: EVALSHA answered NOSCRIPT, then EVAL, for each of the five scripts.
    expect(bridge.requests() - before).toBe(10)
    before = bridge.requests()
    await calls()
    expect(bridge.requests() - before).toBe(5)
    await redis.stop()
    await redis.restart()
    before = bridge.requests()
    // The bridge's client reconnects to the new, empty server; wait until it answers.
    await expect.poll(() => store.get(['rt:a']).then((v) => v, () => 'down'), { timeout: 10_000 }).toEqual([undefined])
    await calls()
    expect(await store.get(['rt:a', 'rt:b', 'rt:c', 'rt:e'])).toEqual([undefined, '1', '1', 'x'])
  })

  it('sends back the sync token of the last answer (read-your-writes)', async () => {
    const store = createUpstashStore({ url: bridge.url, token: bridge.token })
    const first = bridge.requests()
    await store.write({ set: [{ key: 'ryw', value: 'x', ttlSeconds: 60 }] })
    await store.get(['ryw'])
    const sent = bridge.syncTokens().slice(first)
    // The first request has no token; each later one carries the token of the answer before it.
    expect(sent[0]).toBeUndefined()
    expect(sent.slice(1)).toEqual(sent.slice(1).map((_, i) => `token-${first + i + 1}`))
    expect(sent.length).toBeGreaterThanOrEqual(2)
  })

  it('a wrong token is an outage (StoreUnavailableError), and the token never appears in the error', async () => {
    const store = createUpstashStore({ url: bridge.url, token: 'wrong-token-value' })
    const error = await store.get(['k']).catch((e: unknown) => e)
    expect(error).toMatchObject({ name: 'StoreUnavailableError', code: 'store_unavailable', reason: 'failed' })
    expect(JSON.stringify(error, Object.getOwnPropertyNames(error)) + String((error as Error).cause)).not.toContain('wrong-token-value')
  })

  it('rejects a URL that is not http(s) and a missing token', () => {
    expect(() => createUpstashStore({ url: 'redis://127.0.0.1:6379', token: 't' })).toThrow(TypeError)
    expect(() => createUpstashStore({ url: bridge.url, token: '' })).toThrow(TypeError)
  })
})

describe('createUpstashStore against a server answering a huge reply', () => {
  it('stops reading at 1 MiB and hangs up (the rest of the reply never reaches memory)', async () => {
    let sent: Promise<HugeBodyOutcome> | undefined
    const server = createServer((_request, response) => {
      sent = writeHugeBody(response, 64 * 1024 * 1024)
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    try {
      const store = createUpstashStore({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, token: 't' })
      const error = await store.get(['a']).catch((e: unknown) => e)
      // The store's one error for a failed backend, its cause naming the limit.
      expect(error).toMatchObject({ name: 'StoreUnavailableError', cause: { message: 'Upstash REST reply over the 1048576-byte limit' } })
      const outcome = await sent
      expect(outcome?.complete).toBe(false)
      expect(outcome?.written).toBeLessThan(32 * 1024 * 1024)
    } finally {
      server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
    }
  })
})

describe('createUpstashStore against a server that never answers', () => {
  it('abandons the request after timeoutMs and closes its connection', async () => {
    let closed = false
    const server = createServer((request) => {
      request.socket.once('close', () => (closed = true))
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    try {
      const store = createUpstashStore({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, token: 't', timeoutMs: 200 })
      const error = await store.get(['a']).catch((e: unknown) => e)
      expect(error).toMatchObject({ name: 'StoreUnavailableError', cause: { name: 'TimeoutError' } })
      await expect.poll(() => closed).toBe(true)
    } finally {
      server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
    }
  })
})
