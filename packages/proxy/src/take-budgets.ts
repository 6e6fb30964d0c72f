/**
 * Takes a phone start's share of the unverified budgets (see `budgets.ts`) and gives it back on
 * verification. Internal to the start and check routes.
 */
import type { HandlerContext, RequestState } from './handler-context'
import { ipv6Network, numberPrefix, toMicros } from './budgets'
import { consumeQuotas } from './limits'
import type { Quota } from './limits'
import { ProxyError } from './problem'
import { storeKeys } from './store-keys'
import type { StartInput } from './validate'
import type { BudgetCharges } from './verification-record'

const DAY = 86_400

type Scope = 'ip' | 'network' | 'prefix' | 'country' | 'global' | 'destination'

/** A start's taken share: give it back if the send does not happen, commit it if it does. */
export interface BudgetTicket {
  /** The soft limit is passed: `authorize` is asked with `elevated: true`. */
  elevated: boolean
  /** What this send charges, to merge into the record. */
  charges: BudgetCharges
  /** The send did not happen. */
  refund(): Promise<void>
  /** The send happened: count it in the country's and the total tallies. */
  commit(): Promise<void>
}

const nothing: BudgetTicket = {
  elevated: false,
  charges: { keys: [], micros: 0 },
  refund: async () => undefined,
  commit: async () => undefined,
}

/**
 * Checks and takes the budgets of one phone send (e-mail costs next to nothing and is left out).
 * Throws `rate_limited` (after a `budget.exceeded` event) when one is spent.
 */
