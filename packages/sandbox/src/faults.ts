/**
 * Injected faults: the next calls of an operation fail with one of the spec's error statuses or are
 * slowed down. This is how the rest of the kit proves it handles every error the spec defines.
 */

/** Operations a fault can target. */
export type FaultOperation = 'token' | 'create' | 'get' | 'verify' | 'rates'

/** A fault to inject. */
export interface SandboxFault {
  /** Which operation fails. */
  operation: FaultOperation
  /** Answer with this status and the spec's body for it; omit to only delay. */
  status?: 401 | 404 | 407 | 500
  /** Wait this long (real milliseconds, 0..60000) before answering. */
  delayMs?: number
  /** How many calls the fault applies to; default 1. */
  times?: number
}

/** Faults, part of the public `Sandbox`. */
export interface SandboxFaults {
  /** Queues a fault; throws a `RangeError` when it is malformed. */
  add(fault: SandboxFault): void
  /** Removes every queued fault. */
  clear(): void
  /** Queued faults in order, with their remaining `times`. */
  list(): SandboxFault[]
}

/** The faults as the sandbox uses them. */
export interface FaultStore extends SandboxFaults {
  /** Consumes one use of the first fault queued for `operation`, if any. */
  take(operation: FaultOperation): Pick<SandboxFault, 'status' | 'delayMs'> | undefined
}

/** Every operation a fault can target. */
export const FAULT_OPERATIONS: readonly FaultOperation[] = ['token', 'create', 'get', 'verify', 'rates']
const STATUSES = [401, 404, 407, 500]
/** Longest accepted delay. */
export const MAX_FAULT_DELAY_MS = 60_000
const MAX_TIMES = 1000
const MAX_QUEUED = 100

const isInt = (v: unknown, min: number, max: number): v is number =>
  typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max

/**
 * Checks an untrusted fault (e.g. a JSON body) and returns it normalized.
 * @throws RangeError naming the field that is wrong.
 */
export function parseFault(input: unknown): Required<Pick<SandboxFault, 'operation' | 'times'>> & SandboxFault {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) throw new RangeError('a fault must be an object')
  const f = input as Record<string, unknown>
  if (!FAULT_OPERATIONS.includes(f.operation as FaultOperation)) {
    throw new RangeError(`'operation' must be one of ${FAULT_OPERATIONS.join(', ')}`)
  }
  if (f.status !== undefined && !STATUSES.includes(f.status as number)) throw new RangeError(`'status' must be one of ${STATUSES.join(', ')}`)
  if (f.delayMs !== undefined && !isInt(f.delayMs, 0, MAX_FAULT_DELAY_MS)) throw new RangeError(`'delayMs' must be an integer from 0 to ${MAX_FAULT_DELAY_MS}`)
  if (f.times !== undefined && !isInt(f.times, 1, MAX_TIMES)) throw new RangeError(`'times' must be an integer from 1 to ${MAX_TIMES}`)
  if (f.status === undefined && f.delayMs === undefined) throw new RangeError("a fault needs 'status', 'delayMs' or both")
  const fault: Required<Pick<SandboxFault, 'operation' | 'times'>> & SandboxFault = {
    operation: f.operation as FaultOperation,
    times: (f.times as number | undefined) ?? 1,
  }
  if (f.status !== undefined) fault.status = f.status as SandboxFault['status']
  if (f.delayMs !== undefined) fault.delayMs = f.delayMs as number
  return fault
}

/** Creates an empty fault queue. */
export function createFaults(): FaultStore {
  let queue: Array<ReturnType<typeof parseFault>> = []
  return {
    add(fault) {
      if (queue.length >= MAX_QUEUED) throw new RangeError(`at most ${MAX_QUEUED} faults can be queued`)
      queue.push(parseFault(fault))
    },
    clear() {
      queue = []
    },
    list: () => queue.map((f) => ({ ...f })),
    take(operation) {
      const index = queue.findIndex((f) => f.operation === operation)
      if (index < 0) return undefined
      const fault = queue[index]!
      fault.times -= 1
      if (fault.times <= 0) queue.splice(index, 1)
      return { status: fault.status, delayMs: fault.delayMs }
    },
  }
}
