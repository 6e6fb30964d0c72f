/**
 * `POST {base}/verifications`: validate, enforce the cooldown and the caps, then ask the API to
 * send a code. Posting again for the same address re-sends the same verification (the API's
 * behaviour for a pending one) once the cooldown is over.
 *
 * Three store round trips, whatever the caps and budgets: ONE `get` of everything that decides
 * (the address's pending verification, the per-address counts, the budgets' reads), ONE atomic
 * `take` of every cap, tally and the cooldown gate (all or nothing; its refused `index` names the
 * cap), and after the send ONE `write` of the record (with the attempts read beside it on a
 * re-send). A module that needs more read or counted (the conversion guard) adds its keys to the
 * `reads` batch and its caps or tallies to the `plan` below.
 */
import type { StartVerificationResponse } from '@hakiki/core/rules'
import { StoreUnavailableError } from '@hakiki/store'
import type { HandlerContext, RequestState } from '../handler-context'
import { iso, jsonResponse, providerCall, reportUpstreamFailure } from '../handler-context'
import { deliveryField, knownDelivery } from '../delivery'
import { cooldownAfter, hourDay } from '../limits'
import { ipLimitKey } from '../client-ip'
import { maskAddress } from '../mask'
import { ProviderError, isProviderError } from '@hakiki/provider'
import { ProxyError } from '../problem'
import { readJsonObject } from '../read-json-body'
import { loadPhoneLibrary, loadedPhoneLibrary } from '../phone-library'
import { createReadBatch, createTakePlan } from '../store-batch'
import type { Refusal } from '../store-batch'
import { isOutage, upstreamProblem } from '../upstream-problem'
import { mailboxOf, parseStartInput } from '../validate'
import type { AuthorizeContext } from '../verify-handler-options'
import type { BudgetCharges, VerificationRecord } from '../verification-record'
import { mergeCharges, readBudgets } from '../take-budgets'
import { MAX_SESSIONS_PER_VERIFICATION, VERIFICATION_ID, parseRecord, saveRecord } from '../verification-record'
import { countOf } from './owned-record'
import { fetchRequestOf } from '../request-view'
import { allReady } from '../awaitable'
import type { RequestView } from '../request-view'
import { storeKeys } from '../store-keys'

const tooMany: Refusal = (retryAfter) => {
  throw new ProxyError('rate_limited', { retryAfter, detail: 'Too many codes requested; try again later.' })
}
const waitBeforeResend: Refusal = (retryAfter) => {
  throw new ProxyError('rate_limited', { retryAfter, detail: 'Wait before requesting another code.' })
}

