/**
 * Reads Twilio's Verification and VerificationCheck resources into the port's
 * `ProviderVerification`, refusing anything that is not what Twilio documents.
 */
import { ALL_CHANNELS, type Channel, type VerificationStatus } from '@hakiki/core'
import type { ProviderVerification } from '@hakiki/provider'

// Twilio's statuses (https://www.twilio.com/docs/verify/api/verification) in the kit's terms:
// everything that ends a verification without approval is `cancelled`.
const STATUS: Readonly<Record<string, VerificationStatus>> = {
  pending: 'pending',
  approved: 'approved',
  canceled: 'cancelled',
  max_attempts_reached: 'cancelled',
  failed: 'cancelled',
  deleted: 'cancelled',
  expired: 'expired',
}

const SID = /^VE[0-9a-fA-F]{32}$/

/** The verification in `body`, or `undefined` when it is not a Twilio verification. */
export function parseTwilioVerification(body: unknown): ProviderVerification | undefined {
  if (typeof body !== 'object' || body === null) return undefined
  const { sid, to, channel, status } = body as Record<string, unknown>
  if (typeof sid !== 'string' || !SID.test(sid) || typeof to !== 'string' || to === '') return undefined
  if (typeof channel !== 'string' || !ALL_CHANNELS.includes(channel as Channel)) return undefined
  const kitStatus = typeof status === 'string' && Object.hasOwn(STATUS, status) ? STATUS[status] : undefined
  if (!kitStatus) return undefined
  return { id: sid, to, channel: channel as Channel, status: kitStatus }
}
