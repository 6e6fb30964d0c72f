/** The demo's `/api/sandbox/*` window is for the demo's own page only (issue 10, finding 12). */
import { createServer } from 'node:http'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { startSandboxServer } from '@hakiki/sandbox/node'
import type { SandboxServer } from '@hakiki/sandbox/node'
import { afterEach, describe, expect, it } from 'vitest'
import { createDemoClock } from './demo-clock'
import { createDemoMiddleware } from './demo-middleware'

let sandbox: SandboxServer | undefined
let server: Server | undefined
afterEach(async () => {
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()))
  await sandbox?.close()
  server = undefined
  sandbox = undefined
})

async function start(): Promise<string> {
  sandbox = await startSandboxServer({ port: 0 })
  const middleware = createDemoMiddleware({ api: { handle: async () => undefined }, sandboxUrl: sandbox.url, clock: createDemoClock() })
  server = createServer((req, res) => middleware(req, res, () => res.writeHead(404).end()))
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve))
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}

describe('/api/sandbox/*', () => {
  it('does not let other sites read it (no Access-Control-Allow-Origin: *)', async () => {
    const base = await start()
    const res = await fetch(`${base}/api/sandbox/messages`, { headers: { origin: 'https://evil.example' } })
    expect(res.status).toBe(200)
    expect(res.headers.get('access-control-allow-origin')).toBeNull()
  })

  it('refuses text/plain and cross-origin POSTs, and takes the demo’s own JSON ones', async () => {
    const base = await start()
    const fault = JSON.stringify({ operation: 'create', status: 500 })
    const plain = await fetch(`${base}/api/sandbox/faults`, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: fault })
    expect(plain.status).toBe(415)
    const foreign = await fetch(`${base}/api/sandbox/faults`, { method: 'POST', headers: { 'content-type': 'application/json', origin: 'https://evil.example' }, body: fault })
    expect(foreign.status).toBe(403)
    expect(sandbox?.sandbox.faults.list()).toEqual([])
    const own = await fetch(`${base}/api/sandbox/faults`, { method: 'POST', headers: { 'content-type': 'application/json', origin: base }, body: fault })
    expect(own.status).toBeLessThan(300)
    expect(sandbox?.sandbox.faults.list()).toHaveLength(1)
  })
})
