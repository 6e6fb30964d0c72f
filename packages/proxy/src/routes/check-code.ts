/**
 * `POST {base}/verifications/{id}/check`: check a code for the session that started the
 * verification; on approval, hand back a signed receipt.
 */
import type { CheckCodeResponse } from '@hakiki/core/rules'
import type { HandlerContext, RequestState } from '../handler-context'
import { iso, jsonResponse, providerCall, reportUpstreamFailure } from '../handler-context'
import { cooldownAfter } from '../limits'
import { maskAddress } from '../mask'
import { ProxyError } from '../problem'
import { isProviderError } from '@hakiki/provider'
import { readJsonObject } from '../read-json-body'
import { signReceipt } from '../receipt'
import { upstreamProblem } from '../upstream-problem'
import { mailboxOf, normalizeCheckCode } from '../validate'
import { recordTtlSeconds, saveRecord } from '../verification-record'
import type { VerificationRecord } from '../verification-record'
import { countOf, loadOwnedRecord } from './owned-record'
import { storeKeys } from '../store-keys'
import { budgetsOnVerified } from '../take-budgets'
import { conversionOnVerified } from '../conversion-guard-start'
import type { Tally } from '@hakiki/store'
import { allReady } from '../awaitable'

/**
 * Handles a check; the origin and content type were checked by the caller. Three store round
 * trips: the record with its attempts, the attempt taken, then (approved) the record saved with
 * the budgets given back, in parallel.
 */
