/**
 * The two entries differ only in their default transport: the Node entry reports a 407 from the
 * service; the runtime-neutral one uses the platform's `fetch`, where a 407 is a network error.
 */
import { afterEach, describe, expect, it, vi } from 'vitest'
import { sendJson, startTestServer } from '../test/start-test-server'
import type { TestServer } from '../test/start-test-server'
import * as neutral from './index'
import * as node from './node'

let server: TestServer | undefined
afterEach(async () => {
  vi.restoreAllMocks()
  await server?.close()
  server = undefined
})

/** A service whose proxy layer refuses every call with a 407. */
async function refusingService(): Promise<TestServer> {
  return startTestServer((_request, response) => sendJson(response, 407, { statusCode: '407', statusMessage: 'Proxy not authenticated' }))
}

function options(target: TestServer) {
  return { baseUrl: target.url, clientId: 'entry-client', clientSecret: 'entry-secret' }
}

describe('the entries', () => {
  it('the Node entry defaults to node:http (as nodeFetch): a 407 is proxy_auth_required, and globalThis.fetch is never called', async () => {
    server = await refusingService()
    const spy = vi.spyOn(globalThis, 'fetch')
    const error: unknown = await node.createVerifyClient(options(server)).getSmsRates().catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(node.VerifyApiError)
    expect(error).toMatchObject({ code: 'proxy_auth_required', status: 407, statusMessage: 'Proxy not authenticated' })
    expect(spy).not.toHaveBeenCalled()
  })

  it('the runtime-neutral entry defaults to the platform fetch, looked up at call time', async () => {
    server = await refusingService()
    const spy = vi.spyOn(globalThis, 'fetch')
    const error: unknown = await neutral.createVerifyClient(options(server)).getSmsRates().catch((caught: unknown) => caught)
    expect(spy).toHaveBeenCalledTimes(1)
    // Node's fetch turns the 407 into "fetch failed": all the neutral default can report.
    expect(error).toMatchObject({ code: 'network_error', operation: 'token' })
  })

  it('share one error class, and differ only by nodeFetch', () => {
    expect(node.VerifyApiError).toBe(neutral.VerifyApiError)
    expect(Object.keys(node).toSorted()).toEqual([...Object.keys(neutral), 'nodeFetch'].toSorted())
    expect('nodeFetch' in neutral).toBe(false)
  })

  it('the Node entry keeps an injected transport', async () => {
    server = await refusingService()
    const injected = vi.fn<typeof globalThis.fetch>(globalThis.fetch)
    const error: unknown = await node.createVerifyClient({ ...options(server), fetch: injected }).getSmsRates().catch((caught: unknown) => caught)
    expect(injected).toHaveBeenCalledTimes(1)
    expect(error).toMatchObject({ code: 'network_error' })
  })
})
