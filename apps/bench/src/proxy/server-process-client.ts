import { fork, type ChildProcess } from 'node:child_process'
import { createRequire } from 'node:module'
import { fileURLToPath, pathToFileURL } from 'node:url'
import type { ServerCall, ServerMethod, ServerReply } from './server-process'

/** A server of the bench running in a process of its own (`server-process.ts`). */
export interface ServerProcess {
  /** Where it listens, on 127.0.0.1. */
  url: string
  /** Asks it something over IPC (see `ServerMethod`). */
  call<T>(method: ServerMethod, ...args: unknown[]): Promise<T>
  /** Ends the process. */
  close(): Promise<void>
}

/**
 * Starts a `sandbox`, a `proxy` or a `forwarder` (the last two in front of `upstream`) in a new
 * process. `root`: another checkout of the workspace (an earlier commit, its dependencies
 * installed) whose own bench server and sources run instead of this one's: a "before" in the same
 * run as the "after".
 */
export async function startServerProcess(role: 'sandbox' | 'proxy' | 'forwarder', upstream?: string, root?: string): Promise<ServerProcess> {
  const bench = root === undefined ? new URL('../../', import.meta.url) : pathToFileURL(`${root.replace(/\/+$/, '')}/apps/bench/`)
  const tsx = pathToFileURL(createRequire(new URL('package.json', bench)).resolve('tsx')).href
  const child: ChildProcess = fork(fileURLToPath(new URL('src/proxy/server-process.ts', bench)), upstream ? [role, upstream] : [role], {
    // The packages' published builds (dist/), as npm users run them: not the sources through tsx,
    // whose keepNames wrappers alone were ~2 % of the proxy's profile. `buildProxy` builds them.
    execArgv: ['--import', tsx],
    cwd: fileURLToPath(bench),
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  })
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>()
  let nextId = 0
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the ${role} process did not start within 60 s`)), 60_000)
    child.once('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`the ${role} process exited (${code})`))
    })
    child.on('message', (message: ServerReply | { ready: string }) => {
      if ('ready' in message) {
        clearTimeout(timer)
        resolve(message.ready)
        return
      }
      const waiting = pending.get(message.id)
      pending.delete(message.id)
      if ('error' in message) waiting?.reject(new Error(`${role}: ${message.error}`))
      else waiting?.resolve(message.value)
    })
  })
  child.once('exit', (code) => {
    for (const waiting of pending.values()) waiting.reject(new Error(`the ${role} process exited (${code})`))
    pending.clear()
  })
  return {
    url,
    call<T>(method: ServerMethod, ...args: unknown[]): Promise<T> {
      const id = nextId++
      return new Promise<T>((resolve, reject) => {
        pending.set(id, { resolve: resolve as (value: unknown) => void, reject })
        child.send({ id, method, args } satisfies ServerCall)
      })
    },
    async close() {
      if (child.exitCode === null && child.signalCode === null) child.kill()
      await exited
    },
  }
}
