/**
 * Whether a delivery status is final: a module of its own (not in flow-machine.ts) because the
 * code step, in a lazy chunk, asks it too, and webpack keeps a module shared with a lazy chunk in
 * a wrapper of its own, reached through an exports object, instead of inlining it: the machine is
 * the largest module up front.
 */
import type { DeliveryStatus } from '../adapters/contract'

/** A delivery status that will not change any more. */
export type FinalDelivery = Extract<DeliveryStatus, 'delivered' | 'failed' | 'undelivered'>

/** True for a delivery status that will not change any more (no need to ask again). */
export function isFinalDelivery(delivery: DeliveryStatus | undefined): delivery is FinalDelivery {
  return delivery === 'delivered' || delivery === 'failed' || delivery === 'undelivered'
}
