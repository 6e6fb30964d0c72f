/**
 * A defence that learns from conversion (issue 19, item 3; what Twilio's Fraud Guard does for SMS,
 * here for SMS and calls alike). Real users enter their codes; SMS pumping and toll fraud never do.
 * So, per number prefix (the number without its last 6 digits, a block of a million numbers) and
 * per country, the guard tallies sends and verifications in bucketed counters of the shared store
 * and reads them as sliding windows: the last hour (15-minute buckets) and the last day (day
 * buckets). A scope is blocked for a period (12 h, as Twilio's Fraud Guard) when, in either window,
 *
 * - it had at least `minSends` sends (a handful of sends never blocks anything),
 * - fewer than `minConversion` of them were verified, and
 * - its volume is above `riseFactor` × its baseline: the trailing days' volume, each day counted
 *   only as far as its verifications explain it (verified ÷ `minConversion`). Unverified traffic
 *   never raises the baseline, so a pump that rises slowly cannot teach the guard that its volume
 *   is normal, while a destination whose real users verify poorly but steadily keeps its volume.
 *
 * A block is a record in the store with its own expiry, written by compare-and-set, so every
 * instance sees it and exactly one emits `conversion.blocked` per block. A block does not refuse:
 * the start route degrades a blocked destination as it does a spent destination budget (the
 * `authorize` hook is asked with `elevated: true`; without one, only a client with nothing
 * unverified today may start). A block is something an attacker can trigger at will (pumping a
 * prefix is what trips it), so a hard refusal would hand him a switch that locks the prefix's or
 * the country's real users out for 12 hours. Destinations on the safe list are never blocked.
 * When its period is over, the first start to the destination renews the block if what came after
 * its start still looks pumped (the day window then counts only sends after the block started, so
 * the pump that tripped it is not held against the destination twice), else marks it ended
 * (`conversion.unblocked`).
 *
 * Pure over the store port: the start route joins {@link ConversionGuard.keysToRead} to its one
 * `get`, calls {@link ConversionGuard.decide} on the values, and joins
 * {@link ConversionGuard.talliesOnSend} to its one `add`/`take`; the check route joins
 * {@link ConversionGuard.talliesOnVerified} to its. Only the start and the end of a block cost a
 * further round trip ({@link commitConversionChanges}).
 */
import type { Tally, VerifyStore, WriteOp } from '@hakiki/store'
import type { ConversionBlockedEvent, ConversionEvent, ConversionScope, ConversionUnblockedEvent, ConversionWindowFigures } from './conversion-guard-events'

/** Overrides of the conversion guard's settings (see {@link DEFAULT_CONVERSION_GUARD}). */
export interface ConversionGuardOptions {
  /** Length of the short sliding window, seconds. Default 3600. */
  windowSeconds?: number
  /** Buckets the short window is made of, seconds; must divide `windowSeconds`. Default 900. */
  bucketSeconds?: number
  /** Whole days before today the baseline is learned from. Default 7. */
  baselineDays?: number
  /** A window's sends must exceed this many times what the baseline expects in it. Default 3. */
  riseFactor?: number
  /** Sends a window needs before it can block anything. Default 20. */
  minSends?: number
  /** Verified ÷ sent below which a window's conversion is low. Default 0.3. */
  minConversion?: number
  /**
   * Sends a destination's day window needs, above `riseFactor` × its baseline and whatever their
   * conversion, to be surging ({@link ConversionDecision.surging}): starts to it then ask the
   * app's `authorize` hook with `elevated`. Default 50. An operator that receives the SMS on
   * numbers it owns verifies its own codes and converts like real users; only its volume shows.
   * Never a block: a real app's prefixes and countries surge too (a launch, a campaign).
   */
  minVolumeSends?: number
  /** How long a block lasts, seconds. Default 43 200 (12 h). */
  blockSeconds?: number
  /** Numbers that share all but their last this many digits share a prefix. Default 6 (a million numbers). */
  prefixDigits?: number
  /** Never blocked: E.164 prefixes (`'+23324'`, numbers you know are yours) and ISO countries (`'GH'`). */
  safe?: readonly string[]
}

