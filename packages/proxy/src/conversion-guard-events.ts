/**
 * The events of the conversion guard (`conversion-guard.ts`), for `onEvent`. They name a number
 * prefix (`+233241`, a block of a million numbers) or a country, never an address: a prefix that
 * wide identifies no one, and the operator needs it to judge the block (and to put it on the safe
 * list if it was wrong).
 */

/** What a block covers: a number prefix or a whole country. */
export type ConversionScope = 'prefix' | 'country'

/** What a window showed when a block started. */
export interface ConversionWindowFigures {
  /** Length of the sliding window, seconds. */
  seconds: number
  /** Sends to the scope in the window. */
  sends: number
  /** Verifications of sends to the scope in the window. */
  verified: number
  /** Sends the baseline expects in a window this long (what conversion explained over the trailing days). */
  expected: number
}

/**
 * A destination's volume rose above its baseline while its verification rate fell below the
 * threshold: starts to it need more trust (`authorize` with `elevated`, or a client with nothing
 * unverified today) until `until`. Emitted once per block, by the instance whose write of the block
 * won; the metric `hakiki.proxy.conversion.blocks` counts the same.
 */
export interface ConversionBlockedEvent {
  type: 'conversion.blocked'
  /** Epoch milliseconds. */
  at: number
  scope: ConversionScope
  /** ISO country of the destination. */
  country: string
  /** The number prefix (E.164, without the last digits), when `scope` is `prefix`. */
  prefix?: string
  /** When the block ends, epoch milliseconds. */
  until: number
  /** The window that tripped it. */
  window: ConversionWindowFigures
}

/**
 * A block ended and the destination no longer looks attacked. Emitted by the first start to the
 * destination after the block's end (a block nobody sends to after its end ends silently, within a
 * day).
 */
export interface ConversionUnblockedEvent {
  type: 'conversion.unblocked'
  at: number
  scope: ConversionScope
  country: string
  prefix?: string
  /** When the block started, epoch milliseconds. */
  since: number
}

/** Every event of the conversion guard. */
export type ConversionEvent = ConversionBlockedEvent | ConversionUnblockedEvent
