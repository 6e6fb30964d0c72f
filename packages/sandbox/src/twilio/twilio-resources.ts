/**
 * Twilio's JSON representations of a Verification, a VerificationCheck and a Service, with the
 * field names of https://www.twilio.com/docs/verify/api/verification,
 * https://www.twilio.com/docs/verify/api/verification-check and
 * https://www.twilio.com/docs/verify/api/service (snake_case, ISO 8601 dates without fractions).
 */
import type { Channel } from '@hakiki/core'

/** Twilio's statuses of a verification. */
export type TwilioVerificationStatus = 'pending' | 'approved' | 'canceled' | 'max_attempts_reached' | 'expired'

/** One send of a verification's code. */
export interface SendCodeAttempt {
  attempt_sid: string
  channel: Channel
  time: string
}

/** The Verification resource. */
export interface TwilioVerification {
  sid: string
  service_sid: string
  account_sid: string
  to: string
  channel: Channel
  status: TwilioVerificationStatus
  valid: boolean
  lookup: Record<string, unknown>
  amount: null
  payee: null
  send_code_attempts: SendCodeAttempt[]
  date_created: string
  date_updated: string
  sna: null
  url: string
}

/** The VerificationCheck resource. */
export interface TwilioVerificationCheck {
  sid: string
  service_sid: string
  account_sid: string
  to: string
  channel: Channel
  status: TwilioVerificationStatus
  valid: boolean
  amount: null
  payee: null
  date_created: string
  date_updated: string
  sna_attempts_error_codes: unknown[]
}

/** Twilio's date format: ISO 8601 in UTC, whole seconds (`2015-07-30T20:00:00Z`). */
export const twilioDate = (ms: number) => new Date(ms).toISOString().replace(/\.[0-9]{3}Z$/, 'Z')
