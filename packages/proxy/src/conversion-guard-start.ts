/**
 * The conversion guard (`conversion-guard.ts`) in the proxy's routes, within their round-trip
 * budget: its keys join the start's one `get`, a send's tallies the start's one `take` (given back
 * with its caps when the send does not go out), a verification's tallies the check's one `add`.
 * Only a block that starts or ends costs a write of its own.
 */
import type { Tally, VerifyStore } from '@hakiki/store'
import { commitConversionChanges } from './conversion-guard'
import type { ConversionBlock, ConversionDestination, ConversionGuard } from './conversion-guard'
import type { HandlerContext } from './handler-context'
import type { ReadBatch } from './store-batch'
import type { VerificationRecord } from './verification-record'

/** A start's share of the guard, once its keys are in the start's read batch. */
export interface StartConversion {
  /** This send's tallies, to count in the start's take. */
  tallies: Tally[]
  /**
   * The guard's verdict once the batch was fetched: the block in force for the destination, and
   * whether it is surging (`ConversionDecision.surging`). A block that starts or ends is written
   * first (one compare-and-set), and its event emitted by the instance that won.
   */
  decide(store: VerifyStore): Promise<StartConversionVerdict>
}

/** What {@link StartConversion.decide} found. */
export interface StartConversionVerdict {
  /** The block in force, if any. */
  blocked: ConversionBlock | undefined
  /** The destination is far above its usual volume, whatever it converts. */
  surging: boolean
}

/**
 * The values of closed day buckets (`ConversionGuard.isClosed`) a guard has read, by key: they can
 * no longer change, so each is read from the store once per process, not on every start (24 of a
 * start's 52 guard keys). Bounded: many destinations only empty it. What a start learns from it
 * is at most that this process read the same prefix's or country's history before.
 */
const closedDays = new WeakMap<ConversionGuard, Map<string, string | undefined>>()
const MAX_CLOSED_DAYS = 24 * 1024

/** Adds the guard's keys for a phone start to `reads`; `undefined` where the guard is off. */
export function readConversion(ctx: HandlerContext, destination: ConversionDestination, reads: ReadBatch): StartConversion | undefined {
  const conversion = ctx.conversion
  if (conversion === undefined) return undefined
  const { guard } = conversion
  const now = ctx.now()
  let closed = closedDays.get(guard)
  if (closed === undefined) {
    closed = new Map()
    closedDays.set(guard, closed)
  }
  const remembered = closed
  // Closed days this start reads from the store, remembered once the batch is fetched.
  const learned: [string, () => string | undefined][] = []
  const values = guard.keysToRead(destination, now).map((key, index): (() => string | undefined) => {
    if (!guard.isClosed(index)) return reads.key(key)
    if (remembered.has(key)) {
      const value = remembered.get(key)
      return () => value
    }
    const read = reads.key(key)
    learned.push([key, read])
    return read
  })
  return {
    tallies: guard.talliesOnSend(destination, now),
    async decide(store) {
      if (learned.length > 0) {
        if (remembered.size + learned.length > MAX_CLOSED_DAYS) remembered.clear()
        for (const [key, read] of learned) remembered.set(key, read())
      }
      const decision = guard.decide(destination, values.map((read) => read()), now)
      const verdict = { blocked: decision.blocked, surging: decision.surging }
      if (decision.changes.length === 0) return verdict
      for (const event of await commitConversionChanges(store, decision.changes)) {
        ctx.emit(event)
        conversion.metrics.record(event)
        if (event.type === 'conversion.blocked') {
          // Once per block (the instance that wrote it): a rare, actionable line.
          ctx.log.warn('conversion guard: a destination converts badly above its usual volume; starts to it need authorize (elevated) or a clean client until the block ends (conversionGuard.safe exempts numbers you know)', {
            scope: event.scope,
            country: event.country,
            prefix: event.prefix,
            until: new Date(event.until).toISOString(),
          })
        }
      }
      return verdict
    },
  }
}

/** The tallies a verification adds: every send it took counts as verified. */
export function conversionOnVerified(ctx: HandlerContext, record: VerificationRecord, now: number): Tally[] {
  const country = record.charges?.country
  if (ctx.conversion === undefined || country === undefined || record.channel === 'email') return []
  return ctx.conversion.guard.talliesOnVerified({ to: record.to, country }, now, Math.max(1, record.sends))
}
