// Issue 19, item 4: failures classified by who caused them, over real HTTP. The proxy on the
// Twilio provider, through the node adapter, in front of the sandbox's Twilio dialect. Twilio
// answers the sandbox does not produce (Verify geo-permissions 60605, e-mail channel not
// configured 60217, channel disabled 60223) come from a small stand-in in front of it, written
// from Twilio's error dictionary (https://www.twilio.com/docs/api/errors/60605, /60217, /60223):
// `{ code, message, more_info, status }` with the HTTP status Twilio documents.
import { createServer } from 'node:http'
import type { Server, ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createVerifyHandler } from '@hakiki/proxy'
import { toNodeListener } from '@hakiki/proxy/node'
import { DEFAULT_TWILIO_ACCOUNT } from '@hakiki/sandbox'
import { startSandboxServer } from '@hakiki/sandbox/node'
import type { SandboxServer } from '@hakiki/sandbox/node'
import { afterEach, describe, expect, it } from 'vitest'
import { createTwilioProvider } from './create-twilio-provider'
import type { Channel } from '@hakiki/core'

const SECRET = 'classify-e2e-secret-at-least-32-bytes!'
const { accountSid, authToken } = DEFAULT_TWILIO_ACCOUNT
const serviceSid = DEFAULT_TWILIO_ACCOUNT.services[0]!.sid
/** Numbers whose country the service's geo-permissions block (60605). */
const BLOCKED = (n: number) => `+4479111234${String(n).padStart(2, '0')}`
const USER = (n: number) => `+4474001234${String(n).padStart(2, '0')}`

interface Running {
  sandbox: SandboxServer
  /** Start calls that reached the stand-in (and so Twilio). */
  starts: () => number
  clock: { advance(seconds: number): void }
  start(to: string, channel?: Channel): Promise<{ status: number; code?: string; retryAfter?: number }>
}

const closers: Array<() => Promise<void>> = []
afterEach(async () => {
  for (const close of closers.splice(0)) await close()
})

const listen = async (server: Server): Promise<string> => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  closers.push(() => new Promise<void>((resolve) => server.close(() => resolve())))
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}

/** Twilio's error body, as its error dictionary shows it. */
function twilioError(res: ServerResponse, status: number, code: number, message: string): void {
  res.writeHead(status, { 'content-type': 'application/json' })
  res.end(JSON.stringify({ code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status }))
}

async function start(channels?: readonly Channel[]): Promise<Running> {
  const sandbox = await startSandboxServer({ port: 0 })
  closers.push(() => sandbox.close())
  let starts = 0
  // The stand-in: Twilio's documented error answers for the numbers and channels a test picks,
  // everything else passed on to the sandbox's Twilio dialect.
  const twilio = createServer((req, res) => {
    let body = ''
    req.on('data', (chunk: Buffer) => (body += chunk.toString()))
    req.on('end', () => {
      const form = new URLSearchParams(body)
      const isStart = req.method === 'POST' && (req.url ?? '').endsWith('/Verifications')
      if (isStart) starts++
      if (isStart && form.get('To')?.startsWith('+44791112')) return twilioError(res, 403, 60605, 'Verification delivery attempt blocked by geo permissions')
      if (isStart && form.get('Channel') === 'call') return twilioError(res, 400, 60223, 'Delivery channel disabled: VOICE')
      if (isStart && form.get('Channel') === 'email') return twilioError(res, 400, 60217, 'Email channel is not configured')
      void fetch(`${sandbox.url}${req.url}`, {
        method: req.method,
        headers: { authorization: req.headers.authorization ?? '', 'content-type': req.headers['content-type'] ?? 'application/x-www-form-urlencoded' },
        ...(req.method === 'GET' ? {} : { body }),
      }).then(async (answer) => {
        res.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' })
        res.end(await answer.text())
      })
    })
  })
  const twilioUrl = await listen(twilio)
  let t = Date.parse('2030-01-01T08:00:00Z')
  const handler = createVerifyHandler({
    provider: createTwilioProvider({ accountSid, authToken }, { serviceSid, baseUrl: twilioUrl, ...(channels ? { channels } : {}) }),
    secret: SECRET,
    basePath: '/api/verify',
    countries: 'all',
    now: () => t,
    logger: {},
  })
  const proxy = createServer(toNodeListener(handler))
  const origin = await listen(proxy)
  return {
    sandbox,
    starts: () => starts,
    clock: { advance: (seconds) => void (t += seconds * 1000) },
    async start(to, channel = 'sms') {
      // A fresh browser each time: no session, so only the per-IP cap (100 an hour) is shared.
      const response = await fetch(`${origin}/api/verify/verifications`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin },
        body: JSON.stringify({ to, channel }),
      })
      const json = (await response.json()) as { code?: string; retryAfter?: number }
      return { status: response.status, ...(json.code ? { code: json.code } : {}), ...(json.retryAfter ? { retryAfter: json.retryAfter } : {}) }
    },
  }
}