export async function takeBudgets(ctx: HandlerContext, state: RequestState, input: StartInput, ipKey: string | undefined, destinationBusy = false): Promise<BudgetTicket> {
  const budgets = ctx.budgets
  if (budgets === undefined || input.channel === 'email' || input.country === undefined) {
    // No budgets to ask (e-mail, development): a spent per-address cap then refuses, as caps do.
    if (destinationBusy) {
      ctx.emit({ type: 'budget.exceeded', at: ctx.now(), scope: 'destination', ...(input.country === undefined ? {} : { country: input.country }), to: state.maskedTo ?? '' })
      throw new ProxyError('rate_limited', { retryAfter: 3600, detail: 'Too many codes requested; try again later.' })
    }
    return nothing
  }
  const country = input.country
  const fee = await ctx.fees.feeOf(country)
  const micros = toMicros(fee)
  const safe = budgets.safePrefixes.some((prefix) => input.to.startsWith(prefix))
  const prefixKey = safe ? undefined : storeKeys.unverifiedPerPrefix(await ctx.keyOf('address', numberPrefix(input.to)))
  const ipHash = ipKey === undefined ? undefined : await ctx.keyOf('ip', ipKey)
  const verifiedKey = ipHash === undefined ? undefined : storeKeys.verifiedPerIp(ipHash)
  // Every read in parallel: one round trip's wait, within the request's one store deadline.
  const [total, sent, verified, prefixCount, verifiedFromIp] = (await Promise.all([
    ctx.store.get(storeKeys.unverifiedMicros()),
    ctx.store.get(storeKeys.sentPerCountry(country)),
    ctx.store.get(storeKeys.verifiedPerCountry(country)),
    prefixKey === undefined ? Promise.resolve(undefined) : ctx.store.get(prefixKey),
    verifiedKey === undefined ? Promise.resolve(undefined) : ctx.store.get(verifiedKey),
  ])).map((value) => Number(value ?? 0) || 0) as [number, number, number, number, number]
  const refuse = (scope: Scope, retryAfter: number): never => {
    ctx.emit({ type: 'budget.exceeded', at: ctx.now(), scope, country, to: state.maskedTo ?? '' })
    // Once per scope and hour: under attack this fires on every request, and the default logger
    // is the console.
    const once = `budget:${scope}:${Math.floor(ctx.now() / 3_600_000)}`
    if (!ctx.warned.has(once)) {
      if (ctx.warned.size > 1000) ctx.warned.clear()
      ctx.warned.add(once)
      ctx.log.warn('budget of unverified sends spent; starts refused until it frees up (the budgets option sizes it; onEvent gets budget.exceeded for each refusal)', { scope, country })
    }
    throw new ProxyError('rate_limited', { retryAfter, detail: 'Too many codes requested; try again later.' })
  }

  // A spent destination budget (prefix, country) or the soft limit in all does not refuse
  // everyone: that would let an attacker lock real users of a prefix or a country out for a
  // day with a few sends. The start needs more trust instead: `authorize` asked with `elevated`,
  // or, without a hook, a client with nothing unverified today. A country counts as spent only
  // while it converts badly: where users verify, its budget never bites.
  const unverified = Math.max(0, sent - verified)
  const countryOver = !safe && (unverified + 1) * fee > budgets.unverifiedUsdPerCountry && (sent === 0 || verified / sent < budgets.minCountryConversion)
  const prefixOver = prefixKey !== undefined && prefixCount >= budgets.unverifiedPerPrefix
  const elevatedBy: Scope | undefined = destinationBusy
    ? 'destination'
    : prefixOver
      ? 'prefix'
      : countryOver
        ? 'country'
        : total >= toMicros(budgets.unverifiedUsdSoftLimit)
          ? 'global'
          : undefined
  const strict = elevatedBy !== undefined && !ctx.authorize
  if (strict && ipKey === undefined) refuse(elevatedBy, 3600)

  const quotas: Quota[] = []
  const scopes: Scope[] = []
  if (ipKey !== undefined && ipHash !== undefined) {
    // An address earns room by its users' verifications: a carrier NAT full of real users grows
    // its budget as they verify, while a pumping script's stays at the base.
    const perIp = (strict ? 1 : budgets.unverifiedPerIp) + verifiedFromIp
    quotas.push({ key: storeKeys.unverifiedPerIp(ipHash), windowSeconds: DAY, limit: perIp })
    scopes.push(strict ? elevatedBy : 'ip')
    const network = ipv6Network(ipKey)
    if (network !== undefined) {
      quotas.push({ key: storeKeys.unverifiedPerNetwork(await ctx.keyOf('ip', network)), windowSeconds: DAY, limit: budgets.unverifiedPerIpv6Network })
      scopes.push('network')
    }
  }
  // Counted, never refused by itself (see above).
  if (prefixKey !== undefined) {
    quotas.push({ key: prefixKey, windowSeconds: DAY, limit: Number.MAX_SAFE_INTEGER })
    scopes.push('prefix')
  }
  const taken = await consumeQuotas(ctx.store, quotas)
  if (taken.wait !== undefined) refuse(scopes[taken.index] ?? 'ip', taken.wait)
  const ticket = taken.ticket
  if (ticket === undefined) return nothing
  return {
    elevated: elevatedBy !== undefined,
    charges: { keys: quotas.map((quota) => quota.key), country, micros, ...(verifiedKey === undefined ? {} : { verifiedKey }) },
    refund: () => ticket.refund(),
    commit: async () => {
      ctx.fees.refresh()
      await Promise.all([
        ctx.store.increment(storeKeys.sentPerCountry(country), DAY),
        ctx.store.increment(storeKeys.unverifiedMicros(), DAY, micros),
      ])
    },
  }
}

/** Gives back what a verification's sends took, now that it is verified. */
export async function giveBackBudgets(ctx: HandlerContext, charges: BudgetCharges | undefined): Promise<void> {
  if (!charges || charges.keys.length === 0) return
  await Promise.all([
    ...charges.keys.map((key) => ctx.store.increment(key, DAY, -1)),
    ...(charges.micros > 0 ? [ctx.store.increment(storeKeys.unverifiedMicros(), DAY, -charges.micros)] : []),
    ...(charges.country === undefined ? [] : [ctx.store.increment(storeKeys.verifiedPerCountry(charges.country), DAY)]),
    ...(charges.verifiedKey === undefined ? [] : [ctx.store.increment(charges.verifiedKey, DAY)]),
  ])
}

/** Merges a send's charges into a verification's. */
export function mergeCharges(previous: BudgetCharges | undefined, next: BudgetCharges): BudgetCharges | undefined {
  if (next.keys.length === 0 && next.micros === 0) return previous
  return {
    keys: [...(previous?.keys ?? []), ...next.keys].slice(-64),
    ...(next.country === undefined ? {} : { country: next.country }),
    ...(next.verifiedKey === undefined ? {} : { verifiedKey: next.verifiedKey }),
    micros: (previous?.micros ?? 0) + next.micros,
  }
}
