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
export async function takeBudgets(ctx: HandlerContext, state: RequestState, input: StartInput, ipKey: string | undefined): Promise<BudgetTicket> {
  const budgets = ctx.budgets
  if (budgets === undefined || input.channel === 'email' || input.country === undefined) return nothing
  const country = input.country
  const fee = await ctx.fees.feeOf(country)
  const micros = toMicros(fee)
  const safe = budgets.safePrefixes.some((prefix) => input.to.startsWith(prefix))
  const [total, sent, verified] = (await Promise.all([
    ctx.store.get(storeKeys.unverifiedMicros()),
    ctx.store.get(storeKeys.sentPerCountry(country)),
    ctx.store.get(storeKeys.verifiedPerCountry(country)),
  ])).map((value) => Number(value ?? 0) || 0) as [number, number, number]
  const elevated = total >= toMicros(budgets.unverifiedUsdSoftLimit)
  const refuse = (scope: 'ip' | 'network' | 'prefix' | 'country' | 'global', retryAfter: number): never => {
    ctx.emit({ type: 'budget.exceeded', at: ctx.now(), scope, country, to: state.maskedTo ?? '' })
    ctx.log.warn('budget of unverified sends exceeded; start refused (see the budgets option)', { scope, country, to: state.maskedTo })
    throw new ProxyError('rate_limited', { retryAfter, detail: 'Too many codes requested; try again later.' })
  }

  // A country is refused only while it converts badly: where users verify, its budget never bites.
  const unverified = Math.max(0, sent - verified)
  if (!safe && (unverified + 1) * fee > budgets.unverifiedUsdPerCountry && (sent === 0 || verified / sent < budgets.minCountryConversion)) {
    refuse('country', 3600)
  }

  const quotas: Quota[] = []
  const scopes: Array<'ip' | 'network' | 'prefix'> = []
  let verifiedKey: string | undefined
  if (ipKey !== undefined) {
    const ipHash = await ctx.keyOf('ip', ipKey)
    verifiedKey = storeKeys.verifiedPerIp(ipHash)
    // An address earns room by its users' verifications: a carrier NAT full of real users grows
    // its budget as they verify, while a pumping script's stays at the base. Degraded, with no
    // hook to ask, only a client with nothing unverified today may start.
    const verifiedFromIp = Number((await ctx.store.get(verifiedKey)) ?? 0) || 0
    const perIp = elevated && !ctx.authorize ? 1 : budgets.unverifiedPerIp + verifiedFromIp
    quotas.push({ key: storeKeys.unverifiedPerIp(ipHash), windowSeconds: DAY, limit: perIp })
    scopes.push('ip')
    const network = ipv6Network(ipKey)
    if (network !== undefined) {
      quotas.push({ key: storeKeys.unverifiedPerNetwork(await ctx.keyOf('ip', network)), windowSeconds: DAY, limit: budgets.unverifiedPerIpv6Network })
      scopes.push('network')
    }
  }
  if (!safe) {
    quotas.push({ key: storeKeys.unverifiedPerPrefix(await ctx.keyOf('address', numberPrefix(input.to))), windowSeconds: DAY, limit: budgets.unverifiedPerPrefix })
    scopes.push('prefix')
  }
  const taken = await consumeQuotas(ctx.store, quotas)
  if (taken.wait !== undefined) {
    const scope = scopes[taken.index] ?? 'ip'
    refuse(scope === 'ip' && elevated && !ctx.authorize ? 'global' : scope, taken.wait)
  }
  const ticket = taken.ticket
  if (ticket === undefined) return nothing
  return {
    elevated,
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
