/**
 * A phone start's share of the unverified budgets (see `budgets.ts`), planned into the start's one
 * `get` and one `take`, and given back on verification. Internal to the start and check routes.
 */
import type { Tally, VerifyStore } from '@hakiki/store'
import type { BudgetExceededEvent } from './events'
import { allReady } from './awaitable'
import type { HandlerContext, RequestState } from './handler-context'
import { ipv6Network, numberPrefix, toMicros } from './budgets'
import { readConversion } from './conversion-guard-start'
import { ProxyError } from './problem'
import type { ReadBatch, TakePlan } from './store-batch'
import { storeKeys } from './store-keys'
import type { StartInput } from './validate'
import type { BudgetCharges } from './verification-record'

const DAY = 86_400

type Scope = BudgetExceededEvent['scope']

/** What a start's share of the budgets is, once planned. */
export interface BudgetShare {
  /** A destination budget or the soft limit is spent: `authorize` is asked with `elevated: true`. */
  elevated: boolean
  /** What this send charges, to merge into the record (given back on verification). */
  charges: BudgetCharges
}

/** The budgets of one start: the keys it read, then its caps and tallies in the start's take. */
export interface StartBudgets {
  /**
   * Adds the budgets' caps and tallies to `plan` (after the caps already in it), or refuses when
   * a spent budget leaves this client no way through (a `budget.exceeded` event first). Call once
   * the read batch was fetched. `destinationBusy`: the per-address cap from everyone is spent.
   * `firstResend`: this start is the session's first resend of its own pending verification.
   */
  plan(plan: TakePlan, store: VerifyStore, destinationBusy: boolean, firstResend?: boolean): Promise<BudgetShare>
}

const nothing: BudgetShare = { elevated: false, charges: { keys: [], micros: 0 } }

/**
 * Adds what the budgets of one send need to read to `reads` (local development is left out unless
 * budgets were configured). An e-mail costs next to nothing, but a flood of codes to mailboxes
 * that never verify costs the app its sender reputation, and used to spend the `sendsTotal` cap
 * every user shares (50 addresses locked a third of the app's users out in a day): it takes from
 * the per-IP counts and its domain's budget, not from the money budgets or the conversion guard.
 */
