/**
 * `POST {base}/verifications`: validate, enforce the cooldown and the caps, then ask the API to
 * send a code. Posting again for the same address re-sends the same verification (the API's
 * behaviour for a pending one) once the cooldown is over.
 */
import type { StartVerificationResponse } from '@hakiki/core'
import type { HandlerContext, RequestState } from '../handler-context'
import { iso, jsonResponse, reportUpstreamFailure } from '../handler-context'
import { consumeQuotas, cooldownAfter, hourDay } from '../limits'
import type { Quota } from '../limits'
import { ipLimitKey } from '../client-ip'
import { maskAddress } from '../mask'
import { ProviderError, isProviderError } from '../provider-error'
import { ProxyError } from '../problem'
import { readJsonBody } from '../read-json-body'
import { isOutage, upstreamProblem } from '../upstream-problem'
import { mailboxOf, parseStartInput } from '../validate'
import type { AuthorizeContext } from '../verify-handler-options'
import type { BudgetCharges, VerificationRecord } from '../verification-record'
import { mergeCharges, takeBudgets } from '../take-budgets'
import { MAX_SESSIONS_PER_VERIFICATION, VERIFICATION_ID, loadRecord, recordTtlSeconds, saveRecord } from '../verification-record'
import { failedChecks } from './owned-record'
import { storeKeys } from '../store-keys'
import { StoreUnavailableError } from '../stores/store-deadline'

/** Handles a start; the origin and content type were checked by the caller. */
export async function startVerification(ctx: HandlerContext, state: RequestState): Promise<Response> {
  // What this request took, to give back if the store fails half-way (a paused Redis used to
  // spend an IP's slots with no code sent). Emptied once the provider has answered.
  const undo: Array<() => Promise<unknown>> = []
  try {
    return await start(ctx, state, undo)
  } catch (error) {
    if (error instanceof StoreUnavailableError && undo.length > 0) await Promise.allSettled(undo.map((giveBack) => giveBack()))
    throw error
  }
}

