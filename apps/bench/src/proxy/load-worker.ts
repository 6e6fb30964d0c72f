/**
 * The load process (`child_process.fork` of this file): runs one job at a time for the bench
 * process and reports raw timings. Codes are asked from the bench process, which holds the
 * sandbox's inbox, over IPC, as a user would read them off their phone.
 */
import autocannon from 'autocannon'
import { createVerifyClient, nodeFetch } from '@hakiki/verify-client/node'
import type { CheckCodeResponse, StartVerificationResponse } from '@hakiki/core'
import { BENCH_BASE_PATH, BENCH_CLIENT } from './bench-credentials'
import {
  benchPhoneNumber,
  type BurstJob,
  type BurstResult,
  type FlowsJob,
  type FlowsResult,
  type ParentMessage,
  type WorkerMessage,
} from './load-protocol'
import { runFlows, type FlowTiming } from './run-flows'

const pendingCodes = new Map<number, (code: string | undefined) => void>()
let nextRequestId = 0

function send(message: WorkerMessage): void {
  process.send?.(message)
}

function askCode(to: string): Promise<string> {
  const requestId = nextRequestId++
  return new Promise((resolve, reject) => {
    pendingCodes.set(requestId, (code) => (code === undefined ? reject(new Error('no message in the inbox')) : resolve(code)))
    send({ type: 'code', requestId, to })
  })
}

/** A problem's stable `code` (a fixed string), never its text. */
async function problemCode(response: Response): Promise<string> {
  try {
    const body = (await response.json()) as { code?: unknown }
    return typeof body.code === 'string' ? body.code : 'no code'
  } catch {
    return 'no JSON'
  }
}

function proxyFlow(job: FlowsJob): (index: number) => Promise<FlowTiming> {
  const base = `${job.url}${BENCH_BASE_PATH}`
  const headers = { origin: job.url, 'content-type': 'application/json' }
  return async (index) => {
    const to = benchPhoneNumber(job.firstNumber + index)
    const t0 = performance.now()
    const started = await nodeFetch(`${base}/verifications`, { method: 'POST', headers, body: JSON.stringify({ to }) })
    if (started.status !== 201) throw new Error(`start answered ${started.status} ${await problemCode(started)}`)
    const { id } = (await started.json()) as StartVerificationResponse
    const start = performance.now() - t0
    // A new browser session per flow, as each flow is another user.
    const cookie = started.headers
      .getSetCookie()
      .map((line) => line.split(';')[0])
      .join('; ')
    const code = await askCode(to)
    const t1 = performance.now()
    const checked = await nodeFetch(`${base}/verifications/${encodeURIComponent(id)}/check`, {
      method: 'POST',
      headers: { ...headers, cookie },
      body: JSON.stringify({ code }),
    })
    if (checked.status !== 200) throw new Error(`check answered ${checked.status} ${await problemCode(checked)}`)
    const body = (await checked.json()) as CheckCodeResponse
    const check = performance.now() - t1
    if (body.status !== 'approved' || typeof body.receipt !== 'string') throw new Error(`check answered status ${body.status}`)
    return { start, check }
  }
}

// One client per sandbox for the life of the process, as a server keeps one: its token is fetched
// once (in the warm-up), not once per phase inside the measured latencies.
const directClients = new Map<string, ReturnType<typeof createVerifyClient>>()

function directFlow(job: FlowsJob): (index: number) => Promise<FlowTiming> {
  let client = directClients.get(job.url)
  if (!client) {
    client = createVerifyClient({ baseUrl: job.url, ...BENCH_CLIENT })
    directClients.set(job.url, client)
  }
  const api = client
  return async (index) => {
    const to = benchPhoneNumber(job.firstNumber + index)
    const t0 = performance.now()
    const { verification } = await api.createVerification({ to })
    const start = performance.now() - t0
    const code = await askCode(to)
    const t1 = performance.now()
    const { verification: checked } = await api.checkVerification(verification.verificationId, code)
    const check = performance.now() - t1
    if (checked.status !== 'approved') throw new Error(`check answered status ${checked.status}`)
    return { start, check }
  }
}

async function runFlowsJob(job: FlowsJob): Promise<FlowsResult> {
  // The forwarder speaks the proxy's browser contract.
  const flow = job.target === 'direct' ? directFlow(job) : proxyFlow(job)
  const result = await runFlows({ concurrency: job.concurrency, maxFlows: job.maxFlows, maxSeconds: job.maxSeconds, flow })
  return { kind: 'flows', ...result }
}

/**
 * autocannon opens `connections` sockets and sends one start on each at once: the same moment a
 * cold token cache meets a crowd. `setupRequest` gives each start its own number.
 */
async function runBurstJob(job: BurstJob): Promise<BurstResult> {
  let next = 0
  const result = await autocannon({
    url: `${job.url}${BENCH_BASE_PATH}/verifications`,
    connections: job.connections,
    amount: job.connections,
    timeout: job.maxSeconds,
    method: 'POST',
    headers: { origin: job.url, 'content-type': 'application/json' },
    requests: [
      {
        method: 'POST',
        setupRequest: (request) => ({ ...request, body: JSON.stringify({ to: benchPhoneNumber(job.firstNumber + next++) }) }),
      },
    ],
  })
  const otherStatuses: Record<string, number> = {}
  for (const [status, stats] of Object.entries(result.statusCodeStats ?? {})) {
    if (status !== '201') otherStatuses[status] = stats.count ?? 0
  }
  return {
    kind: 'burst',
    sent: result.requests.sent,
    created: result.statusCodeStats?.['201']?.count ?? 0,
    otherStatuses,
    errors: result.errors,
    seconds: result.duration,
    latency: { p50: result.latency.p50, p99: result.latency.p99, max: result.latency.max },
  }
}

process.on('message', (message: ParentMessage) => {
  if (message.type === 'code') {
    pendingCodes.get(message.requestId)?.(message.code)
    pendingCodes.delete(message.requestId)
    return
  }
  const job = message.job
  const run = job.kind === 'flows' ? runFlowsJob(job) : runBurstJob(job)
  run.then(
    (result) => send({ type: 'result', result }),
    (error: unknown) => send({ type: 'error', message: error instanceof Error ? error.message : String(error) }),
  )
})

// The bench process went away (ended or crashed): nothing is left to report to.
process.on('disconnect', () => process.exit(0))
