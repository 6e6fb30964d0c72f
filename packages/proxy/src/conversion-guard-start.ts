/**
 * The conversion guard (`conversion-guard.ts`) in the proxy's routes, within their round-trip
 * budget: its keys join the start's one `get`, a send's tallies the start's one `take` (given back
 * with its caps when the send does not go out), a verification's tallies the check's one `add`.
 * Only a block that starts or ends costs a write of its own.
 */
import type { Tally, VerifyStore } from '@hakiki/store'
import { commitConversionChanges } from './conversion-guard'
import type { ConversionBlock, ConversionDestination } from './conversion-guard'
import type { HandlerContext } from './handler-context'
import type { ReadBatch } from './store-batch'
import type { VerificationRecord } from './verification-record'

/** A start's share of the guard, once its keys are in the start's read batch. */
export interface StartConversion {
  /** This send's tallies, to count in the start's take. */
  tallies: Tally[]
  /**
   * The block in force for the destination, once the batch was fetched. A block that starts or
   * ends is written first (one compare-and-set), and its event emitted by the instance that won.
   */
  blocked(store: VerifyStore): Promise<ConversionBlock | undefined>
}

/** Adds the guard's keys for a phone start to `reads`; `undefined` where the guard is off. */
export function readConversion(ctx: HandlerContext, destination: ConversionDestination, reads: ReadBatch): StartConversion | undefined {
  const conversion = ctx.conversion
  if (conversion === undefined) return undefined
  const now = ctx.now()
  const values = conversion.guard.keysToRead(destination, now).map((key) => reads.key(key))
  return {
    tallies: conversion.guard.talliesOnSend(destination, now),
    async blocked(store) {
      const decision = conversion.guard.decide(destination, values.map((read) => read()), now)
      if (decision.changes.length === 0) return decision.blocked
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
      return decision.blocked
    },
  }
}

/** The tallies a verification adds: every send it took counts as verified. */
export function conversionOnVerified(ctx: HandlerContext, record: VerificationRecord, now: number): Tally[] {
  const country = record.charges?.country
  if (ctx.conversion === undefined || country === undefined || record.channel === 'email') return []
  return ctx.conversion.guard.talliesOnVerified({ to: record.to, country }, now, Math.max(1, record.sends))
}
