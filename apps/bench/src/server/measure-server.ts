/**
 * Whole verifications against a Verify API over HTTP: token once, then per flow create → get →
 * verify with the right code, `concurrency` flows at once for `seconds`. Latency is measured per
 * endpoint; verifications/s counts flows that ended approved.
 */
import { Agent, request } from 'node:http'
import { summarize, type Summary } from '../stats'

/** Where a flow reads the code that was sent. */
export type CodeReader = (to: string) => Promise<string | undefined>

/** One target's figures. */
export interface ServerPhase {
  verificationsPerSecond: number
  flows: number
  failed: number
  firstFailure?: string
  create: Summary
  get: Summary
  verify: Summary
}

const agent = new Agent({ keepAlive: true, maxSockets: 256 })

/** One request over a keep-alive agent: status and body. */
function send(url: string, method: string, headers: Record<string, string>, body?: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method, headers, agent }, (res) => {
      let text = ''
      res.setEncoding('utf8')
      res.on('data', (c: string) => (text += c))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }))
    })
    req.on('error', reject)
    req.end(body)
  })
}

let sequence = Math.floor(Math.random() * 9_000_000)
const nextPhone = () => {
  sequence = (sequence + 7919) % 10_000_000
  return `+23324${String(sequence).padStart(7, '0')}`
}

/** Runs `work`, adding its duration to `samples` when given. */
async function timed(samples: number[] | undefined, work: () => Promise<{ status: number; body: string }>) {
  const started = performance.now()
  const result = await work()
  samples?.push(performance.now() - started)
  return result
}

/** Gets a token for the client. */
export async function getToken(baseUrl: string, clientId: string, clientSecret: string): Promise<string> {
  const { status, body } = await send(
    `${baseUrl}/oauth/client/accesstoken?grant_type=client_credentials`,
    'POST',
    { 'content-type': 'application/x-www-form-urlencoded' },
    new URLSearchParams({ client_id: clientId, client_secret: clientSecret }).toString(),
  )
  if (status !== 200) throw new Error(`token: ${status} ${body}`)
  return (JSON.parse(body) as { access_token: string }).access_token
}

/** Runs flows against `baseUrl` for `seconds` (after `warmupSeconds` unmeasured). */
export async function measureFlows(baseUrl: string, token: string, readCode: CodeReader, options: { concurrency: number; seconds: number; warmupSeconds: number }): Promise<ServerPhase> {
  const auth = { authorization: `Bearer ${token}` }
  const json = { ...auth, 'content-type': 'application/json' }
  const latency = { create: [] as number[], get: [] as number[], verify: [] as number[] }
  let flows = 0
  let failed = 0
  let firstFailure: string | undefined
  const path = `${baseUrl}/verify/v1/identity/verification`
  const flow = async (measure: boolean) => {
    const to = nextPhone()
    const created = await timed(measure ? latency.create : undefined, () => send(path, 'POST', json, JSON.stringify({ to })))
    if (created.status !== 201) throw new Error(`create ${created.status}: ${created.body.slice(0, 200)}`)
    const id = (JSON.parse(created.body) as { data: { verificationId: string } }).data.verificationId
    const code = await readCode(to)
    if (!code) throw new Error('no code was delivered')
    const got = await timed(measure ? latency.get : undefined, () => send(`${path}/${id}`, 'GET', auth))
    if (got.status !== 200) throw new Error(`get ${got.status}`)
    const checked = await timed(measure ? latency.verify : undefined, () => send(`${path}/${id}`, 'PATCH', json, JSON.stringify({ code })))
    if (!checked.body.includes('"approved"')) throw new Error(`verify ${checked.status}: ${checked.body.slice(0, 200)}`)
  }
  const run = async (seconds: number, measure: boolean) => {
    const until = performance.now() + seconds * 1000
    const worker = async () => {
      while (performance.now() < until) {
        try {
          await flow(measure)
          if (measure) flows += 1
        } catch (error) {
          if (measure) failed += 1
          firstFailure ??= error instanceof Error ? error.message : String(error)
        }
      }
    }
    const started = performance.now()
    await Promise.all(Array.from({ length: options.concurrency }, worker))
    return (performance.now() - started) / 1000
  }
  await run(options.warmupSeconds, false)
  const elapsed = await run(options.seconds, true)
  return {
    verificationsPerSecond: Math.round(flows / elapsed),
    flows,
    failed,
    ...(firstFailure === undefined ? {} : { firstFailure }),
    create: summarize(latency.create),
    get: summarize(latency.get),
    verify: summarize(latency.verify),
  }
}