export async function readBudgets(ctx: HandlerContext, state: RequestState, input: StartInput, client: { ipKey: string | undefined; ipHash: string | undefined }, reads: ReadBatch): Promise<StartBudgets> {
  const budgets = ctx.budgets
  if (budgets !== undefined && input.channel === 'email') return readEmailBudgets(ctx, budgets, state, input, client, reads)
  const { ipKey, ipHash } = client
  if (budgets === undefined || input.country === undefined) {
    return {
      async plan(plan, store, destinationBusy) {
        // No budgets to ask (off: local development unless configured; a phone number always has
        // a country, the check narrows its type): a spent per-address cap then refuses, as caps do.
        if (destinationBusy) {
          await plan.refuseUnlessEarlier(store, () => {
            ctx.emit({ type: 'budget.exceeded', at: ctx.now(), scope: 'destination', ...(input.country === undefined ? {} : { country: input.country }), to: state.maskedTo ?? '' })
            throw new ProxyError('rate_limited', { retryAfter: 3600, detail: 'Too many codes requested; try again later.' })
          })
        }
        return nothing
      },
    }
  }
  const country = input.country
  const safe = budgets.safePrefixes.some((prefix) => input.to.startsWith(prefix))
  const network = ipKey === undefined ? undefined : ipv6Network(ipKey)
  // Together: no await where the fee table is loaded and the runtime's MACs are synchronous.
  const looked = allReady([ctx.fees.feeOf(country), safe ? undefined : ctx.keyOf('address', numberPrefix(input.to)), network === undefined ? undefined : ctx.keyOf('ip', network)])
  const [fee, prefixHash, networkHash] = looked instanceof Promise ? await looked : looked
  const micros = toMicros(fee)
  const prefixKey = prefixHash === undefined ? undefined : storeKeys.unverifiedPerPrefix(prefixHash)
  const verifiedKey = ipHash === undefined ? undefined : storeKeys.verifiedPerIp(ipHash)
  const networkKey = networkHash === undefined ? undefined : storeKeys.unverifiedPerNetwork(networkHash)
  // Read with the start's other keys: one round trip, within the request's one store deadline.
  const total = reads.count(storeKeys.unverifiedMicros())
  const sent = reads.count(storeKeys.sentPerCountry(country))
  const verified = reads.count(storeKeys.verifiedPerCountry(country))
  const prefixCount = prefixKey === undefined ? () => 0 : reads.count(prefixKey)
  const verifiedFromIp = verifiedKey === undefined ? () => 0 : reads.count(verifiedKey)
  // The conversion guard's windows and block, in the same read.
  const conversion = readConversion(ctx, { to: input.to, country }, reads)

  const refuse = budgetRefusal(ctx, state, country)

  return {
    async plan(plan, store, destinationBusy, firstResend) {
      // A spent destination budget (prefix, country) or the soft limit in all does not refuse
      // everyone: that would let an attacker lock real users of a prefix or a country out for a
      // day with a few sends. The start needs more trust instead: `authorize` asked with
      // `elevated`, or, without a hook, a client with nothing unverified today. A country counts
      // as spent only while it converts badly: where users verify, its budget never bites.
      const unverified = Math.max(0, sent() - verified())
      const countryOver = !safe && (unverified + 1) * fee > budgets.unverifiedUsdPerCountry && (sent() === 0 || verified() / sent() < budgets.minCountryConversion)
      const prefixOver = prefixKey !== undefined && prefixCount() >= budgets.unverifiedPerPrefix
      // A destination the conversion guard blocked degrades the same way (see conversion-guard.ts).
      const verdict = await conversion?.decide(store)
      const blocked = verdict?.blocked !== undefined
      // A destination far above its usual volume, verified or not (a pump that verifies its own
      // codes across a whole country's numbers), asks an app's `authorize` for more trust. Only
      // where there is a hook: without one, degrading would refuse every user of a country on a
      // busy day (a launch, a campaign) who is not on a clean address.
      const surging = ctx.authorize !== undefined && verdict?.surging === true
      const elevatedBy: Scope | undefined = destinationBusy
        ? 'destination'
        : blocked
          ? 'conversion'
          : prefixOver
          ? 'prefix'
          : countryOver
            ? 'country'
            : total() >= toMicros(budgets.unverifiedUsdSoftLimit)
              ? 'global'
              : surging
                ? 'conversion'
                : undefined
      // Degraded or not, the client IP's share (planClientCap says how a degraded start goes on).
      const keys: string[] = []
      const ipCapKey = ipHash === undefined ? undefined : storeKeys.unverifiedPerIp(ipHash)
      await planClientCap(ctx, plan, store, { elevatedBy, firstResend, ipKey, ipCapKey, verifiedFromIp, refuse })
      if (ipCapKey !== undefined) {
        keys.push(ipCapKey)
        if (networkKey !== undefined) {
          plan.caps([{ key: networkKey, windowSeconds: DAY, limit: budgets.unverifiedPerIpv6Network }], (wait) => refuse('network', wait))
          keys.push(networkKey)
        }
      }
      const tallies: Tally[] = [
        // The send counts in its country's and the total tallies; given back with the rest if it
        // does not go out. The prefix is counted, never refused by itself (see above).
        { key: storeKeys.sentPerCountry(country), windowSeconds: DAY },
        ...(micros > 0 ? [{ key: storeKeys.unverifiedMicros(), windowSeconds: DAY, amount: micros }] : []),
      ]
      if (prefixKey !== undefined) {
        tallies.push({ key: prefixKey, windowSeconds: DAY })
        keys.push(prefixKey)
      }
      // The guard's sends, counted with the rest (and given back with it if the send does not go out).
      if (conversion !== undefined) tallies.push(...conversion.tallies)
      plan.tallies(tallies)
      return {
        elevated: elevatedBy !== undefined,
        charges: { keys, country, micros, ...(verifiedKey === undefined ? {} : { verifiedKey }) },
      }
    },
  }
}

/**
 * The budgets of one e-mail send: the client IP's unverified e-mail sends (its own count, refilled
 * by its e-mail verifications: a carrier NAT full of real users earns room as they verify, and
 * mailboxes that cost an attacker nothing never earn room for phone sends), and the unverified
 * sends to the address's domain (`unverifiedPerEmailDomain`), which degrade like a number prefix
 * when spent, but only while the domain converts below half (as a country's budget): a flood of
 * made-up mailboxes verifies nothing, `gmail.com`'s real users verify. A verification gives the
 * shares back.
 */
async function readEmailBudgets(ctx: HandlerContext, budgets: NonNullable<HandlerContext['budgets']>, state: RequestState, input: StartInput, client: { ipKey: string | undefined; ipHash: string | undefined }, reads: ReadBatch): Promise<StartBudgets> {
  const { ipKey, ipHash } = client
  const domain = input.to.slice(input.to.lastIndexOf('@') + 1)
  const looked = ctx.keyOf('address', `@${domain}`)
  const domainHash = looked instanceof Promise ? await looked : looked
  const domainKey = storeKeys.unverifiedPerDomain(domainHash)
  const sentKey = storeKeys.sentPerDomain(domainHash)
  const verifiedKey = ipHash === undefined ? undefined : storeKeys.verifiedEmailPerIp(ipHash)
  const unverified = reads.count(domainKey)
  const sent = reads.count(sentKey)
  const verifiedFromIp = verifiedKey === undefined ? () => 0 : reads.count(verifiedKey)
  const refuse = budgetRefusal(ctx, state, undefined)
  return {
    async plan(plan, store, destinationBusy, firstResend) {
      const domainOver = unverified() >= budgets.unverifiedPerEmailDomain && unverified() > (1 - budgets.minCountryConversion) * sent()
      const elevatedBy: Scope | undefined = destinationBusy ? 'destination' : domainOver ? 'domain' : undefined
      const keys: string[] = []
      const ipCapKey = ipHash === undefined ? undefined : storeKeys.unverifiedEmailPerIp(ipHash)
      await planClientCap(ctx, plan, store, { elevatedBy, firstResend, ipKey, ipCapKey, verifiedFromIp, refuse })
      if (ipCapKey !== undefined) keys.push(ipCapKey)
      plan.tallies([
        { key: domainKey, windowSeconds: DAY },
        { key: sentKey, windowSeconds: DAY },
      ])
      keys.push(domainKey)
      return { elevated: elevatedBy !== undefined, charges: { keys, micros: 0, ...(verifiedKey === undefined ? {} : { verifiedKey }) } }
    },
  }
}

