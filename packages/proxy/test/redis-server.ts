/** Test helper: a real, throw-away redis-server on a free loopback port. */
import { spawn } from 'node:child_process'
import type { ChildProcess } from 'node:child_process'
import { existsSync } from 'node:fs'
import { createServer } from 'node:net'

const REDIS_SERVER = '/usr/bin/redis-server'
/** True when the Debian redis-server binary is installed. */
export const redisAvailable = existsSync(REDIS_SERVER)
if (!redisAvailable) console.warn(`redis-server not found at ${REDIS_SERVER}: the Redis store tests are skipped (apt-get install redis-server)`)

/** A free loopback port: bind port 0, read it, release it. */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))))
    })
  })
}

/** Starts a throw-away redis-server and resolves once it accepts connections. */
export interface RedisProcess {
  url: string
  /** SIGSTOP: the server keeps its socket open and accepts connections but answers nothing (a hung Redis). */
  pause: () => void
  /** SIGCONT after {@link RedisProcess.pause}. */
  resume: () => void
  stop: () => Promise<void>
}

export async function startRedis(): Promise<RedisProcess> {
  const port = await freePort()
  const child: ChildProcess = spawn(REDIS_SERVER, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  await new Promise<void>((resolve, reject) => {
    let output = ''
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString()
      if (output.includes('Ready to accept connections')) resolve()
    })
    child.once('exit', (code) => reject(new Error(`redis-server exited with ${code}: ${output}`)))
  })
  return {
    url: `redis://127.0.0.1:${port}`,
    pause: () => void child.kill('SIGSTOP'),
    resume: () => void child.kill('SIGCONT'),
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve()
        child.once('exit', () => resolve())
        // A paused server must be continued to act on SIGTERM.
        child.kill('SIGCONT')
        child.kill('SIGTERM')
      }),
  }
}