/** The guard's settings after defaults. */
export type ConversionGuardSettings = Required<ConversionGuardOptions>

/** The defaults, and why each is what it is, in `docs/guides/security.mdx`. */
export const DEFAULT_CONVERSION_GUARD: ConversionGuardSettings = {
  windowSeconds: 3600,
  bucketSeconds: 900,
  baselineDays: 7,
  riseFactor: 3,
  minSends: 20,
  minConversion: 0.3,
  minVolumeSends: 50,
  blockSeconds: 43_200,
  prefixDigits: 6,
  safe: [],
}

/** Merges overrides into the defaults and checks them (a bad setting throws at start-up). */
export function resolveConversionGuard(options: ConversionGuardOptions = {}): ConversionGuardSettings {
  const s: ConversionGuardSettings = { ...DEFAULT_CONVERSION_GUARD, ...options }
  const whole = [s.windowSeconds, s.bucketSeconds, s.baselineDays, s.minSends, s.minVolumeSends, s.blockSeconds, s.prefixDigits]
  if (!whole.every((n) => Number.isSafeInteger(n) && n > 0)) throw new TypeError('conversionGuard: windowSeconds, bucketSeconds, baselineDays, minSends, minVolumeSends, blockSeconds and prefixDigits must be whole numbers > 0')
  if (s.windowSeconds % s.bucketSeconds !== 0) throw new TypeError('conversionGuard: bucketSeconds must divide windowSeconds')
  if (!(Number.isFinite(s.riseFactor) && s.riseFactor > 0)) throw new TypeError('conversionGuard.riseFactor must be a number > 0')
  if (!(s.minConversion >= 0 && s.minConversion <= 1)) throw new TypeError('conversionGuard.minConversion must be from 0 to 1')
  if (!s.safe.every((entry) => /^\+[0-9]{1,14}$/.test(entry) || /^[A-Z]{2}$/.test(entry))) throw new TypeError('conversionGuard.safe entries must be E.164 prefixes like "+23324" or ISO countries like "GH"')
  return s
}

/** A phone destination, as the start route has it after validation. */
export interface ConversionDestination {
  /** E.164 number. */
  to: string
  /** ISO 3166-1 alpha-2 country of the number. */
  country: string
}

/** A block in force. */
export interface ConversionBlock {
  scope: ConversionScope
  country: string
  /** The number prefix, when `scope` is `prefix`. */
  prefix?: string
  /** Epoch milliseconds. */
  since: number
  until: number
}

/** What one scope's windows showed. */
export interface ConversionScopeReading {
  scope: ConversionScope
  country: string
  prefix?: string
  /** On the safe list: read, never blocked. */
  safe: boolean
  /** The short window and the day window. */
  windows: readonly (ConversionWindowFigures & { suspicious: boolean })[]
  /**
   * The day window holds at least `minVolumeSends` sends and more than `riseFactor` × the
   * baseline, whatever their conversion: a surge (see {@link ConversionDecision.surging}).
   */
  surging: boolean
}

/** A block to write or clear, with the event to emit if the write wins. */
export interface ConversionChange {
  write: WriteOp
  event: ConversionEvent
}

/** What {@link ConversionGuard.decide} concludes for one destination. */
export interface ConversionDecision {
  /** The block in force for this destination (its prefix's first, else its country's), or `undefined`. */
  blocked: ConversionBlock | undefined
  /** Blocks to start or end: usually none. Write them with {@link commitConversionChanges}. */
  changes: ConversionChange[]
  /** The figures it decided on, prefix then country. */
  scopes: ConversionScopeReading[]
  /**
   * A scope off the safe list is surging: far above its usual volume, even if it verifies. Not a
   * block (a country's real users surge too: a launch, a campaign), but a reason to ask for more
   * trust where the app can ask it: an operator that receives a whole carrier's SMS verifies its
   * own codes across every prefix of a country, and only its volume shows.
   */
  surging: boolean
}

