// The Durable Object's sweep of expired records, in real workerd (miniflare) with real Durable
// Object storage (SQLite). Expiry is enforced on read; the alarm is what frees the storage. workerd
// runs alarms at their scheduled time (an hour away) and miniflare cannot move its clock, so the
// test Worker's object (the store's class plus two test doors, test/fixtures/sweep-worker.ts) runs
// the alarm handler on request and shows what storage holds.
import { Miniflare } from 'miniflare'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bundleWorker, COMPATIBILITY_DATE, type Fetcher } from '../test/bundle-worker'

let mf: Miniflare | undefined
let worker: Fetcher

beforeAll(async () => {
  mf = new Miniflare({
    modules: [{ type: 'ESModule', path: '/index.mjs', contents: await bundleWorker('sweep-worker.ts') }],
    modulesRoot: '/',
    compatibilityDate: COMPATIBILITY_DATE,
    durableObjects: { STORE: { className: 'SweptStoreObject', useSQLite: true } },
    host: '127.0.0.1',
    port: 0,
  })
  await mf.ready
  worker = (await mf.getWorker()) as unknown as Fetcher
}, 60_000)

afterAll(async () => {
  await mf?.dispose()
})

const call = async (path: string, argument: unknown = null): Promise<unknown> =>
  worker.fetch(`http://store.test/${path}`, { method: 'POST', body: JSON.stringify(argument) }).then((response) => response.json())
const raw = async () => (await call('__raw')) as { keys: string[]; alarm: number | null }

describe('the Durable Object store sweeps expired records', () => {
  it('schedules an alarm with its first record, and the alarm deletes expired records from storage and keeps live ones', async () => {
    expect(await raw()).toEqual({ keys: [], alarm: null })
    const before = Date.now()
    await call('write', { set: [{ key: 'short', value: 'x', ttlSeconds: 1 }, { key: 'long', value: 'y', ttlSeconds: 3600 }] })
    await call('add', [{ key: 'count', windowSeconds: 1 }])
    const written = await raw()
    expect(written.keys.toSorted()).toEqual(['count', 'long', 'short'])
    // An hourly sweep, at most.
    expect(written.alarm).toBeGreaterThan(before + 3_500_000)

    // Past their expiry the short-lived ones read as absent at once, but are still stored.
    await expect.poll(async () => call('get', ['short', 'count', 'long']), { interval: 200, timeout: 10_000 }).toEqual({ result: [null, null, 'y'] })
    expect((await raw()).keys.toSorted()).toEqual(['count', 'long', 'short'])

    await call('__sweep')
    const swept = await raw()
    expect(swept.keys).toEqual(['long'])
    expect(swept.alarm).not.toBeNull()
    expect((await call('get', ['long'])) as unknown).toEqual({ result: ['y'] })
  }, 30_000)
})
