/**
 * The states and events of one verification, as plain serializable data: a snapshot can be kept
 * in `sessionStorage` and resumed after a reload without sending another code.
 */
import type { Channel, CheckCodeResponse, DeliveryStatus, StartVerificationResponse, VerificationStatusResponse } from '../adapters/contract'
import type { PhoneCountryCode } from '../phone/offered-phone-countries'
import type { HakikiErrorCode } from '../adapters/hakiki-error'

/**
 * What the last action ran into; `wrong_code`, `incomplete_code` and `already_tried` (the code just
 * refused, typed again) come from the flow itself.
 */
export type FlowErrorCode = HakikiErrorCode | 'wrong_code' | 'incomplete_code' | 'already_tried'

/** An error as data (not an `Error` instance), so the state stays serializable. */
export interface FlowError {
  code: FlowErrorCode
  /** Client epoch ms from which retrying makes sense (from `retryAfter`). */
  retryAt?: number
  /** Wrong codes the user may still try. */
  attemptsLeft?: number
  /** The proxy's human-readable detail, for developers. */
  detail?: string
}

/** The verification the server created, with its times kept on the server's clock. */
export interface SentVerification {
  id: string
  /** The normalized address the code went to. */
  to: string
  channel: Channel
  codeLength: number
  /** Server epoch ms after which the code no longer works. */
  expiresAt: number
  /** Server epoch ms from which a resend is accepted. */
  resendAt: number
  attemptsLeft: number
  /** `serverTime - client time at the answer`: add to the client clock to read server times. */
  skewMs: number
  /** Where the message with the code is, when the provider reports it (kept fresh by status reads). */
  delivery?: DeliveryStatus
}

/**
 * Fields every state has: the draft the user is editing (address, channel, country), kept when
 * going back to change it. The flow owns the draft, so every view of it shows the same address.
 */
export interface FlowBase {
  /** The address as typed: E.164 for a phone channel, the e-mail address for `email`. */
  to: string
  channel: Channel
  /** BCP-47 tag for the message, if the app chose one. */
  locale?: string
  /** The country national phone numbers are read in, once known (picked or detected). */
  country?: PhoneCountryCode
  /** The address typed for the other kind of channel (phone ↔ e-mail), restored when switching back. */
  aside?: string
  /**
   * Codes sent to addresses the user then changed, still valid: submitting one of those addresses
   * again (same channel) returns to its code step instead of asking the server for another code.
   */
  kept?: SentVerification[]
}

/** Entering the address (first state, and after "change number"). */
export interface IdleState extends FlowBase {
  status: 'idle'
  error?: FlowError
}

/** A start, resend or channel switch is on its way. */
export interface SendingState extends FlowBase {
  status: 'sending'
  intent: 'start' | 'resend' | 'switch_channel'
  /** The verification being resent, restored if the send fails. */
  verification?: SentVerification
  /** The state a failed resend returns to. */
  from?: 'code_sent' | 'expired' | 'locked' | 'failed'
}

/** The code is out; the user types it. */
export interface CodeSentState extends FlowBase {
  status: 'code_sent'
  verification: SentVerification
  /** The code typed so far, normalized to ASCII digits. */
  code: string
  /** The last complete code the server refused: typing it again is not checked by itself. */
  tried?: string
  error?: FlowError
}

/** The typed code is being checked. */
export interface CheckingState extends FlowBase {
  status: 'checking'
  verification: SentVerification
  code: string
}

/** Done: the address is verified. */
export interface VerifiedState extends FlowBase {
  status: 'verified'
  verification: SentVerification
  /** Signed receipt for the app's sign-up handler (`verifyReceipt` in `@hakiki/proxy`). */
  receipt?: string
}

/** The code's lifetime ran out; a resend starts over. */
export interface ExpiredState extends FlowBase {
  status: 'expired'
  verification: SentVerification
  /** Why the last resend was refused (`rate_limited` with `retryAt`). */
  error?: FlowError
}

/** Too many wrong codes; a resend starts over. */
export interface LockedState extends FlowBase {
  status: 'locked'
  verification: SentVerification
  /** Why the last resend was refused (`rate_limited` with `retryAt`). */
  error?: FlowError
}

/** The verification cannot go on (lost, forbidden); start over or change the address. */
export interface FailedState extends FlowBase {
  status: 'failed'
  error: FlowError
  verification?: SentVerification
}

/** Every state of the flow; narrow on `status`. */
export type FlowState = IdleState | SendingState | CodeSentState | CheckingState | VerifiedState | ExpiredState | LockedState | FailedState

/** The `status` of a {@link FlowState}. */
export type FlowStatus = FlowState['status']

/** What the user (or the UI) does. */
export type FlowCommand =
  /** Update the address being typed, and the country it was read in when known. */
  | { type: 'SET_ADDRESS'; to: string; country?: PhoneCountryCode }
  /** Update the country national numbers are read in (the country picker). */
  | { type: 'SET_COUNTRY'; country: PhoneCountryCode }
  /** Send a code to `to` (defaults to the address in the state). */
  | { type: 'SUBMIT'; to?: string; channel?: Channel; locale?: string }
  /** Update the typed code; it is normalized (Unicode digits, spaces, pasted sentences). */
  /** `guessed`: picked among other numbers of a pasted text (`pickCode`), so never auto-checked. */
  | { type: 'TYPE_CODE'; code: string; guessed?: boolean }
  /** Check the typed code. */
  | { type: 'CHECK' }
  /** Send the code again (after the cooldown), or a new one after expiry or lock. */
  | { type: 'RESEND' }
  /** On the address step, pick the channel; later, resend by another channel to the same address (sms ↔ call). */
  | { type: 'SWITCH_CHANNEL'; channel: Channel }
  /** Re-read the status of the sent verification (e.g. when the tab becomes visible again). */
  | { type: 'REFRESH' }
  /** Go back to the address field, keeping what was typed. */
  | { type: 'CHANGE_ADDRESS' }
  /** Forget everything. */
  | { type: 'RESET' }
  /** The code's lifetime ran out (the store's timer sends this). */
  | { type: 'EXPIRE' }

/** Answers of the adapter, dispatched by the store. */
export type FlowResult =
  | { type: 'START_DONE'; response: StartVerificationResponse }
  | { type: 'START_FAILED'; error: FlowError }
  | { type: 'CHECK_DONE'; response: CheckCodeResponse }
  | { type: 'CHECK_FAILED'; error: FlowError }
  | { type: 'STATUS_DONE'; response: VerificationStatusResponse }
  | { type: 'STATUS_FAILED'; error: FlowError }
  | { type: 'RESTORE'; state: FlowState }

/** An event of {@link transition}: a command or a result, stamped with the client clock. */
export type FlowEvent = (FlowCommand | FlowResult) & {
  /** Client epoch ms when it happened (`now()` of the store). */
  at: number
}