/** The guard: key builders and a pure decision; it holds no state of its own. */
export interface ConversionGuard {
  readonly settings: ConversionGuardSettings
  /** The keys {@link decide} needs, in its order; join them to the start's one `get`. */
  keysToRead(destination: ConversionDestination, now: number): readonly string[]
  /**
   * Whether the value of `keysToRead(…)[index]` can no longer change: a day bucket two or more
   * whole days before `now`'s (every tally goes to the current bucket; a clock a day off is not a
   * clock). Yesterday's may still be written by an instance whose clock is a little behind.
   */
  isClosed(index: number): boolean
  /** Decides on the values of {@link keysToRead}'s keys, read at the same `now`. Pure. */
  decide(destination: ConversionDestination, values: readonly (string | undefined)[], now: number): ConversionDecision
  /** Counters a send to `destination` adds (sends per scope, in the short and the day buckets). */
  talliesOnSend(destination: ConversionDestination, now: number): Tally[]
  /**
   * Counters a verification of `destination` adds: `sends`, the sends it took (default 1), so that
   * a real user's resends count as verified too and only unverified sends lower the rate.
   */
  talliesOnVerified(destination: ConversionDestination, now: number, sends?: number): Tally[]
}

const DAY = 86_400
/** How many scopes' keys a guard remembers for the current bucket. */
const MAX_REMEMBERED_SCOPES = 1024
/**
 * A block's record outlives the block by this much: the first start after it can say
 * `conversion.unblocked`, and the day window counts only what came after it until the block's day
 * has left the window.
 */
const BLOCK_RECORD_KEPT_SECONDS = 2 * DAY

/** The store keys of the guard (all under `cg:`), one place for all of them. */
export const conversionKeys = {
  /** Sends to a scope in short bucket `index`. */
  sentInBucket: (scope: string, index: number) => `cg:sb:${scope}:${index}`,
  /** Verifications of a scope in short bucket `index`. */
  verifiedInBucket: (scope: string, index: number) => `cg:vb:${scope}:${index}`,
  /** Sends to a scope on UTC day `index`. */
  sentOnDay: (scope: string, index: number) => `cg:sd:${scope}:${index}`,
  /** Verifications of a scope on UTC day `index`. */
  verifiedOnDay: (scope: string, index: number) => `cg:vd:${scope}:${index}`,
  /** The block of a scope (JSON, compare-and-set). */
  block: (scope: string) => `cg:b:${scope}`,
} as const

/** The prefix a number counts under: the number without its last `digits` digits (at least the `+` and 3 digits). */
export function conversionPrefix(e164: string, digits = DEFAULT_CONVERSION_GUARD.prefixDigits): string {
  return e164.slice(0, Math.max(4, e164.length - digits))
}

interface ScopeRef {
  scope: ConversionScope
  /** What the keys name: the prefix (`+233241`) or the country (`GH`). */
  id: string
  country: string
  prefix?: string
  safe: boolean
}

/** A block's record: its period, and its day bucket's counts when it started. */
interface StoredBlock {
  since: number
  until: number
  /** UTC day index the block started on, and that day's sends and verifications then. */
  day: number
  sent: number
  verified: number
  /** The period is over and `conversion.unblocked` was said. */
  ended?: boolean
}

