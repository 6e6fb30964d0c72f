/** Test helper: a throw-away redis-server (Debian's) on a free loopback port; skipped with a warning when absent. */
import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { freePort } from './free-port'

const REDIS_SERVER = '/usr/bin/redis-server'
export const redisAvailable = existsSync(REDIS_SERVER)
if (!redisAvailable) console.warn(`redis-server not found at ${REDIS_SERVER}: the engine-on-Redis tests are skipped (apt-get install redis-server)`)

export async function startRedis(): Promise<{ url: string; stop: () => Promise<void> }> {
  const port = await freePort()
  const child = spawn(REDIS_SERVER, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: ['ignore', 'pipe', 'ignore'] })
  await new Promise<void>((resolve, reject) => {
    let output = ''
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString()
      if (output.includes('Ready to accept connections')) resolve()
    })
    child.once('exit', (code) => reject(new Error(`redis-server exited with ${code}`)))
  })
  return {
    url: `redis://127.0.0.1:${port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve()
        child.once('exit', () => resolve())
        child.kill('SIGTERM')
      }),
  }
}