/**
 * The refusal of a start for a spent budget: a `budget.exceeded` event, a warning once per scope
 * and hour (under attack this fires on every request, and the default logger is the console),
 * then 429.
 */
function budgetRefusal(ctx: HandlerContext, state: RequestState, country: string | undefined): (scope: Scope, retryAfter: number) => never {
  return (scope, retryAfter) => {
    ctx.emit({ type: 'budget.exceeded', at: ctx.now(), scope, ...(country === undefined ? {} : { country }), to: state.maskedTo ?? '' })
    const once = `budget:${scope}:${Math.floor(ctx.now() / 3_600_000)}`
    if (!ctx.warned.has(once)) {
      if (ctx.warned.size > 1000) ctx.warned.clear()
      ctx.warned.add(once)
      ctx.log.warn('budget of unverified sends spent; starts refused until it frees up (the budgets option sizes it; onEvent gets budget.exceeded for each refusal)', { scope, ...(country === undefined ? {} : { country }) })
    }
    throw new ProxyError('rate_limited', { retryAfter, detail: 'Too many codes requested; try again later.' })
  }
}

/** What {@link planClientCap} needs of a start (phone or e-mail: each has its own per-IP count). */
interface ClientCap {
  /** The spent budget that degrades this start, if any. */
  elevatedBy: Scope | undefined
  /** The session's first resend of its own pending verification. */
  firstResend: boolean | undefined
  /** The client IP's limit key; without one a degraded start is refused unless it started earlier. */
  ipKey: string | undefined
  /** The client IP's count of unverified sends of this kind, if the IP is known. */
  ipCapKey: string | undefined
  /** Sends of this kind verified from the client IP today. */
  verifiedFromIp: () => number
  refuse: (scope: Scope, retryAfter: number) => never
}

/**
 * The client's share of a start, phone or e-mail alike. An address earns room by its users'
 * verifications (`unverifiedPerIp` plus one per send verified from it): a carrier NAT full of
 * real users grows its budget as they verify, while a pumping script's stays at the base. When a
 * spent budget degrades the start and the app has no `authorize` hook, only a clean client goes
 * on: one unverified send from its address (plus its verified ones), none from an unknown one
 * that has not started earlier. Except a client's first resend of the code it is waiting for (a
 * lost or slow message, one in ten real users): refusing it refused real users of a busy app all
 * day once its own non-finishers spent the soft limit; the per-address caps bound the rest.
 */
async function planClientCap(ctx: HandlerContext, plan: TakePlan, store: VerifyStore, cap: ClientCap): Promise<void> {
  const { elevatedBy, ipKey, ipCapKey, refuse } = cap
  const budgets = ctx.budgets as NonNullable<HandlerContext['budgets']>
  const strict = elevatedBy !== undefined && !ctx.authorize && cap.firstResend !== true
  if (strict && ipKey === undefined) await plan.refuseUnlessEarlier(store, () => refuse(elevatedBy, 3600))
  if (ipCapKey === undefined) return
  const scope = strict ? elevatedBy : 'ip'
  plan.caps([{ key: ipCapKey, windowSeconds: DAY, limit: (strict ? 1 : budgets.unverifiedPerIp) + cap.verifiedFromIp() }], (wait) => refuse(scope, wait))
}

/** What a verification's sends took from the budgets, to `give` back now that it is verified, and the verified tallies to `add`. */
export function budgetsOnVerified(charges: BudgetCharges | undefined): { give: Tally[]; add: Tally[] } {
  if (!charges || charges.keys.length === 0) return { give: [], add: [] }
  return {
    give: [
      ...charges.keys.map((key) => ({ key, windowSeconds: DAY })),
      ...(charges.micros > 0 ? [{ key: storeKeys.unverifiedMicros(), windowSeconds: DAY, amount: charges.micros }] : []),
    ],
    add: [
      ...(charges.country === undefined ? [] : [{ key: storeKeys.verifiedPerCountry(charges.country), windowSeconds: DAY }]),
      ...(charges.verifiedKey === undefined ? [] : [{ key: charges.verifiedKey, windowSeconds: DAY }]),
    ],
  }
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
