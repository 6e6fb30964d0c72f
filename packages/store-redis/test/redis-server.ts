/** Test helper: a real, throw-away redis-server on a free loopback port, which can be stopped, restarted on the same port, and paused. */
import { spawn } from 'node:child_process'
import type { ChildProcess } from 'node:child_process'
import { existsSync } from 'node:fs'
import { createServer } from 'node:net'

const REDIS_SERVER = '/usr/bin/redis-server'
/** True when the Debian redis-server binary is installed (`.ci/setup` installs it). */
export const redisAvailable = existsSync(REDIS_SERVER)

/** A free loopback port: bind port 0, read it, release it. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))))
    })
  })
}

/** A running redis-server. */
export interface RedisProcess {
  url: string
  port: number
  /** SIGSTOP: the socket stays open and accepts connections but nothing is answered (a hung Redis). */
  pause: () => void
  /** SIGCONT after {@link RedisProcess.pause}. */
  resume: () => void
  /** Stops the server (its data is lost: no persistence). */
  stop: () => Promise<void>
  /** Starts a new, empty server on the same port after {@link RedisProcess.stop}. */
  restart: () => Promise<void>
}

async function spawnRedis(port: number): Promise<ChildProcess> {
  const child = spawn(REDIS_SERVER, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: ['ignore', 'pipe', 'pipe'] })
  await new Promise<void>((resolve, reject) => {
    let output = ''
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString()
      if (output.includes('Ready to accept connections')) resolve()
    })
    child.once('exit', (code) => reject(new Error(`redis-server exited with ${code}: ${output}`)))
  })
  return child
}

/** Starts a redis-server and resolves once it accepts connections. */
export async function startRedis(): Promise<RedisProcess> {
  const port = await freePort()
  let child = await spawnRedis(port)
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve()
      child.once('exit', () => resolve())
      // A paused server must be continued to act on SIGTERM.
      child.kill('SIGCONT')
      child.kill('SIGTERM')
    })
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    pause: () => void child.kill('SIGSTOP'),
    resume: () => void child.kill('SIGCONT'),
    stop,
    restart: async () => {
      child = await spawnRedis(port)
    },
  }
}
