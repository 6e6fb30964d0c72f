/**
 * Budgets that learn from conversion (issue 19, items 2 and 3). A send that is never verified is
 * what SMS pumping and toll fraud look like, and what costs the app money for nothing; a real user
 * verifies. So the proxy counts, per day, the sends not (yet) verified: each phone send takes one
 * from every budget it falls under, and a verification gives them back. Real users therefore
 * barely touch these budgets, whatever their traffic, and an attacker spends them at once:
 *
 * - per client IP (IPv6 per /56), widened by one for each send verified from it today (a carrier
 *   NAT full of real users earns room as they verify), and per IPv6 /48;
 * - per number prefix (the number without its last 4 digits, a block of 10,000 numbers);
 * - per destination country, in money (the provider's fee for that country, else
 *   `defaultFeeUsd`), and only while that country's verification rate today is below
 *   `minCountryConversion`: a country where users verify never degrades;
 * - in all, in money: `unverifiedUsdSoftLimit`;
 * - e-mail sends take from a per-IP count of their own (refilled by e-mail verifications) and from
 *   their domain's (`unverifiedPerEmailDomain`, only while it converts badly), never from the
 *   money budgets.
 *
 * The per-IP budgets refuse. The destination budgets and the soft limit degrade rather than
 * refuse (refusing would let an attacker lock a prefix's or a country's real users out with a few
 * sends): the `authorize` hook is asked with `elevated: true` (require a captcha there), and
 * without a hook only clients with nothing unverified today may start.
 *
 * Counters live in the shared store (every instance agrees) in fixed one-day windows.
 */

/** Overrides of the budgets (see {@link DEFAULT_BUDGETS}). */
export interface BudgetOptions {
  /** Unverified phone sends from one client IP (IPv6: /56) in a day, plus one per send verified from it today. Default 10. */
  unverifiedPerIp?: number
  /** Unverified phone sends from one IPv6 /48 in a day. Default 30. */
  unverifiedPerIpv6Network?: number
  /** Unverified sends to one number prefix (the number without its last 4 digits) in a day, above which it degrades. Default 10. */
  unverifiedPerPrefix?: number
  /**
   * Unverified e-mail sends to one domain in a day, above which it degrades as a prefix does,
   * while fewer than `minCountryConversion` of today's sends to it verify. Default 20: codes to
   * mailboxes that never verify (made-up staff addresses, a list bought to bounce) cost the app
   * its sender reputation, and the domain is the key such a flood cannot spread; a domain whose
   * users verify (`gmail.com`) never degrades.
   */
  unverifiedPerEmailDomain?: number
  /** Unverified spend to one country in a day, USD, above which a country that converts badly degrades. Default 1. */
  unverifiedUsdPerCountry?: number
  /** A country whose verified / sent today is at least this never degrades by its budget. Default 0.5. */
  minCountryConversion?: number
  /** Unverified spend in all in a day, USD, above which starts need `authorize` (or a clean client). Default 3. */
  unverifiedUsdSoftLimit?: number
  /** Fee assumed for a country the provider publishes no rate for, USD. Default 0.05. */
  defaultFeeUsd?: number
  /** E.164 prefixes (`'+23324'`) exempt from the prefix and country budgets: numbers you know are yours. */
  safePrefixes?: readonly string[]
}

/** The budgets after defaults. */
export type Budgets = Required<BudgetOptions>

/** The default budgets: at the sandbox rate table's fees, an attacker's unverified spend stays within a few dollars a day. */
export const DEFAULT_BUDGETS: Budgets = {
  unverifiedPerIp: 10,
  unverifiedPerIpv6Network: 30,
  unverifiedPerPrefix: 10,
  unverifiedPerEmailDomain: 20,
  unverifiedUsdPerCountry: 1,
  minCountryConversion: 0.5,
  unverifiedUsdSoftLimit: 3,
  defaultFeeUsd: 0.05,
  safePrefixes: [],
}

/** Merges overrides into the defaults and checks them. */
export function resolveBudgets(options: BudgetOptions = {}): Budgets {
  const budgets: Budgets = { ...DEFAULT_BUDGETS, ...options }
  const counts = [budgets.unverifiedPerIp, budgets.unverifiedPerIpv6Network, budgets.unverifiedPerPrefix, budgets.unverifiedPerEmailDomain]
  const money = [budgets.unverifiedUsdPerCountry, budgets.unverifiedUsdSoftLimit, budgets.defaultFeeUsd]
  if (!counts.every((n) => Number.isSafeInteger(n) && n > 0) || !money.every((n) => Number.isFinite(n) && n > 0)) {
    throw new TypeError('budgets must be positive (counts integers, USD amounts finite)')
  }
  if (!(budgets.minCountryConversion >= 0 && budgets.minCountryConversion <= 1)) throw new TypeError('budgets.minCountryConversion must be from 0 to 1')
  if (!budgets.safePrefixes.every((p) => /^\+[0-9]{1,14}$/.test(p))) throw new TypeError('budgets.safePrefixes entries must be E.164 prefixes like "+23324"')
  return budgets
}

/** The prefix budgets count under: the number without its last 4 digits. */
export function numberPrefix(e164: string): string {
  return e164.slice(0, Math.max(4, e164.length - 4))
}

/** The IPv6 /48 of a per-IP key (`2001:db8:1:ab00::/56` → `2001:db8:1`), or undefined for IPv4. */
export function ipv6Network(ipKey: string): string | undefined {
  if (!ipKey.endsWith('::/56')) return undefined
  return ipKey.split(':').slice(0, 3).join(':')
}

/** USD as integer micro-dollars, the unit of money counters. */
export function toMicros(usd: number): number {
  return Math.round(usd * 1_000_000)
}
