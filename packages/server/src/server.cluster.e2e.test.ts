// The "done when": three hakiki-server processes on one real redis-server behind a
// round-robin balancer on loopback. The spec conformance suite passes through the balancer; the
// kit's proxy (verify-client provider) runs a whole verification through it; an instance killed
// mid-flow (SIGKILL) loses nothing: its token and verification complete on another instance; and a
// SIGTERM lets a send in flight finish before the process exits.
import { createProxyAdapter } from '@hakiki/core'
import { createVerifyHandler, verifyReceipt } from '@hakiki/proxy'
import { toNodeListener } from '@hakiki/proxy/node'
import { expectedProxyFlow, verifyThroughProxy } from '@hakiki/test-support'
import { createVerifyClient, nodeFetch } from '@hakiki/verify-client/node'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { describeVerifyApiConformance, freshPhone } from '../../sandbox/test/conformance'
import { redisAvailable, startRedis, type RedisProcess } from '@hakiki/test-support/redis'
import { revokeWithCli, startBalancer, startInstance, writeConfig, type Balancer, type Instance } from '../test/cluster'
import { startMessageSink, type MessageSink } from '../test/message-sink'
import { CLIENTS, testConfigInput } from '../test/server-fixture'

const PATH = '/verify/v1/identity/verification'
let redis: RedisProcess
let sink: MessageSink
let instances: Instance[] = []
let balancer: Balancer
let configFile: string

beforeAll(async () => {
  if (!redisAvailable) throw new Error('redis-server is not installed: run pnpm setup (.ci/setup installs it)')
  ;[redis, sink] = await Promise.all([startRedis(), startMessageSink()])
  configFile = await writeConfig(await testConfigInput(sink.url, { type: 'redis', url: redis.url }))
  instances = await Promise.all([0, 1, 2].map(() => startInstance(configFile)))
  balancer = await startBalancer(instances.map((i) => i.url))
}, 60_000)

afterAll(async () => {
  await balancer?.close()
  for (const instance of instances) if (instance.child.exitCode === null && instance.child.signalCode === null) instance.child.kill('SIGKILL')
  await Promise.all(instances.map((i) => i.exited))
  await sink?.close()
  await redis?.stop()
})

describeVerifyApiConformance('three hakiki-server instances on one Redis', () => ({
  fetch: (path, init) => fetch(`${balancer.url}${path}`, init),
  clients: CLIENTS,
  messages: async (to) => sink.list(to),
  codeLength: 6,
  maxAttempts: 5,
  maxSends: 5,
}))

const tokenAt = async (url: string, which = 0) => {
  const c = CLIENTS[which]!
  const response = await fetch(`${url}/oauth/client/accesstoken?grant_type=client_credentials`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ client_id: c.id, client_secret: c.secret }),
  })
  return ((await response.json()) as { access_token: string }).access_token
}
const jsonInit = (method: string, token: string, body?: unknown): RequestInit => ({
  method,
  headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
  ...(body === undefined ? {} : { body: JSON.stringify(body) }),
})

