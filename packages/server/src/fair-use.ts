/**
 * The fair-use policy of one client, counted in the shared store with one all-or-nothing `take`
 * per create: creates per minute, a monthly quota (calendar month, UTC), and creates per
 * destination address per hour. Every key is the client's own: a client that trips a limit hurts
 * no other client, and the per-address cap stops one client's caller from pumping one number
 * (SMS pumping) without locking other addresses out.
 */
import type { Quota } from '@hakiki/store'
import type { ClientLimits } from './server-config'

/** Which limit refused a create. */
export type FairUseLimit = 'per_minute' | 'monthly_quota' | 'per_address'

/** The quotas of one create, in the order {@link FAIR_USE_LIMITS} names them. */
export function fairUseQuotas(clientId: string, limits: ClientLimits, addressHash: string, now: number): Quota[] {
  const date = new Date(now)
  const monthEnd = Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1)
  const month = `${date.getUTCFullYear()}-${String(date.getUTCMonth() + 1).padStart(2, '0')}`
  return [
    { key: `srv:fair:${clientId}:minute:${Math.floor(now / 60_000)}`, windowSeconds: 60 - (Math.floor(now / 1000) % 60), limit: limits.createsPerMinute },
    { key: `srv:fair:${clientId}:month:${month}`, windowSeconds: Math.max(1, Math.ceil((monthEnd - now) / 1000)), limit: limits.monthlyQuota },
    { key: `srv:fair:${clientId}:to:${addressHash}`, windowSeconds: 3600, limit: limits.createsPerAddressPerHour },
  ]
}

/** The limits of {@link fairUseQuotas}, by index. */
export const FAIR_USE_LIMITS: readonly FairUseLimit[] = ['per_minute', 'monthly_quota', 'per_address']

/** What a caller is told when `limit` refuses a create (no count of another client, no address). */
export function fairUseMessage(limit: FairUseLimit, limits: ClientLimits, retryAfter: number): string {
  switch (limit) {
    case 'per_minute':
      return `Fair use: at most ${limits.createsPerMinute} verifications per minute for this client. Retry after ${retryAfter} seconds`
    case 'monthly_quota':
      return `Fair use: the monthly quota of ${limits.monthlyQuota} verifications for this client is used up. It renews in ${retryAfter} seconds; ask the operator for a larger quota`
    case 'per_address':
      return `Fair use: at most ${limits.createsPerAddressPerHour} verifications per hour to one address. Retry after ${retryAfter} seconds`
  }
}