describe('answers an attacker can provoke affect that request only', () => {
  it('maps 60605 to unsupported_country and 60217/60223 to their own refusal, and never shuts starts for real users', async () => {
    const r = await start(['sms', 'call', 'email'])
    // Before: 60605, 60217 and 60223 were `misconfigured` (502) and three in a row shut every
    // start for 30 s, re-armed by each new one (0 of 25 real starts succeeded in 75 s).
    for (let i = 0; i < 6; i++) expect(await r.start(BLOCKED(i))).toMatchObject({ status: 400, code: 'unsupported_country' })
    for (let i = 0; i < 4; i++) expect(await r.start(USER(50 + i), 'call')).toMatchObject({ status: 400, code: 'unsupported_channel' })
    for (let i = 0; i < 4; i++) expect(await r.start(`mallory${i}@example.com`, 'email')).toMatchObject({ status: 400, code: 'unsupported_channel' })
    for (let i = 0; i < 5; i++) expect(await r.start(USER(i))).toMatchObject({ status: 201 })
  }, 60_000)

  it('refuses e-mail up front when the provider declares no e-mail (the default), without calling Twilio', async () => {
    const r = await start()
    expect(await r.start('ama@example.com', 'email')).toMatchObject({ status: 400, code: 'unsupported_channel' })
    expect(r.starts()).toBe(0)
    expect(await r.start(USER(1))).toMatchObject({ status: 201 })
    expect(r.starts()).toBe(1)
  })
})

describe('the start circuit breaker', () => {
  it('opens after three outages in a row, then lets one probe through after the wait', async () => {
    const r = await start()
    r.sandbox.sandbox.faults.add({ operation: 'create', status: 500, times: 4 })
    for (let i = 0; i < 3; i++) expect(await r.start(USER(i))).toMatchObject({ status: 503, code: 'upstream_unavailable' })
    expect(r.starts()).toBe(3)
    // Open: refused without calling Twilio.
    expect(await r.start(USER(10))).toMatchObject({ status: 503, code: 'upstream_unavailable', retryAfter: 30 })
    expect(r.starts()).toBe(3)
    // Half-open after 30 s: one probe; it fails (the fourth fault), so the breaker opens again, longer.
    r.clock.advance(30)
    expect(await r.start(USER(11))).toMatchObject({ status: 503 })
    expect(r.starts()).toBe(4)
    expect(await r.start(USER(12))).toMatchObject({ status: 503, retryAfter: 60 })
    expect(r.starts()).toBe(4)
    // The next probe succeeds: closed again, and starts flow.
    r.clock.advance(60)
    expect(await r.start(USER(13))).toMatchObject({ status: 201 })
    expect(await r.start(USER(14))).toMatchObject({ status: 201 })
    expect(r.starts()).toBe(6)
  }, 60_000)
})