/** Handles a start; the origin and content type were checked by the caller. */
export async function startVerification(ctx: HandlerContext, state: RequestState): Promise<Response> {
  const sent = await readJsonObject(state.request, { timeoutMs: ctx.bodyTimeoutMs })
  // Phone numbers are parsed with libphonenumber's metadata, loaded by the first start that needs it.
  if (sent.channel !== 'email' && loadedPhoneLibrary() === undefined) await loadPhoneLibrary()
  const input = parseStartInput(sent, ctx.acceptsCountry)
  state.maskedTo = maskAddress(input.to)
  // A channel the provider declares it cannot send (e-mail on a Twilio service without a Mailer,
  // WhatsApp through the Verify API) is refused here, before any counter or upstream call.
  if (ctx.provider.channels !== undefined && !ctx.provider.channels.includes(input.channel)) {
    throw new ProxyError('unsupported_channel', { detail: 'This channel is not available; choose another.' })
  }
  // Before anything that costs: counters, the authorize hook (a one-time captcha), the API.
  if (input.channel !== 'email') ctx.checkNumberType(input.to, input.country ?? '', input.channel)

  // Awaited only where a runtime answers with promises (Web Crypto MACs, an async getClientIp hook).
  const secure = ctx.secureCookie(state.request)
  const read = ctx.sessions.read(state.request, secure)
  const session = read instanceof Promise ? await read : read
  const issued = ctx.sessions.issue(session, { path: state.base === '' ? '/' : state.base, secure })
  const cookie = issued instanceof Promise ? await issued : issued
  const asked = ctx.getClientIp(state.request)
  const ip = asked === undefined || typeof asked === 'string' ? asked : await asked
  // An address we cannot parse still counts, under its own spelling: skipping the per-IP caps
  // whenever `getClientIp` answers something unexpected would fail open.
  const ipKey = ip === undefined || ip.trim() === '' ? undefined : (ipLimitKey(ip) ?? `raw:${ip.trim().slice(0, 100)}`)
  // A phone number is its own mailbox: one keyed hash, not two.
  const mailbox = mailboxOf(input.to)
  // The keyed hashes the caps count under, together: no await where the runtime's MACs are synchronous.
  const hashes = allReady([
    ctx.keyOf('session', cookie.id),
    ctx.keyOf('address', input.to),
    mailbox === input.to ? undefined : ctx.keyOf('address', mailbox),
    ipKey === undefined ? undefined : ctx.keyOf('ip', ipKey),
  ])
  const [sessionKey, addressKey, mailboxHash, ipHash] = hashes instanceof Promise ? await hashes : hashes
  const mailboxKey = mailboxHash ?? addressKey

  // 1. Everything that decides the take, in one get.
  const reads = createReadBatch()
  const atAddress = reads.key(storeKeys.addressVerification(addressKey))
  const everyone = hourDay(storeKeys.sendsPerDestinationAll(mailboxKey), ctx.limits.sendsPerDestinationAll)
  const everyoneCounts = everyone.map((quota) => reads.count(quota.key))
  const budgets = await readBudgets(ctx, state, input, { ipKey, ipHash }, reads)
  await reads.fetch(ctx.store)
  const now = ctx.now()
  const currentText = atAddress()
  const stored = parseRecord(currentText)
  const current = stored && stored.status === 'pending' && now < stored.expiresAt ? stored : undefined

  // 2. Every cap, in the order they are judged, taken in one atomic take.
  const plan = createTakePlan()
  // The caller's own caps first, before anything that depends on the number: once over them, a
  // probe learns nothing about the number (whether a code is in flight for it) from the answer.
  if (ipHash !== undefined) plan.caps(hourDay(storeKeys.sendsPerIp(ipHash), ctx.limits.sendsPerIp), tooMany)
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
    if (session === undefined) plan.caps(hourDay(storeKeys.sendsUnknownClient(), ctx.limits.sendsPerUnknownClient), tooMany)
  }
  plan.caps(hourDay(storeKeys.sendsPerSession(sessionKey), ctx.limits.sendsPerSession), tooMany)
  if (current !== undefined && !current.sessions.includes(sessionKey)) {
    // Another session's verification is pending for this address. Re-sending it would hand this
    // session the owner's id, attempts and expiry, and let it spend the owner's sends and attempts:
    // it gets the cooldown answer instead, and spends nothing.
    await plan.refuseUnlessEarlier(ctx.store, () => waitBeforeResend(Math.max(1, Math.ceil((current.expiresAt - now) / 1000))))
  }
  // The cooldown gate: a counter that exists exactly while a resend must wait, taken with the caps
  // (one atomic step, so two concurrent starts cannot both pass; a check-then-set could).
  const gateKey = storeKeys.cooldown(addressKey)
  plan.caps([{ key: gateKey, windowSeconds: cooldownAfter((current?.sends ?? 0) + 1, ctx.limits.resendCooldownSeconds), limit: 1 }], waitBeforeResend)
  // Judged after the caller's own, so a request refused by a narrower cap never takes (and gives
  // back) a global slot. The cap per address from everyone does not refuse once spent (that let
  // anyone who knows a number lock its owner out for the day from a few addresses): it asks for
  // more trust instead, as the budgets do (authorize with `elevated`, or a client with nothing
  // unverified today).
  const destinationBusy = everyone.some((quota, i) => (everyoneCounts[i]?.() ?? 0) >= quota.limit)
  plan.caps(hourDay(storeKeys.sendsPerDestination(mailboxKey, ipHash ?? '-'), ctx.limits.sendsPerDestination), tooMany)
  plan.tallies(everyone)
  plan.caps(hourDay(storeKeys.sendsTotal(), ctx.limits.sendsTotal), tooMany)
  // The budgets of unverified sends (per IP, IPv6 /48, number prefix, country in money; a soft
  // limit in all): what a verification gives back, so they bind attackers, not users.
  const budget = await budgets.plan(plan, ctx.store, destinationBusy, current !== undefined && current.sends === 1 && current.sessions.includes(sessionKey))
  try {
    await plan.take(ctx.store)
  } catch (error) {
    // A take that timed out may still have applied: it is given back (a paused Redis used to
    // spend an IP's slots with no code sent). One that failed or found the store full did not
    // apply, and giving back what it never took would lower the caps for everyone else.
    if (error instanceof StoreUnavailableError && error.reason === 'timeout') await ctx.store.give(plan.toGive()).catch(() => undefined)
    throw error
  }
  const giveBack = () => ctx.store.give(plan.toGive())

  // Last before the send: a one-time captcha the hook verifies is spent only on a start that goes
  // out (it used to be spent on starts then refused by the cooldown or a cap).
  if (ctx.authorize && !(await isAuthorized(ctx, state.request, { ...input, elevated: budget.elevated }))) {
    await giveBack()
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
    await giveBack()
    throw error
  }

  let verification
  try {
    verification = await ctx.provider.start(
      {
        to: input.to,
        channel: input.channel,
        locale: input.localeTag,
        codeLength: ctx.codeLength,
        // The pending verification this start re-sends (only ever this session's, see above), so
        // the provider keeps its id, its code and its cooldowns.
        ...(current === undefined ? {} : { resend: { id: current.id, channel: current.channel, sends: current.sends } }),
      },
      providerCall(ctx),
    )
  } catch (error) {
    // After a timeout the code may have gone out anyway, so the cooldown and the counted send
    // stay; after any other failure nothing was sent: the user may retry at once, at no cost.
    if (!isProviderError(error, 'timeout')) await giveBack()
    reportUpstreamFailure(ctx, state, 'create', error)
    const problem = upstreamProblem(error)
    // Only an outage counts; an answer about this request (country blocked, channel not set up,
    // invalid number) shows the provider is up, and affects this request only.
    if (isOutage(error)) permit.outage(ctx.now(), problem)
    else permit.answered()
    throw problem
  }
  permit.answered()
  // The rates are read again (in the background) only after a send the budgets charged went out.
  if (budget.charges.country !== undefined) ctx.fees.refresh()

  if (!VERIFICATION_ID.test(verification.id)) {
    // The code probably went out, so the counted send stays; the gate goes, or the user could
    // not retry for a verification they never learned the id of.
    await ctx.store.give([{ key: gateKey, windowSeconds: 1 }])
    reportUpstreamFailure(ctx, state, 'create', new ProviderError('invalid_response', { operation: 'start', provider: ctx.provider.name }))
    throw new ProxyError('upstream_error')
  }

  // 3. The record, under its id and its address, with the gate re-armed for the wait that
  // follows this send (the window taken above assumed `current`), in one write; on a re-send the
  // attempts already spent are read beside it.
  const sentAt = ctx.now()
  const delivery = knownDelivery(verification.delivery)
  let resend = false
  // What this send makes of the stored record (read again by a lost compare-and-set round).
  let built!: VerificationRecord
  const next = (previous: VerificationRecord | undefined): VerificationRecord => {
    resend = previous !== undefined && previous.status === 'pending' && sentAt < previous.expiresAt
    built = previous !== undefined && resend
      ? {
          // The latest send's delivery replaces the previous one's (or none is known yet).
          ...withoutDelivery(previous),
          channel: input.channel,
          sends: previous.sends + 1,
          lastSendAt: sentAt,
          // Only a session already listed gets here (see above), unless the API answered an id the
          // proxy had not mapped to this address: then this session is added, within the bound.
          sessions: previous.sessions.includes(sessionKey) ? previous.sessions : [...previous.sessions, sessionKey].slice(-MAX_SESSIONS_PER_VERIFICATION),
          ...withCharges(mergeCharges(previous.charges, budget.charges)),
          ...deliveryField(delivery),
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
          ...deliveryField(delivery),
        }
    return built
  }
  const known = current?.id === verification.id
  let [, [attempts]] = await Promise.all([
    saveRecord(ctx.store, {
      id: verification.id,
      addressKey,
      // A new id is absent from the store, the usual case; a lost round reads what is there.
      stored: known ? currentText : undefined,
      atAddress: currentText,
      next,
      claimAddress: true,
      alongside: (saved) => [{ key: gateKey, value: '1', ttlSeconds: cooldownAfter(saved.sends, ctx.limits.resendCooldownSeconds) }],
      now: sentAt,
    }),
    known ? ctx.store.get([storeKeys.attempts(verification.id)]) : Promise.resolve([undefined]),
  ])
  const record = built
  // The API answered an id the proxy had not mapped to this address, of a verification still
  // pending (rare): its attempts are read now.
  if (resend && !known) [attempts] = await ctx.store.get([storeKeys.attempts(record.id)])
  const cooldown = cooldownAfter(record.sends, ctx.limits.resendCooldownSeconds)

  ctx.emit({
    type: 'verification.sent',
    at: sentAt,
    verificationId: record.id,
    // Masked once per request (above), unless the API answered an id the proxy knew for another address.
    to: record.to === input.to && state.maskedTo !== undefined ? state.maskedTo : maskAddress(record.to),
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
    attemptsLeft: Math.max(0, ctx.maxCheckAttempts - countOf(attempts)),
    serverTime: iso(sentAt),
    ...deliveryField(delivery),
  }
  if (verification.fee !== undefined && /^[0-9]+(\.[0-9]+)?$/.test(verification.fee)) body.fee = verification.fee
  return jsonResponse(201, body, [['Set-Cookie', cookie.setCookie]])
}

function withoutDelivery(record: VerificationRecord): VerificationRecord {
  const { delivery: _previous, ...rest } = record
  return rest
}

function withCharges(charges: BudgetCharges | undefined): { charges?: BudgetCharges } {
  return charges === undefined ? {} : { charges }
}

async function isAuthorized(ctx: HandlerContext, request: RequestView, input: AuthorizeContext): Promise<boolean> {
  try {
    return (await ctx.authorize?.(fetchRequestOf(request), input)) === true
  } catch (error) {
    // Fail closed; only the error's name is logged, its message may hold the app's own data.
    ctx.log.error('authorize hook threw; start refused', { error: error instanceof Error ? error.name : typeof error })
    return false
  }
}
