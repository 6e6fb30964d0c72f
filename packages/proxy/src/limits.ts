/**
 * Abuse and cost limits. Every SMS is paid for and MTN blocks accounts over a monthly cap, so
 * sends are limited per destination, per browser session and per client IP, and wrong codes per
 * destination. Defaults follow what users of verification services ask for (design notes):
 * a resend cooldown of 30 s, then 60 s, then 120 s, and generous per-IP caps because many African
 * mobile users share an IP behind carrier NAT.
 */
import type { Quota } from '@hakiki/store'

/** An hourly and a daily cap. */
export interface HourDayCap {
  /** Most events in a fixed one-hour window. */
  hour: number
  /** Most events in a fixed one-day window. */
  day: number
}

/** Every limit the proxy enforces (see `LimitsOptions` for overriding some). */
export interface Limits {
  /**
   * Wait after each send of a verification before the next resend: the n-th wait is
   * `resendCooldownSeconds[n - 1]`, the last one repeats. Default `[30, 60, 120]`.
   */
  resendCooldownSeconds: readonly number[]
  /**
   * Sends to one address from one client IP (IPv6 per /56). Default 5 an hour, 10 a day. Per
   * client IP, so that someone who knows a number cannot spend its owner's allowance from
   * elsewhere (it used to lock the owner out for the rest of the day).
   */
  sendsPerDestination: HourDayCap
  /**
   * Sends to one address from everyone together: the bound on bombing one victim from many
   * addresses. Default 10 an hour, 30 a day.
   */
  sendsPerDestinationAll: HourDayCap
  /**
   * Sends from one browser session. Default 10 an hour, 20 a day; never more than `sendsPerIp`
   * (clamped), and the per-IP caps count too: a session is one browser behind one address.
   */
  sendsPerSession: HourDayCap
  /**
   * Sends from one client IP (IPv6: per /56), only when the client IP is known (see
   * `getClientIp`). Default 100 an hour, 1000 a day: a whole carrier NAT may share one address.
   */
  sendsPerIp: HourDayCap
  /**
   * Sends by clients the proxy cannot tell apart: no client IP known and no session cookie yet
   * (a first visit, or a script dropping its cookie), all in one bucket. Default 20 an hour, 100
   * a day. It keeps one such script from spending the shared `sendsTotal` cap, so it cannot switch
   * the app off for users who have a session or a known IP; set a client IP policy so this bucket
   * only ever sees stragglers.
   */
  sendsPerUnknownClient: HourDayCap
  /**
   * Code checks against one address by one browser session in a fixed hour (per session, so an
   * attacker's wrong codes never block the owner's right one). Default 10: two verifications' worth of
   * the API's five attempts. Every check is counted before it is sent upstream, so concurrent
   * guesses cannot slip past the cap; a correct code ends its verification, so nearly all counted
   * checks are failed ones.
   */
  failedChecksPerDestinationPerHour: number
  /**
   * Sends through this handler in all, whoever asks: the backstop against SMS pumping when the
   * other caps are dodged (fresh sessions, many numbers, no client IP known). Default 1000 an
   * hour, 10000 a day; size it to the app's real traffic, with the store shared by every instance.
   */
  sendsTotal: HourDayCap
  /**
   * Delivery reports (`POST {base}/reports/{transport}`, gateways' webhooks) accepted from one
   * client IP in a minute. Default 1200: a gateway's whole traffic comes from a few addresses, and
   * each report costs a store call and the provider's authentication.
   */
  deliveryReportsPerIpPerMinute: number
}

/** Overrides for some of the {@link Limits}. */
export interface LimitsOptions {
  resendCooldownSeconds?: readonly number[]
  sendsPerDestination?: Partial<HourDayCap>
  sendsPerDestinationAll?: Partial<HourDayCap>
  sendsPerSession?: Partial<HourDayCap>
  sendsPerIp?: Partial<HourDayCap>
  sendsPerUnknownClient?: Partial<HourDayCap>
  failedChecksPerDestinationPerHour?: number
  sendsTotal?: Partial<HourDayCap>
  deliveryReportsPerIpPerMinute?: number
}

/** The default limits. */
export const DEFAULT_LIMITS: Limits = {
  resendCooldownSeconds: [30, 60, 120],
  sendsPerDestination: { hour: 5, day: 10 },
  sendsPerDestinationAll: { hour: 10, day: 30 },
  sendsPerSession: { hour: 10, day: 20 },
  sendsPerIp: { hour: 100, day: 1000 },
  sendsPerUnknownClient: { hour: 20, day: 100 },
  failedChecksPerDestinationPerHour: 10,
  sendsTotal: { hour: 1000, day: 10_000 },
  deliveryReportsPerIpPerMinute: 1200,
}

