/**
 * The one redis-server launcher of the workspace's tests and benches: Debian's binary (installed
 * by `.ci/setup`), on a free loopback port, without persistence, one throw-away server per call.
 * Tests that need it skip when it is absent (`redisAvailable`), with one warning saying what to
 * install.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync } from 'node:fs'
import { freePort } from './free-port'

/** Where Debian's `redis-server` package puts the binary. */
export const REDIS_SERVER_PATH = '/usr/bin/redis-server'

/** True when redis-server is installed; when it is not, a warning says so once. */
export const redisAvailable = existsSync(REDIS_SERVER_PATH)
if (!redisAvailable) console.warn(`redis-server not found at ${REDIS_SERVER_PATH}: the tests that need it are skipped (apt-get install redis-server)`)

/** A running redis-server. */
export interface RedisProcess {
  /** `redis://127.0.0.1:<port>`. */
  url: string
  port: number
  /** SIGSTOP: the socket stays open and accepts connections but nothing is answered (a hung Redis). */
  pause(): void
  /** SIGCONT after {@link RedisProcess.pause}. */
  resume(): void
  /** Stops the server (its data is lost: no persistence); a paused one too. */
  stop(): Promise<void>
  /** Starts a new, empty server on the same port after {@link RedisProcess.stop}. */
  restart(): Promise<void>
}

async function spawnRedis(port: number): Promise<ChildProcess> {
  const child = spawn(REDIS_SERVER_PATH, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: ['ignore', 'pipe', 'pipe'] })
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

/** Starts a redis-server on a free loopback port and resolves once it accepts connections. */
export async function startRedis(): Promise<RedisProcess> {
  const port = await freePort()
  let child = await spawnRedis(port)
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
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
    restart: async () => {
      child = await spawnRedis(port)
    },
  }
}
