/**
 * Where a view shows what the flow says: which field owns an error (and reads it in its own live
 * region), when e-mail is worth offering instead of a number, which channel "… instead" switches
 * to. View policy, not wording: every framework's view asks the same questions, so the answers
 * live here, beside `connectVerificationFlow`, which hands them out.
 */
import { CHANNEL_INFO } from '../rules/channel-info'
import type { Channel } from '../adapters/contract'
import type { FlowError, SentVerification } from './flow-state'

/** Where an error is shown: on the address field, on the code field, or as the flow's own. */
export type FlowErrorPlace = 'address' | 'code' | 'flow'

/** Errors about the address: shown on the address field, not as the flow's own error. */
export const ADDRESS_ERROR_CODES: ReadonlySet<string> = new Set(['invalid_phone_number', 'unsupported_country', 'unsupported_number_type', 'unsupported_channel', 'invalid_email', 'invalid_request'])
/** Errors about the code: shown on the code field while the code step is on screen. */
export const CODE_ERROR_CODES: ReadonlySet<string> = new Set(['wrong_code', 'incomplete_code', 'invalid_code_format', 'already_tried'])
/** Refusals of a number that an e-mail address gets around: a flow that offers e-mail offers it then. */
export const EMAIL_HELPS_CODES: ReadonlySet<string> = new Set(['unsupported_country', 'unsupported_number_type'])

/**
 * Which part of the view owns `error` on `step`: the address field (an error about the address,
 * on the address step), the code field (an error about the code, on the code step), else the
 * flow itself. The owner shows it and reads it out; nothing else does.
 */
export function placeOfError(error: FlowError, step: string): FlowErrorPlace {
  if (step === 'address' && ADDRESS_ERROR_CODES.has(error.code)) return 'address'
  if (step === 'code' && CODE_ERROR_CODES.has(error.code)) return 'code'
  return 'flow'
}

/**
 * The channel a "… instead" button of the code step switches to: the channel's partner
 * (`CHANNEL_INFO[…].switchTo`: SMS ↔ call) when the flow offers it, else none.
 */
export function switchTargetOf(verification: SentVerification | undefined, channels: readonly Channel[]): Channel | undefined {
  const to = verification ? CHANNEL_INFO[verification.channel].switchTo : undefined
  return to !== undefined && channels.includes(to) ? to : undefined
}