/** Merges overrides into the defaults and checks every value is a positive integer. */
export function resolveLimits(options: LimitsOptions = {}): Limits {
  const limits: Limits = {
    resendCooldownSeconds: options.resendCooldownSeconds ?? DEFAULT_LIMITS.resendCooldownSeconds,
    sendsPerDestination: { ...DEFAULT_LIMITS.sendsPerDestination, ...options.sendsPerDestination },
    sendsPerDestinationAll: { ...DEFAULT_LIMITS.sendsPerDestinationAll, ...options.sendsPerDestinationAll },
    sendsPerSession: { ...DEFAULT_LIMITS.sendsPerSession, ...options.sendsPerSession },
    sendsPerIp: { ...DEFAULT_LIMITS.sendsPerIp, ...options.sendsPerIp },
    sendsPerUnknownClient: { ...DEFAULT_LIMITS.sendsPerUnknownClient, ...options.sendsPerUnknownClient },
    failedChecksPerDestinationPerHour:
      options.failedChecksPerDestinationPerHour ?? DEFAULT_LIMITS.failedChecksPerDestinationPerHour,
    sendsTotal: { ...DEFAULT_LIMITS.sendsTotal, ...options.sendsTotal },
    deliveryReportsPerIpPerMinute: options.deliveryReportsPerIpPerMinute ?? DEFAULT_LIMITS.deliveryReportsPerIpPerMinute,
  }
  const numbers = [
    ...limits.resendCooldownSeconds,
    limits.sendsPerDestination.hour,
    limits.sendsPerDestination.day,
    limits.sendsPerDestinationAll.hour,
    limits.sendsPerDestinationAll.day,
    limits.sendsPerSession.hour,
    limits.sendsPerSession.day,
    limits.sendsPerIp.hour,
    limits.sendsPerIp.day,
    limits.sendsPerUnknownClient.hour,
    limits.sendsPerUnknownClient.day,
    limits.failedChecksPerDestinationPerHour,
    limits.sendsTotal.hour,
    limits.sendsTotal.day,
    limits.deliveryReportsPerIpPerMinute,
  ]
  if (limits.resendCooldownSeconds.length === 0 || !numbers.every((n) => Number.isSafeInteger(n) && n > 0)) {
    throw new TypeError('limits must be positive integers and resendCooldownSeconds must not be empty')
  }
  // From one address, never more than from everyone.
  limits.sendsPerDestination = {
    hour: Math.min(limits.sendsPerDestination.hour, limits.sendsPerDestinationAll.hour),
    day: Math.min(limits.sendsPerDestination.day, limits.sendsPerDestinationAll.day),
  }
  // A session is one browser behind one address: its caps are never wider than the address's.
  limits.sendsPerSession = {
    hour: Math.min(limits.sendsPerSession.hour, limits.sendsPerIp.hour),
    day: Math.min(limits.sendsPerSession.day, limits.sendsPerIp.day),
  }
  return limits
}

/** The wait after the `sends`-th send of a verification (1-based). */
export function cooldownAfter(sends: number, cooldowns: readonly number[]): number {
  return cooldowns[Math.min(Math.max(sends, 1), cooldowns.length) - 1] ?? 0
}

/** Builds the hourly and daily quotas of a cap for `key`. */
export function hourDay(key: string, cap: HourDayCap): Quota[] {
  return [
    { key: `${key}:h`, windowSeconds: 3600, limit: cap.hour },
    { key: `${key}:d`, windowSeconds: 86_400, limit: cap.day },
  ]
}

/**
 * Counters one send may leave in the store for a day or an hour: a client with a fresh address,
 * session and number leaves 7 day-long ones (its per-IP, per-session and per-address caps, its IP's
 * budget, the address's cap from everyone, the prefix budget, the guard's day tally of a new
 * block) and 6 for an hour or less; `test/limits.test.ts` counts them.
 */
export const COUNTERS_PER_SEND = { day: 7, hour: 6 } as const

/**
 * How many counters the proxy's default memory store holds: at least 100,000, and room for every
 * send `sendsTotal` lets through. A full memory store answers 503 to everyone, so with a smaller
 * bound a flood from fresh addresses filled it before `sendsTotal` was spent: the bound, not the
 * cap, became the switch that shuts the app (an app that raises `sendsTotal` to its traffic, as
 * advised, got there first).
 */
export function defaultMaxCounters(limits: Limits): number {
  return Math.max(100_000, COUNTERS_PER_SEND.day * limits.sendsTotal.day + COUNTERS_PER_SEND.hour * limits.sendsTotal.hour)
}
