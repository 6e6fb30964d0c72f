/**
 * Test helper: hakiki-server instances as real processes (the CLI, from source) on one real
 * redis-server, behind a small round-robin balancer on loopback that skips an instance it cannot
 * connect to, as a load balancer with passive health checks does.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { writeFile, mkdtemp } from 'node:fs/promises'
import { createServer, request as httpRequest, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { ServerConfigInput } from '../src/index'
import { ENV } from './server-fixture'

const PACKAGE_DIR = fileURLToPath(new URL('..', import.meta.url))

/** One server process. */
export interface Instance {
  url: string
  child: ChildProcess
  /** Log lines it wrote (JSON). */
  logs: string[]
  /** Resolves with the exit code once the process ended. */
  exited: Promise<number | null>
}

/** Starts `hakiki-server --config <file> --port 0` (with `env` besides the test secrets) and resolves once it logged its URL. */
export async function startInstance(configFile: string, env: Record<string, string> = {}): Promise<Instance> {
  const child = spawn(process.execPath, ['--import', 'tsx', '--conditions=source', 'src/cli.ts', '--config', configFile, '--port', '0'], {
    cwd: PACKAGE_DIR,
    env: { ...process.env, ...ENV, ...env, HAKIKI_LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const logs: string[] = []
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  let stderr = ''
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
  const url = await new Promise<string>((resolve, reject) => {
    let buffer = ''
    child.stdout!.on('data', (chunk: Buffer) => {
      buffer += chunk.toString()
      let newline: number
      while ((newline = buffer.indexOf('\n')) >= 0) {
        const line = buffer.slice(0, newline)
        buffer = buffer.slice(newline + 1)
        logs.push(line)
        const parsed = JSON.parse(line) as { msg?: string; url?: string }
        if (parsed.msg === 'listening' && parsed.url) resolve(parsed.url)
      }
    })
    void exited.then((code) => reject(new Error(`hakiki-server exited with ${code}: ${stderr}`)))
  })
  return { url, child, logs, exited }
}

/** Writes a configuration file to a fresh temporary folder. */
export async function writeConfig(input: ServerConfigInput): Promise<string> {
  const file = join(await mkdtemp(join(tmpdir(), 'hakiki-server-')), 'hakiki-server.json')
  await writeFile(file, JSON.stringify(input))
  return file
}

/** A round-robin balancer. */
export interface Balancer {
  url: string
  /** Requests each upstream answered, by URL. */
  served: Map<string, number>
  close(): Promise<void>
}

/** Forwards each request to the next upstream; on a refused connection, to the one after. */
export async function startBalancer(upstreams: readonly string[]): Promise<Balancer> {
  let next = 0
  const served = new Map<string, number>()
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      const body = Buffer.concat(chunks)
      const attempt = (tries: number) => {
        const upstream = upstreams[next++ % upstreams.length]!
        const forward = httpRequest(`${upstream}${req.url}`, { method: req.method, headers: req.headers }, (answer) => {
          served.set(upstream, (served.get(upstream) ?? 0) + 1)
          res.writeHead(answer.statusCode ?? 502, answer.headers)
          answer.pipe(res)
        })
        forward.on('error', () => {
          if (tries + 1 < upstreams.length) attempt(tries + 1)
          else res.writeHead(502).end()
        })
        forward.end(body)
      }
      attempt(0)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    served,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }
}

/** Runs `hakiki-server revoke-token --config <file>` with `token` on stdin. */
export function revokeWithCli(configFile: string, token: string): Promise<{ code: number | null; out: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', '--conditions=source', 'src/cli.ts', 'revoke-token', '--config', configFile], {
    cwd: PACKAGE_DIR,
    env: { ...process.env, ...ENV },
    stdio: ['pipe', 'pipe', 'inherit'],
  })
  let out = ''
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()))
  child.stdin.end(token)
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, out })))
}