/** Creates the guard; `options` are checked here. */
export function createConversionGuard(options: ConversionGuardOptions = {}): ConversionGuard {
  const settings = resolveConversionGuard(options)
  const { windowSeconds, bucketSeconds, baselineDays, riseFactor, minSends, minConversion, minVolumeSends, blockSeconds } = settings
  const bucketsPerWindow = windowSeconds / bucketSeconds
  // A scope's keys: n short buckets sent, n verified, d days sent, d verified (today first), the block.
  const perScopeKeys = 2 * (bucketsPerWindow + 1) + 2 * (baselineDays + 1) + 1

  function scopesOf(destination: ConversionDestination): ScopeRef[] {
    const prefix = conversionPrefix(destination.to, settings.prefixDigits)
    const countrySafe = settings.safe.includes(destination.country)
    const numberSafe = countrySafe || settings.safe.some((entry) => entry.startsWith('+') && destination.to.startsWith(entry))
    return [
      { scope: 'prefix', id: prefix, country: destination.country, prefix, safe: numberSafe },
      // A safe number is never blocked through its country either: it is one you know is yours.
      { scope: 'country', id: destination.country, country: destination.country, safe: numberSafe },
    ]
  }

  /** The short buckets from oldest (partly outside the window) to current, and the day buckets from today back. */
  function indexes(now: number): { buckets: number[]; days: number[] } {
    const seconds = now / 1000
    const current = Math.floor(seconds / bucketSeconds)
    const today = Math.floor(seconds / DAY)
    return {
      buckets: Array.from({ length: bucketsPerWindow + 1 }, (_, i) => current - bucketsPerWindow + i),
      days: Array.from({ length: baselineDays + 1 }, (_, i) => today - i),
    }
  }

  // A scope's keys change only with the bucket: remembered for it (a flood of starts to one prefix
  // or country builds its 26 keys once a bucket, not once a start; the same strings then hash once
  // in the store). Never mutated by callers. Bounded: many scopes only empty it.
  const scopeKeys = new Map<string, readonly string[]>()
  function keysOfScope(ref: ScopeRef, now: number): readonly string[] {
    const seconds = now / 1000
    const memo = `${ref.id} ${Math.floor(seconds / bucketSeconds)} ${Math.floor(seconds / DAY)}`
    let keys = scopeKeys.get(memo)
    if (keys === undefined) {
      const { buckets, days } = indexes(now)
      keys = [
        ...buckets.map((i) => conversionKeys.sentInBucket(ref.id, i)),
        ...buckets.map((i) => conversionKeys.verifiedInBucket(ref.id, i)),
        ...days.map((i) => conversionKeys.sentOnDay(ref.id, i)),
        ...days.map((i) => conversionKeys.verifiedOnDay(ref.id, i)),
        conversionKeys.block(ref.id),
      ]
      if (scopeKeys.size >= MAX_REMEMBERED_SCOPES) scopeKeys.clear()
      scopeKeys.set(memo, keys)
    }
    return keys
  }

  function tallies(destination: ConversionDestination, now: number, verified: boolean, amount = 1): Tally[] {
    if (!(Number.isSafeInteger(amount) && amount > 0)) throw new TypeError('conversion guard: a tally amount must be a whole number > 0')
    // A short bucket is read until the window has passed its end; a day bucket while it is within
    // the baseline's days (or yesterday, for the day window).
    const bucketLife = windowSeconds + bucketSeconds
    const dayLife = (baselineDays + 1) * DAY
    // The current bucket's and today's keys, as keysOfScope laid them out (the same strings).
    const n = bucketsPerWindow + 1
    const d = baselineDays + 1
    return scopesOf(destination).flatMap((ref) => {
      const keys = keysOfScope(ref, now)
      return [
        { key: keys[verified ? 2 * n - 1 : n - 1] as string, windowSeconds: bucketLife, amount },
        { key: keys[verified ? 2 * n + d : 2 * n] as string, windowSeconds: dayLife, amount },
      ]
    })
  }

  function readScope(ref: ScopeRef, values: readonly (string | undefined)[], now: number): { reading: ConversionScopeReading; today: { sent: number; verified: number } } {
    const n = bucketsPerWindow + 1
    const d = baselineDays + 1
    const count = (i: number) => Math.max(0, Number(values[i] ?? 0) || 0)
    const seconds = now / 1000
    // The oldest bucket is partly outside the window: weighted by the share of it still inside
    // (the usual sliding-window estimate from fixed buckets).
    const windowStart = seconds - windowSeconds
    const oldestWeight = Math.min(1, Math.max(0, ((Math.floor(windowStart / bucketSeconds) + 1) * bucketSeconds - windowStart) / bucketSeconds))
    const sumWeighted = (offset: number) => {
      let rest = 0
      for (let i = 1; i < n; i++) rest += count(offset + i)
      return count(offset) * oldestWeight + rest
    }
    const shortSends = sumWeighted(0)
    const shortVerified = sumWeighted(n)
    const sentDay = (i: number) => count(2 * n + i)
    const verifiedDay = (i: number) => count(2 * n + d + i)
    // The day window: today and the part of yesterday within the last 24 hours. After a block
    // started (its record lives two days), only what came after it counts: the pump that tripped
    // the block is not evidence for renewing it once its period is over.
    const today = Math.floor(seconds / DAY)
    const last = parseBlock(values[2 * n + 2 * d])
    let day: { seconds: number; sends: number; verified: number }
    if (last !== undefined && last.day >= today - 1 && last.day <= today) {
      let sends = -last.sent
      let verified = -last.verified
      for (let i = 0; i <= today - last.day; i++) {
        sends += sentDay(i)
        verified += verifiedDay(i)
      }
      day = { seconds: Math.min(DAY, Math.max(1, (now - last.since) / 1000)), sends: Math.max(0, sends), verified: Math.max(0, verified) }
    } else {
      const yesterdayWeight = 1 - (seconds % DAY) / DAY
      day = { seconds: DAY, sends: sentDay(0) + sentDay(1) * yesterdayWeight, verified: verifiedDay(0) + verifiedDay(1) * yesterdayWeight }
    }
    // The baseline: the whole days before today, each counted only as far as its verifications
    // explain it, so unverified traffic (a slowly rising pump) never teaches the guard it is normal.
    let explained = 0
    for (let i = 1; i <= baselineDays; i++) explained += minConversion > 0 ? Math.min(sentDay(i), verifiedDay(i) / minConversion) : sentDay(i)
    const perSecond = explained / (baselineDays * DAY)
    const judge = (length: number, sends: number, verified: number) => {
      const expected = perSecond * length
      const suspicious = sends >= minSends && verified < minConversion * sends && sends > riseFactor * expected
      return { seconds: Math.round(length), sends: round(sends), verified: round(Math.min(verified, sends)), expected: round(expected), suspicious }
    }
    return {
      reading: {
        scope: ref.scope,
        country: ref.country,
        ...(ref.prefix === undefined ? {} : { prefix: ref.prefix }),
        safe: ref.safe,
        windows: [judge(windowSeconds, shortSends, shortVerified), judge(day.seconds, day.sends, day.verified)],
        surging: day.sends >= minVolumeSends && day.sends > riseFactor * perSecond * day.seconds,
      },
      today: { sent: sentDay(0), verified: verifiedDay(0) },
    }
  }

  // Every key of a destination's scopes, remembered like a scope's (a flood of starts to one prefix
  // reads the same 52 keys): never mutated by callers, bounded.
  const destinationKeys = new Map<string, readonly string[]>()
  function keysToRead(destination: ConversionDestination, now: number): readonly string[] {
    const seconds = now / 1000
    const memo = `${conversionPrefix(destination.to, settings.prefixDigits)} ${destination.country} ${Math.floor(seconds / bucketSeconds)} ${Math.floor(seconds / DAY)}`
    let keys = destinationKeys.get(memo)
    if (keys === undefined) {
      keys = scopesOf(destination).flatMap((ref) => keysOfScope(ref, now))
      if (destinationKeys.size >= MAX_REMEMBERED_SCOPES) destinationKeys.clear()
      destinationKeys.set(memo, keys)
    }
    return keys
  }

  function decide(destination: ConversionDestination, values: readonly (string | undefined)[], now: number): ConversionDecision {
    const refs = scopesOf(destination)
    const perScope = perScopeKeys
    if (values.length !== perScope * refs.length) throw new TypeError('conversion guard: decide() needs the values of keysToRead(), in order')
    const changes: ConversionChange[] = []
    const scopes: ConversionScopeReading[] = []
    let blocked: ConversionBlock | undefined
    const today = Math.floor(now / 1000 / DAY)
    refs.forEach((ref, i) => {
      const scopeValues = values.slice(i * perScope, (i + 1) * perScope)
      const { reading, today: counts } = readScope(ref, scopeValues, now)
      scopes.push(reading)
      if (ref.safe) return
      const key = conversionKeys.block(ref.id)
      const blockValue = scopeValues[perScope - 1]
      const stored = parseBlock(blockValue)
      const where = { scope: ref.scope, country: ref.country, ...(ref.prefix === undefined ? {} : { prefix: ref.prefix }) }
      if (stored !== undefined && !stored.ended && now < stored.until) {
        blocked ??= { ...where, since: stored.since, until: stored.until }
        return
      }
      const tripped = reading.windows.find((w) => w.suspicious)
      if (tripped !== undefined) {
        const block: StoredBlock = { since: now, until: now + blockSeconds * 1000, day: today, sent: counts.sent, verified: counts.verified }
        const { suspicious: _, ...window } = tripped
        const event: ConversionBlockedEvent = { type: 'conversion.blocked', at: now, ...where, until: block.until, window }
        // Compare-and-set against what was read: of several instances deciding at once, one wins
        // and emits the event; the others see its block on their next read.
        changes.push({ write: { set: [{ key, value: JSON.stringify(block), ttlSeconds: blockSeconds + BLOCK_RECORD_KEPT_SECONDS }], expect: [{ key, value: blockValue }] }, event })
        blocked ??= { ...where, since: block.since, until: block.until }
      } else if (stored !== undefined && !stored.ended) {
        // Kept, marked ended: the day window goes on counting only what came after the block.
        const event: ConversionUnblockedEvent = { type: 'conversion.unblocked', at: now, ...where, since: stored.since }
        changes.push({ write: { set: [{ key, value: JSON.stringify({ ...stored, ended: true }), ttlSeconds: BLOCK_RECORD_KEPT_SECONDS }], expect: [{ key, value: blockValue }] }, event })
      }
    })
    return { blocked, changes, scopes, surging: scopes.some((scope) => scope.surging && !scope.safe) }
  }

  function isClosed(index: number): boolean {
    const n = bucketsPerWindow + 1
    const d = baselineDays + 1
    const at = index % perScopeKeys
    const day = at < 2 * n || at >= 2 * n + 2 * d ? -1 : (at - 2 * n) % d
    return day >= 2
  }

  return {
    settings,
    keysToRead,
    isClosed,
    decide,
    talliesOnSend: (destination, now) => tallies(destination, now, false),
    talliesOnVerified: (destination, now, sends) => tallies(destination, now, true, sends),
  }
}

