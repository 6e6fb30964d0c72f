import { spawn } from 'node:child_process'
import { once } from 'node:events'

/** A runtime serving the app on a loopback port. */
export interface RuntimeServer {
  /** `http://127.0.0.1:<port>`. */
  readonly origin: string
  /** The JSON line the runtime printed once listening (`port`, and whatever else it reports). */
  readonly ready: Readonly<Record<string, unknown>>
  /** Everything the runtime printed so far (for failure messages). */
  output(): string
  stop(): Promise<void>
}

/**
 * Starts `command` and waits for the JSON line `{"port":…}` (more fields may follow) it prints once listening (port 0, so
 * the port is whatever was free). Rejects with the runtime's output if it exits first.
 */
export async function spawnServer(command: string, args: readonly string[], options: { cwd: string; env: Record<string, string> }): Promise<RuntimeServer> {
  const child = spawn(command, args, { cwd: options.cwd, env: { ...process.env, ...options.env }, stdio: ['ignore', 'pipe', 'pipe'] })
  let output = ''
  // Both streams are read to the end, so a chatty runtime never blocks on a full pipe.
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (output += chunk))
  const listening = new Promise<Record<string, unknown>>((resolve, reject) => {
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      output += chunk
      const line = /^\{"port":\d+.*\}$/m.exec(output)?.[0]
      if (line !== undefined) resolve(JSON.parse(line) as Record<string, unknown>)
    })
    child.once('error', reject)
    child.once('exit', (code) => reject(new Error(`${command} exited with ${String(code)} before listening:\n${output}`)))
  })
  const ready = await listening
  return {
    origin: `http://127.0.0.1:${String(ready.port)}`,
    ready,
    output: () => output,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return
      const gone = once(child, 'exit')
      child.kill('SIGTERM')
      await gone
    },
  }
}