// Processes on a loaded machine: each step may take seconds.
describe('the cluster', { timeout: 30_000 }, () => {
  it('spreads requests over all three instances', () => {
    expect([...balancer.served.keys()].toSorted()).toEqual(instances.map((i) => i.url).toSorted())
  })

  it("runs the kit's proxy end to end through the balancer", async () => {
    const secret = 'cluster-proxy-secret-0123456789-abcdef'
    const client = createVerifyClient({ baseUrl: balancer.url, clientId: CLIENTS[0].id, clientSecret: CLIENTS[0].secret, fetch: nodeFetch })
    const proxy: Server = createServer(toNodeListener(createVerifyHandler({ client, secret, basePath: '/api/verify' })))
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve))
    const origin = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`
    try {
      const to = freshPhone()
      const typed = `${to.slice(0, 4)} ${to.slice(4, 6)} ${to.slice(6, 9)} ${to.slice(9)}`
      const trace = await verifyThroughProxy({
        origin,
        sandboxUrl: sink.baseUrl,
        typed,
        to,
        locale: 'fr',
        createAdapter: (pageFetch) => createProxyAdapter({ baseUrl: `${origin}/api/verify`, fetch: pageFetch }),
        verifyReceipt: (receipt, expectedTo) => verifyReceipt(receipt, secret, { expectedTo, replay: 'allow' }),
      })
      expect(trace).toMatchObject(expectedProxyFlow(trace, to, 'fr'))
      expect(trace.sent.code).toMatch(/^\d{6}$/)
    } finally {
      await new Promise<void>((resolve) => {
        proxy.close(() => resolve())
        proxy.closeAllConnections()
      })
    }
  })

  it('revokes a token on every instance with `hakiki-server revoke-token`', async () => {
    const token = await tokenAt(balancer.url)
    const rates = (url: string) => fetch(`${url}/verify/v1/identity/sms/rate`, jsonInit('GET', token)).then((r) => r.status)
    expect(await Promise.all(instances.map((i) => rates(i.url)))).toEqual([200, 200, 200])
    expect(await revokeWithCli(configFile, token)).toEqual({ code: 0, out: 'revoked\n' })
    expect(await Promise.all(instances.map((i) => rates(i.url)))).toEqual([401, 401, 401])
    expect(await revokeWithCli(configFile, token)).toEqual({ code: 1, out: 'no such live token\n' })
  }, 60_000)

  it('loses nothing when an instance is killed mid-flow: its token and verification complete on another', async () => {
    const [doomed, other] = instances
    const token = await tokenAt(doomed!.url)
    const to = freshPhone()
    const created = await fetch(`${doomed!.url}${PATH}`, jsonInit('POST', token, { to }))
    expect(created.status).toBe(201)
    const { data } = (await created.json()) as { data: { verificationId: string } }
    const code = sink.list(to)[0]!.code
    doomed!.child.kill('SIGKILL')
    expect(await doomed!.exited).toBeNull()
    const wrong = await fetch(`${other!.url}${PATH}/${data.verificationId}`, jsonInit('PATCH', token, { code: code === '000000' ? '111111' : '000000' }))
    expect(((await wrong.json()) as { data: { status: string } }).data.status).toBe('pending')
    // Through the balancer, which skips the dead instance: the attempt spent on `other` counts.
    const status = await fetch(`${balancer.url}${PATH}/${data.verificationId}`, jsonInit('GET', token))
    expect(((await status.json()) as { data: { status: string } }).data.status).toBe('pending')
    const approved = await fetch(`${balancer.url}${PATH}/${data.verificationId}`, jsonInit('PATCH', token, { code }))
    expect(await approved.json()).toMatchObject({ data: { verificationId: data.verificationId, to, status: 'approved' } })
    expect((await fetch(`${balancer.url}${PATH}/${data.verificationId}`, jsonInit('GET', token))).status).toBe(404)
  })

  it('finishes a send in flight on SIGTERM, refuses new connections, then exits 0', async () => {
    const last = instances[2]!
    const token = await tokenAt(last.url)
    sink.setDelay(1500)
    try {
      const to = freshPhone()
      const creating = fetch(`${last.url}${PATH}`, jsonInit('POST', token, { to }))
      await expect.poll(() => sink.pending, { timeout: 10_000, interval: 20 }).toBe(1)
      last.child.kill('SIGTERM')
      await expect.poll(() => fetch(`${last.url}/healthz`).then(() => 'open', () => 'refused'), { timeout: 10_000, interval: 50 }).toBe('refused')
      const created = await creating
      expect(created.status).toBe(201)
      expect(sink.list(to)).toHaveLength(1)
      expect(await last.exited).toBe(0)
      expect(last.logs.map((l) => (JSON.parse(l) as { msg: string }).msg)).toContain('stopped')
    } finally {
      sink.setDelay(0)
    }
  })
})