/**
 * Writes a decision's changes (in parallel: one round trip's wait) and resolves the events of the
 * writes that won. Another instance that wrote the same block first makes this write lose: its
 * event was that instance's to emit.
 */
export async function commitConversionChanges(store: VerifyStore, changes: readonly ConversionChange[]): Promise<ConversionEvent[]> {
  if (changes.length === 0) return []
  const won = await Promise.all(changes.map((change) => store.write(change.write)))
  return changes.filter((_, i) => won[i]).map((change) => change.event)
}

/**
 * The whole guard for one start in its own round trips (read, decide, write the changes), for a
 * caller that does not fold it into its own reads.
 */
export async function checkConversion(store: VerifyStore, guard: ConversionGuard, destination: ConversionDestination, now: number): Promise<{ decision: ConversionDecision; events: ConversionEvent[] }> {
  const decision = guard.decide(destination, await store.get(guard.keysToRead(destination, now)), now)
  return { decision, events: await commitConversionChanges(store, decision.changes) }
}

function parseBlock(value: string | undefined): StoredBlock | undefined {
  if (value === undefined) return undefined
  try {
    const parsed = JSON.parse(value) as Partial<StoredBlock>
    const numbers = [parsed.since, parsed.until, parsed.day, parsed.sent, parsed.verified]
    return numbers.every((n) => typeof n === 'number' && Number.isFinite(n)) ? (parsed as StoredBlock) : undefined
  } catch {
    return undefined
  }
}

function round(n: number): number {
  return Math.round(n * 100) / 100
}
