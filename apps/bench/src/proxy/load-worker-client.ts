import { fork, type ChildProcess } from 'node:child_process'
import { createRequire } from 'node:module'
import { fileURLToPath, pathToFileURL } from 'node:url'
import type { BurstJob, BurstResult, FlowsJob, FlowsResult, ParentMessage, WorkerMessage } from './load-protocol'

/** The load process, seen from the bench process. */
export interface LoadWorker {
  /** Runs one job in the load process; rejects if it fails or overruns its time bound by 30 s. */
  run(job: FlowsJob): Promise<FlowsResult>
  run(job: BurstJob): Promise<BurstResult>
  /** Ends the load process. */
  close(): Promise<void>
}

/**
 * Forks `load-worker.ts` as a separate Node process (TypeScript through tsx's loader, workspace
 * packages from source) and answers its code requests with `codeFor`.
 */
export function spawnLoadWorker(codeFor: (to: string) => string | undefined | Promise<string | undefined>): LoadWorker {
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href
  const child: ChildProcess = fork(fileURLToPath(new URL('./load-worker.ts', import.meta.url)), [], {
    execArgv: ['--import', tsx, '--conditions=source'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  })
  let current: { resolve: (result: FlowsResult | BurstResult) => void; reject: (error: Error) => void } | undefined
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  child.once('exit', (code) => current?.reject(new Error(`the load process exited (${code})`)))
  child.on('message', (message: WorkerMessage) => {
    if (message.type === 'code') {
      const { requestId, to } = message
      void Promise.resolve(codeFor(to)).then(
        (code) => child.send({ type: 'code', requestId, code } satisfies ParentMessage),
        () => child.send({ type: 'code', requestId, code: undefined } satisfies ParentMessage),
      )
    } else if (message.type === 'result') {
      current?.resolve(message.result)
    } else {
      current?.reject(new Error(`load process: ${message.message}`))
    }
  })

  function run(job: FlowsJob | BurstJob): Promise<FlowsResult | BurstResult> {
    if (current) return Promise.reject(new Error('one job at a time'))
    return new Promise<FlowsResult | BurstResult>((resolve, reject) => {
      const timer = setTimeout(() => finish(() => reject(new Error(`the ${job.kind} job overran its time bound`))), (job.maxSeconds + 30) * 1000)
      const finish = (settle: () => void) => {
        clearTimeout(timer)
        current = undefined
        settle()
      }
      current = { resolve: (result) => finish(() => resolve(result)), reject: (error) => finish(() => reject(error)) }
      const message: ParentMessage = { type: 'job', job }
      child.send(message)
    })
  }

  return {
    run: run as LoadWorker['run'],
    async close() {
      if (child.exitCode === null && child.signalCode === null) child.kill()
      await exited
    },
  }
}
