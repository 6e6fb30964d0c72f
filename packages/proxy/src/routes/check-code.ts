/**
 * `POST {base}/verifications/{id}/check`: check a code for the session that started the
 * verification; on approval, hand back a signed receipt.
 */
import type { CheckCodeResponse } from '@hakiki/core'
import type { HandlerContext, RequestState } from '../handler-context'
import { iso, jsonResponse, reportUpstreamFailure } from '../handler-context'
import { cooldownAfter } from '../limits'
import { maskAddress } from '../mask'
import { ProxyError } from '../problem'
import { isProviderError } from '../provider-error'
import { readJsonBody } from '../read-json-body'
import { signReceipt } from '../receipt'
import { upstreamProblem } from '../upstream-problem'
import { mailboxOf, normalizeCheckCode } from '../validate'
import { recordTtlSeconds, saveRecord } from '../verification-record'
import type { VerificationRecord } from '../verification-record'
import { failedChecks, loadOwnedRecord } from './owned-record'
import { storeKeys } from '../store-keys'
import { giveBackBudgets } from '../take-budgets'

/** Handles a check; the origin and content type were checked by the caller. */
export async function checkCode(ctx: HandlerContext, state: RequestState): Promise<Response> {
  const body = await readJsonBody(state.request, { timeoutMs: ctx.bodyTimeoutMs })
  const record = await loadOwnedRecord(ctx, state)
  const code = normalizeCheckCode(body.code)
  // A code of any other length is wrong for sure: refusing it here spares the user an attempt (a
  // typo), and never sends the API a longer string (`0` + the code) it might compare as a number.
  if (code.length !== record.codeLength) throw new ProxyError('invalid_code_format', { detail: 'The code has the wrong number of digits.' })
  const now = ctx.now()

  if (record.status === 'approved') {
    // Approved already (a retried request, a second tab): say so, but issue no second receipt,
    // so each verification yields exactly one.
    return respond(record, 'approved', ctx.maxCheckAttempts - (await failedChecks(ctx, record.id)), now)
  }
  if (now >= record.expiresAt) throw new ProxyError('expired', { detail: 'Request a new code.' })
  const failed = await failedChecks(ctx, record.id)
  if (record.status === 'cancelled' || failed >= ctx.maxCheckAttempts) {
    throw new ProxyError('too_many_attempts', { attemptsLeft: 0, retryAfter: untilResend(ctx, record, now), detail: 'Request a new code.' })
  }

  // Take one of the verification's attempts before asking the API, atomically: reading `failed`
  // above and counting after the answer let a burst of parallel guesses all pass the read, so the
  // proxy's cap held only as far as the API's own (undocumented) one did.
  const attemptsKey = storeKeys.attempts(record.id)
  const attemptsTtl = recordTtlSeconds(record, now)
  const slot = await ctx.store.increment(attemptsKey, attemptsTtl)
  const giveBack = () => ctx.store.increment(attemptsKey, attemptsTtl, -1)
  if (slot.count > ctx.maxCheckAttempts) {
    await giveBack()
    throw new ProxyError('too_many_attempts', { attemptsLeft: 0, retryAfter: untilResend(ctx, record, now), detail: 'Request a new code.' })
  }

  const addressKey = await ctx.keyOf('address', mailboxOf(record.to))
  // Counted per address *and session*: counted per address alone, ten wrong codes from an
  // attacker's own verification of a number made its owner's right code answer 429 for an hour.
  // Guessing stays bounded: each session needs its own verification (a send, capped per address)
  // and each verification allows `maxCheckAttempts` codes.
  const attempts = await ctx.store.increment(storeKeys.checksPerAddress(`${addressKey}.${state.sessionKey ?? ''}`), 3600)
  if (attempts.count > ctx.limits.failedChecksPerDestinationPerHour) {
    await giveBack()
    throw new ProxyError('too_many_attempts', { retryAfter: attempts.resetInSeconds, detail: 'Too many codes tried; try again later.' })
  }

  let status
  try {
    status = (await ctx.provider.check(record.id, code)).status
  } catch (error) {
    // After a timeout the API may have counted the code: the attempt stays taken.
    if (!isProviderError(error, 'timeout')) await giveBack()
    reportUpstreamFailure(ctx, state, 'verify', error)
    throw upstreamProblem(error)
  }

  const at = ctx.now()
  if (status === 'approved') {
    // A right code is not a failed attempt.
    await giveBack()
    const approved: VerificationRecord = { ...record, status: 'approved' }
    await saveRecord(ctx.store, approved, at)
    // A verified send was a real user's: its share of the unverified budgets comes back.
    await giveBackBudgets(ctx, record.charges)
    const receipt = await signReceipt({ sub: record.to, channel: record.channel, vid: record.id }, ctx.secret, {
      now: ctx.now,
      ttlSeconds: ctx.receiptTtlSeconds,
      ...(ctx.receiptAudience === undefined ? {} : { audience: ctx.receiptAudience }),
    })
    const left = ctx.maxCheckAttempts - (slot.count - 1)
    emitChecked(ctx, record, 'approved', left, at)
    ctx.log.info('verification approved', { verificationId: record.id, to: state.maskedTo })
    return respond(record, 'approved', left, at, receipt)
  }
  if (status === 'expired') throw new ProxyError('expired', { detail: 'Request a new code.' })

  // A wrong code (the API answers `pending`) or the last allowed one (`cancelled`): its attempt stays taken.
  const left = status === 'cancelled' ? 0 : Math.max(0, ctx.maxCheckAttempts - slot.count)
  const finalStatus = left === 0 ? 'cancelled' : status
  if (finalStatus === 'cancelled') await saveRecord(ctx.store, { ...record, status: 'cancelled' }, at)
  emitChecked(ctx, record, finalStatus, left, at)
  return respond(record, finalStatus, left, at)
}

function respond(record: VerificationRecord, status: CheckCodeResponse['status'], attemptsLeft: number, now: number, receipt?: string): Response {
  const body: CheckCodeResponse = { id: record.id, status, attemptsLeft: Math.max(0, attemptsLeft), serverTime: iso(now) }
  if (receipt !== undefined) body.receipt = receipt
  return jsonResponse(200, body)
}

function emitChecked(ctx: HandlerContext, record: VerificationRecord, status: CheckCodeResponse['status'], attemptsLeft: number, at: number): void {
  ctx.emit({
    type: 'verification.checked',
    at,
    verificationId: record.id,
    to: maskAddress(record.to),
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