export async function checkCode(ctx: HandlerContext, state: RequestState): Promise<Response> {
  const body = await readJsonObject(state.request, { timeoutMs: ctx.bodyTimeoutMs })
  const { record, text, values } = await loadOwnedRecord(ctx, state, (id) => [storeKeys.attempts(id)])
  const failed = countOf(values[0])
  const code = normalizeCheckCode(body.code)
  // A code of any other length is wrong for sure: refusing it here spares the user an attempt (a
  // typo), and never sends the API a longer string (`0` + the code) it might compare as a number.
  if (code.length !== record.codeLength) throw new ProxyError('invalid_code_format', { detail: 'The code has the wrong number of digits.' })
  const now = ctx.now()

  if (record.status === 'approved') {
    // Approved already (a retried request, a second tab): say so, but issue no second receipt,
    // so each verification yields exactly one.
    return respond(record, 'approved', ctx.maxCheckAttempts - failed, now)
  }
  if (now >= record.expiresAt) throw new ProxyError('expired', { detail: 'Request a new code.' })
  if (record.status === 'cancelled' || failed >= ctx.maxCheckAttempts) {
    throw new ProxyError('too_many_attempts', { attemptsLeft: 0, retryAfter: untilResend(ctx, record, now), detail: 'Request a new code.' })
  }

  // Take one of the verification's attempts before asking the API, atomically with the hourly
  // checks of this address by this session: reading `failed` above and counting after the answer
  // let a burst of parallel guesses all pass the read, so the proxy's cap held only as far as the
  // API's own (undocumented) one did.
  // The hourly checks are counted per address *and session*: counted per address alone, ten
  // wrong codes from an attacker's own verification of a number made its owner's right code
  // answer 429 for an hour. Guessing stays bounded: each session needs its own verification (a
  // send, capped per address) and each verification allows `maxCheckAttempts` codes.
  const attempt: Tally = { key: storeKeys.attempts(record.id), windowSeconds: recordTtlSeconds(record, now) }
  const mailbox = mailboxOf(record.to)
  // No await where the runtime's MACs are synchronous.
  const hashes = allReady([ctx.keyOf('address', record.to), mailbox === record.to ? undefined : ctx.keyOf('address', mailbox)])
  const [addressKey, mailboxHash] = hashes instanceof Promise ? await hashes : hashes
  const mailboxKey = mailboxHash ?? addressKey
  const taken = await ctx.store.take([
    { ...attempt, limit: ctx.maxCheckAttempts },
    { key: storeKeys.checksPerAddress(`${mailboxKey}.${state.sessionKey ?? ''}`), windowSeconds: 3600, limit: ctx.limits.failedChecksPerDestinationPerHour },
  ])
  if (!taken.ok) {
    if (taken.index === 0) throw new ProxyError('too_many_attempts', { attemptsLeft: 0, retryAfter: untilResend(ctx, record, now), detail: 'Request a new code.' })
    throw new ProxyError('too_many_attempts', { retryAfter: taken.retryAfterSeconds, detail: 'Too many codes tried; try again later.' })
  }
  // The hourly check stays counted whatever happens next; only the attempt may come back.
  const giveBack = () => ctx.store.give([attempt])

  let status
  try {
    status = (await ctx.provider.check(record.id, code, providerCall(ctx))).status
  } catch (error) {
    // After a timeout the API may have counted the code: the attempt stays taken.
    if (!isProviderError(error, 'timeout')) await giveBack()
    reportUpstreamFailure(ctx, state, 'verify', error)
    throw upstreamProblem(error)
  }

  const at = ctx.now()
  const save = (next: VerificationRecord['status']) =>
    saveRecord(ctx.store, {
      id: record.id,
      addressKey,
      stored: text,
      atAddress: text,
      next: (stored) => (stored === undefined ? undefined : { ...stored, status: next }),
      now: at,
    })
  if (status === 'approved') {
    // A right code is not a failed attempt, and a verified send was a real user's: its share of
    // the unverified budgets comes back. All in parallel with saving the approval.
    // The conversion guard counts its sends as verified in the same add.
    const budgets = budgetsOnVerified(record.charges)
    const add = [...budgets.add, ...conversionOnVerified(ctx, record, now)]
    await Promise.all([save('approved'), ctx.store.give([attempt, ...budgets.give]), add.length === 0 ? undefined : ctx.store.add(add)])
    const receipt = await signReceipt({ sub: record.to, channel: record.channel, vid: record.id }, ctx.secret, {
      now: ctx.now,
      ttlSeconds: ctx.receiptTtlSeconds,
      ...(ctx.receiptAudience === undefined ? {} : { audience: ctx.receiptAudience }),
    })
    const left = ctx.maxCheckAttempts - failed
    emitChecked(ctx, state, record, 'approved', left, at)
    ctx.log.info('verification approved', { verificationId: record.id, to: state.maskedTo })
    return respond(record, 'approved', left, at, receipt)
  }
  if (status === 'expired') throw new ProxyError('expired', { detail: 'Request a new code.' })

  // A wrong code (the API answers `pending`) or the last allowed one (`cancelled`): its attempt
  // stays taken. Concurrent checks of one verification may each count the same earlier attempts;
  // the take above holds the cap exactly whatever this says.
  const left = status === 'cancelled' ? 0 : Math.max(0, ctx.maxCheckAttempts - (failed + 1))
  const finalStatus = left === 0 ? 'cancelled' : status
  if (finalStatus === 'cancelled') await save('cancelled')
  emitChecked(ctx, state, record, finalStatus, left, at)
  return respond(record, finalStatus, left, at)
}

function respond(record: VerificationRecord, status: CheckCodeResponse['status'], attemptsLeft: number, now: number, receipt?: string): Response {
  const body: CheckCodeResponse = { id: record.id, status, attemptsLeft: Math.max(0, attemptsLeft), serverTime: iso(now) }
  if (receipt !== undefined) body.receipt = receipt
  return jsonResponse(200, body)
}

function emitChecked(ctx: HandlerContext, state: RequestState, record: VerificationRecord, status: CheckCodeResponse['status'], attemptsLeft: number, at: number): void {
  ctx.emit({
    type: 'verification.checked',
    at,
    verificationId: record.id,
    // Masked once per request: `loadOwnedRecord` masked this record's address.
    to: state.maskedTo ?? maskAddress(record.to),
    channel: record.channel,
    status,
    attemptsLeft: Math.max(0, attemptsLeft),
  })
}

/** Seconds until this address may receive a new code. */
function untilResend(ctx: HandlerContext, record: VerificationRecord, now: number): number {
  const at = record.lastSendAt + cooldownAfter(record.sends, ctx.limits.resendCooldownSeconds) * 1000
  return Math.max(1, Math.ceil((at - now) / 1000))
}
