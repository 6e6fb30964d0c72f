/**
 * The processes `pnpm bench:server` measures, each its own Node process as in production: the
 * sandbox (its CLI), hakiki-server instances (their CLI) on one redis-server, a round-robin
 * balancer in front of several instances, and the message sink the servers deliver to (in the
 * bench process, which reads the codes from it).
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtemp, writeFile } from 'node:fs/promises'
import { createServer, request as httpRequest, Agent, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { hashClientSecret, MIN_PBKDF2_ITERATIONS, type ServerConfigInput } from '@hakiki/server'

const PACKAGES = fileURLToPath(new URL('../../../../packages/', import.meta.url))

/** The bench's client. */
export const BENCH_CLIENT = { id: 'bench', secret: 'bench-secret-0123456789' }
const ENGINE_SECRET = 'bench-engine-secret-0123456789-abcdefghijklmnop'

/** A child process that logs a line naming its URL. */
export interface BenchProcess {
  url: string
  stop(): Promise<void>
}

function startProcess(cwd: string, args: string[], env: Record<string, string>, urlOf: (line: string) => string | undefined): Promise<BenchProcess> {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', '--conditions=source', ...args], { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] })
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  return new Promise((resolve, reject) => {
    let buffer = ''
    let found = false
    child.stdout!.on('data', (chunk: Buffer) => {
      if (found) return
      buffer += chunk.toString()
      for (const line of buffer.split('\n')) {
        const url = urlOf(line)
        if (url) {
          found = true
          resolve({
            url,
            stop: async () => {
              child.kill('SIGTERM')
              await exited
            },
          })
        }
      }
    })
    void exited.then(() => {
      if (!found) reject(new Error(`${args.join(' ')} exited before listening`))
    })
  })
}

/** The sandbox CLI on a free port; codes from its `/sandbox/messages`. */
export function startSandboxProcess(): Promise<BenchProcess> {
  return startProcess(join(PACKAGES, 'sandbox'), ['src/cli.ts', '--port', '0', '--client-id', BENCH_CLIENT.id, '--client-secret', BENCH_CLIENT.secret], {}, (line) => /listening on (http:\/\/\S+)/.exec(line)?.[1])
}

/** Writes a hakiki-server configuration for the bench (limits out of the way) and returns its path. */
export async function writeServerConfig(sinkUrl: string, store: ServerConfigInput['store']): Promise<string> {
  const input: ServerConfigInput = {
    engine: { secret: ENGINE_SECRET, appName: 'Bench', webOtpHost: 'bench.example.com' },
    store,
    clients: [{ id: BENCH_CLIENT.id, secretHash: await hashClientSecret(BENCH_CLIENT.secret, MIN_PBKDF2_ITERATIONS), limits: { createsPerMinute: 1_000_000, monthlyQuota: 1_000_000_000, createsPerAddressPerHour: 1000 } }],
    routes: [{ transport: { type: 'webhook', name: 'sink', url: sinkUrl } }],
  }
  const file = join(await mkdtemp(join(tmpdir(), 'hakiki-bench-')), 'hakiki-server.json')
  await writeFile(file, JSON.stringify(input))
  return file
}

/** hakiki-server (its CLI) with `configFile`, on a free port. */
export function startServerProcess(configFile: string): Promise<BenchProcess> {
  return startProcess(join(PACKAGES, 'server'), ['src/cli.ts', '--config', configFile, '--port', '0'], { HAKIKI_LOG_LEVEL: 'info' }, (line) => {
    if (!line.startsWith('{')) return undefined
    const parsed = JSON.parse(line) as { msg?: string; url?: string }
    return parsed.msg === 'listening' ? parsed.url : undefined
  })
}

/** A round-robin balancer over `upstreams`, with keep-alive connections to them. */
export async function startBalancer(upstreams: readonly string[]): Promise<BenchProcess> {
  const agent = new Agent({ keepAlive: true, maxSockets: 64 })
  let next = 0
  const server: Server = createServer((req, res) => {
    const upstream = upstreams[next++ % upstreams.length]!
    const forward = httpRequest(`${upstream}${req.url}`, { method: req.method, headers: req.headers, agent }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers)
      answer.pipe(res)
    })
    forward.on('error', () => res.writeHead(502).end())
    req.pipe(forward)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        agent.destroy()
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }
}

/** The message sink: keeps the newest code per address. */
export interface CodeSink {
  url: string
  code(to: string): string | undefined
  stop(): Promise<void>
}

/** Receives hakiki-server's webhook posts and reads the SMS code (`#123456`) out of each. */
export async function startCodeSink(): Promise<CodeSink> {
  const codes = new Map<string, string>()
  const server = createServer((req, res) => {
    let body = ''
    req.setEncoding('utf8')
    req.on('data', (c: string) => (body += c))
    req.on('end', () => {
      const message = JSON.parse(body) as { to: string; text: string }
      const code = /#(\d{4,10})\s*$/.exec(message.text)?.[1]
      if (code) codes.set(message.to, code)
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}')
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/messages`,
    code: (to) => codes.get(to),
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }
}
