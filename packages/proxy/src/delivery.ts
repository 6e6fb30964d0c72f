/**
 * The delivery status the proxy passes on to browsers: one of the five of `@hakiki/provider`, or
 * nothing. A provider's value outside them is dropped rather than sent on.
 */
import { DELIVERY_STATUSES } from '@hakiki/provider'
import type { DeliveryStatus } from '@hakiki/provider'

/** `delivery` when it is a known status, else `undefined`. */
export function knownDelivery(delivery: unknown): DeliveryStatus | undefined {
  return DELIVERY_STATUSES.includes(delivery as DeliveryStatus) ? (delivery as DeliveryStatus) : undefined
}

/** `{ delivery }` when known, else `{}`: for the start and status answers (never on checks). */
export function deliveryField(delivery: DeliveryStatus | undefined): { delivery?: DeliveryStatus } {
  return delivery === undefined ? {} : { delivery }
}