async function start(ctx: HandlerContext, state: RequestState, undo: Array<() => Promise<unknown>>): Promise<Response> {
  const input = parseStartInput(await readJsonBody(state.request, { timeoutMs: ctx.bodyTimeoutMs }), ctx.acceptsCountry)
  state.maskedTo = maskAddress(input.to)
  // A channel the provider declares it cannot send (e-mail on a Twilio service without a Mailer,
  // WhatsApp through the Verify API) is refused here, before any counter or upstream call.
  if (ctx.provider.channels !== undefined && !ctx.provider.channels.includes(input.channel)) {
    throw new ProxyError('unsupported_channel', { detail: 'This channel is not available; choose another.' })
  }
  // Before anything that costs: counters, the authorize hook (a one-time captcha), the API.
  if (input.channel !== 'email') ctx.checkNumberType(input.to, input.country ?? '', input.channel)


  const session = await ctx.sessions.read(state.request, ctx.secureCookie(state.request))
  const cookie = await ctx.sessions.issue(session, {
    path: state.base === '' ? '/' : state.base,
    secure: ctx.secureCookie(state.request),
  })
  const sessionKey = await ctx.keyOf('session', cookie.id)
  const addressKey = await ctx.keyOf('address', input.to)
  const mailboxKey = await ctx.keyOf('address', mailboxOf(input.to))
  const now = ctx.now()

  // The caller's own caps first, before anything that depends on the number: once over them, a
  // probe learns nothing about the number (whether a code is in flight for it) from the answer.
  const own: Quota[] = []
  const ip = await ctx.getClientIp(state.request)
  // An address we cannot parse still counts, under its own spelling: skipping the per-IP caps
  // whenever `getClientIp` answers something unexpected would fail open.
  const ipKey = ip === undefined || ip.trim() === '' ? undefined : (ipLimitKey(ip) ?? `raw:${ip.trim().slice(0, 100)}`)
  if (ipKey !== undefined) own.push(...hourDay(storeKeys.sendsPerIp(await ctx.keyOf('ip', ipKey)), ctx.limits.sendsPerIp))
  else {
    if (!ctx.warned.has('empty-client-ip')) {
      // Said once, loudly: the app's getClientIp found no address (a request that bypassed the
      // CDN that sets its header?); such requests only have the per-address and per-session caps,
      // and a script sheds its session by dropping the cookie.
      ctx.warned.add('empty-client-ip')
      ctx.log.warn('getClientIp returned no address for a start: those requests share the sendsPerUnknownClient bucket (check that the header it reads is always set by your host)')
    }
    // Clients the proxy cannot tell apart share one small bucket, counted before the global cap:
    // a cookieless script then spends at most this bucket, never the cap every user shares.
    if (session === undefined) own.push(...hourDay(storeKeys.sendsUnknownClient(), ctx.limits.sendsPerUnknownClient))
  }
  own.push(...hourDay(storeKeys.sendsPerSession(sessionKey), ctx.limits.sendsPerSession))
  const ownQuota = await consumeQuotas(ctx.store, own)
  if (ownQuota.wait !== undefined) throw new ProxyError('rate_limited', { retryAfter: ownQuota.wait, detail: 'Too many codes requested; try again later.' })
  undo.push(() => ownQuota.ticket.refund())

  const current = await currentRecord(ctx, addressKey, now)
  if (current !== undefined && !current.sessions.includes(sessionKey)) {
    // Another session's verification is pending for this address. Re-sending it would hand this
    // session the owner's id, attempts and expiry, and let it spend the owner's sends and attempts:
    // it gets the cooldown answer instead, and spends nothing.
    await ownQuota.ticket.refund()
    throw new ProxyError('rate_limited', { retryAfter: Math.max(1, Math.ceil((current.expiresAt - now) / 1000)), detail: 'Wait before requesting another code.' })
  }
  // The cooldown gate: a key that exists exactly while a resend must wait. Incrementing it is one
  // atomic step, so two concurrent starts cannot both pass (a check-then-set could).
  const gateKey = storeKeys.cooldown(addressKey)
  undo.push(() => ctx.store.delete(gateKey))
  const gate = await ctx.store.increment(gateKey, cooldownAfter((current?.sends ?? 0) + 1, ctx.limits.resendCooldownSeconds))
  if (gate.count > 1) {
    await ownQuota.ticket.refund()
    throw new ProxyError('rate_limited', { retryAfter: gate.resetInSeconds, detail: 'Wait before requesting another code.' })
  }

  // Last, so a request refused by a narrower cap never takes (and gives back) a global slot.
  // The cap per address from everyone does not refuse once spent (that let anyone who knows a
  // number lock its owner out for the day from a few addresses): it asks for more trust instead,
  // as the budgets do (authorize with `elevated`, or a client with nothing unverified today).
  const everyone = hourDay(storeKeys.sendsPerDestinationAll(mailboxKey), ctx.limits.sendsPerDestinationAll)
  const everyoneCounts = await Promise.all(everyone.map((quota) => ctx.store.get(quota.key)))
  const destinationBusy = everyone.some((quota, i) => (Number(everyoneCounts[i] ?? 0) || 0) >= quota.limit)
  const shared = await consumeQuotas(ctx.store, [
    ...hourDay(storeKeys.sendsPerDestination(mailboxKey, ipKey === undefined ? '-' : await ctx.keyOf('ip', ipKey)), ctx.limits.sendsPerDestination),
    ...everyone.map((quota) => ({ ...quota, limit: Number.MAX_SAFE_INTEGER })),
    ...hourDay(storeKeys.sendsTotal(), ctx.limits.sendsTotal),
  ])
  if (shared.wait !== undefined) {
    await Promise.all([ctx.store.delete(gateKey), ownQuota.ticket.refund()])
    throw new ProxyError('rate_limited', { retryAfter: shared.wait, detail: 'Too many codes requested; try again later.' })
  }
  // The budgets of unverified sends (per IP, IPv6 /48, number prefix, country in money; a soft
  // limit in all): what a verification gives back, so they bind attackers, not users.
  let budget
  try {
    undo.push(() => shared.ticket.refund())
    budget = await takeBudgets(ctx, state, input, ipKey, destinationBusy)
  } catch (error) {
    await Promise.all([ctx.store.delete(gateKey), ownQuota.ticket.refund(), shared.ticket.refund()])
    throw error
  }
  const taken = budget
  undo.push(() => taken.refund())
  const quota = { ticket: { refund: () => Promise.all([ownQuota.ticket.refund(), shared.ticket.refund(), budget.refund()]).then(() => undefined) } }

  // Last before the send: a one-time captcha the hook verifies is spent only on a start that goes
  // out (it used to be spent on starts then refused by the cooldown or a cap).
  if (ctx.authorize && !(await isAuthorized(ctx, state.request, { ...input, elevated: budget.elevated }))) {
    await Promise.all([ctx.store.delete(gateKey), quota.ticket.refund()])
    throw new ProxyError('forbidden')
  }

  // After an outage the provider is left alone for a while (a circuit breaker with half-open
  // probes): a failing start spends nothing, so asking again on every start turned an outage into
  // as many upstream calls as there were clicks. Checked last, so nothing above is wasted on it;
  // what this request took is given back.
  let permit
  try {
    permit = ctx.startBreaker.admit(ctx.now())
  } catch (error) {
    await Promise.all([ctx.store.delete(gateKey), quota.ticket.refund()])
    throw error
  }

  let verification
  try {
    // From here on the provider decides what is given back (a timeout keeps the send counted).
    undo.length = 0
    verification = await ctx.provider.start({ to: input.to, channel: input.channel, locale: input.localeTag, codeLength: ctx.codeLength })
  } catch (error) {
    // After a timeout the code may have gone out anyway, so the cooldown and the counted send
    // stay; after any other failure nothing was sent: the user may retry at once, at no cost.
    if (!isProviderError(error, 'timeout')) {
      await ctx.store.delete(gateKey)
      await quota.ticket.refund()
    }
    reportUpstreamFailure(ctx, state, 'create', error)
    const problem = upstreamProblem(error)
    // Only an outage counts; an answer about this request (country blocked, channel not set up,
    // invalid number) shows the provider is up, and affects this request only.
    if (isOutage(error)) permit.outage(ctx.now(), problem)
    else permit.answered()
    throw problem
  }
  permit.answered()
  await budget.commit()

  if (!VERIFICATION_ID.test(verification.id)) {
    // The code probably went out, so the counted send stays; the gate goes, or the user could
    // not retry for a verification they never learned the id of.
    await ctx.store.delete(gateKey)
    reportUpstreamFailure(ctx, state, 'create', new ProviderError('invalid_response', { operation: 'start', provider: ctx.provider.name }))
    throw new ProxyError('upstream_error')
  }
  const sentAt = ctx.now()
  const previous =
    current?.id === verification.id ? current : await loadRecord(ctx.store, verification.id)
  const resend = previous !== undefined && previous.status === 'pending' && sentAt < previous.expiresAt
  const record: VerificationRecord = resend
    ? {
        ...previous,
        channel: input.channel,
        sends: previous.sends + 1,
        lastSendAt: sentAt,
        // Only a session already listed gets here (see above), unless the API answered an id the
        // proxy had not mapped to this address: then this session is added, within the bound.
        sessions: previous.sessions.includes(sessionKey)
          ? previous.sessions
          : [...previous.sessions, sessionKey].slice(-MAX_SESSIONS_PER_VERIFICATION),
        ...withCharges(mergeCharges(previous.charges, budget.charges)),
      }
    : {
        id: verification.id,
        to: input.to,
        channel: input.channel,
        codeLength: ctx.codeLength,
        createdAt: sentAt,
        expiresAt: sentAt + ctx.codeTtlSeconds * 1000,
        sessions: [sessionKey],
        sends: 1,
        lastSendAt: sentAt,
        status: 'pending',
        ...withCharges(mergeCharges(undefined, budget.charges)),
      }
  const cooldown = cooldownAfter(record.sends, ctx.limits.resendCooldownSeconds)
  await saveRecord(ctx.store, record, sentAt)
  await ctx.store.set(storeKeys.addressVerification(addressKey), record.id, recordTtlSeconds(record, sentAt))
  // Re-arm the gate with the wait that follows this send (the guess above assumed `current`).
  await ctx.store.set(gateKey, '1', cooldown)

  ctx.emit({
    type: 'verification.sent',
    at: sentAt,
    verificationId: record.id,
    to: maskAddress(record.to),
    channel: record.channel,
    resend,
    ...(input.country === undefined ? {} : { country: input.country }),
    ...(verification.fee === undefined ? {} : { fee: verification.fee }),
  })
  ctx.log.info('verification sent', { verificationId: record.id, to: state.maskedTo, channel: record.channel, resend })

  const body: StartVerificationResponse = {
    id: record.id,
    to: record.to,
    channel: record.channel,
    status: verification.status,
    codeLength: record.codeLength,
    expiresAt: iso(record.expiresAt),
    resendAt: iso(sentAt + cooldown * 1000),
    attemptsLeft: Math.max(0, ctx.maxCheckAttempts - (await failedChecks(ctx, record.id))),
    serverTime: iso(sentAt),
  }
  if (verification.fee !== undefined && /^[0-9]+(\.[0-9]+)?$/.test(verification.fee)) body.fee = verification.fee
  return jsonResponse(201, body, new Headers({ 'Set-Cookie': cookie.setCookie }))
}

/** The pending verification of this address, if one is still live. */
async function currentRecord(ctx: HandlerContext, addressKey: string, now: number): Promise<VerificationRecord | undefined> {
  const id = await ctx.store.get(storeKeys.addressVerification(addressKey))
  const record = id === undefined ? undefined : await loadRecord(ctx.store, id)
  return record && record.status === 'pending' && now < record.expiresAt ? record : undefined
}

function withCharges(charges: BudgetCharges | undefined): { charges?: BudgetCharges } {
  return charges === undefined ? {} : { charges }
}

async function isAuthorized(ctx: HandlerContext, request: Request, input: AuthorizeContext): Promise<boolean> {
  try {
    return (await ctx.authorize?.(request, input)) === true
  } catch (error) {
    // Fail closed; only the error's name is logged, its message may hold the app's own data.
    ctx.log.error('authorize hook threw; start refused', { error: error instanceof Error ? error.name : typeof error })
    return false
  }
}
