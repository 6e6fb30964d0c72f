/** `GET {base}/verifications/{id}`: the status of a verification, for the session that started it. */
import type { VerificationStatus, VerificationStatusResponse } from '@hakiki/core/rules'
import type { DeliveryStatus } from '@hakiki/provider'
import { deliveryField, knownDelivery } from '../delivery'
import type { HandlerContext, RequestState } from '../handler-context'
import { iso, jsonResponse, providerCall, reportUpstreamFailure } from '../handler-context'
import { upstreamProblem } from '../upstream-problem'
import { saveRecord } from '../verification-record'
import type { VerificationRecord } from '../verification-record'
import { loadOwnedRecord } from './owned-record'
import { storeKeys } from '../store-keys'

/** Least time between two questions to the API about the same verification. */
export const STATUS_REFRESH_SECONDS = 5

/**
 * Handles a status read: at most three store round trips (read, the refresh window, the record
 * saved when the provider's answer changed it: cancelled, or a new delivery status). The answer
 * carries the latest send's delivery status when the provider reports one (the flow polls it to
 * say "Delivered" or "Couldn't be delivered").
 */
export async function getStatus(ctx: HandlerContext, state: RequestState): Promise<Response> {
  const { record, text } = await loadOwnedRecord(ctx, state)
  const now = ctx.now()
  // The API cannot answer for approved verifications (its Get is 404 then) and need not be asked
  // about finished or expired ones: the proxy's own record is the truth there.
  if (record.status !== 'pending') return respond(record, record.status, now)
  if (now >= record.expiresAt) return respond(record, 'expired', now)
  // The API's quota is shared by every user of the app, and polling is free for a browser: ask
  // it about one verification at most once per window, else answer from the record. The record
  // stays right meanwhile: approval and cancellation are saved when the proxy sees them, expiry
  // is computed from `expiresAt`.
  const asked = await ctx.store.take([{ key: storeKeys.statusAsked(record.id), windowSeconds: STATUS_REFRESH_SECONDS, limit: 1 }])
  if (!asked.ok) return respond(record, 'pending', now)

  let status: VerificationStatus
  let delivery: DeliveryStatus | undefined
  try {
    const answer = await ctx.provider.status(record.id, providerCall(ctx))
    status = answer.status
    delivery = knownDelivery(answer.delivery) ?? record.delivery
  } catch (error) {
    reportUpstreamFailure(ctx, state, 'get', error)
    throw upstreamProblem(error)
  }
  if (status === 'cancelled' || delivery !== record.delivery) {
    await saveRecord(ctx.store, {
      id: record.id,
      addressKey: await ctx.keyOf('address', record.to),
      stored: text,
      atAddress: text,
      next: (stored) => (stored === undefined ? undefined : { ...stored, ...(status === 'cancelled' ? { status: 'cancelled' as const } : {}), ...deliveryField(delivery) }),
      now,
    })
  }
  return respond({ ...record, ...deliveryField(delivery) }, status, now)
}

function respond(record: VerificationRecord, status: VerificationStatus, now: number): Response {
  const body: VerificationStatusResponse = {
    id: record.id,
    status,
    expiresAt: iso(record.expiresAt),
    serverTime: iso(now),
    ...deliveryField(record.delivery),
  }
  return jsonResponse(200, body)
}
