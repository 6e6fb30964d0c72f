/**
 * The English messages, one group per component: each component bundles only its own group as
 * the fallback for keys a translation lacks, so a page with just a `CodeInput` does not carry the
 * flow's strings. {@link messagesEn} joins them and is the source of the {@link Messages} type
 * every other locale must satisfy.
 *
 * Placeholders are `{name}`; `{count}` is formatted with `Intl.NumberFormat` of the locale. A
 * message whose wording depends on a number is an object keyed by `Intl.PluralRules` categories
 * (`zero`, `one`, `two`, `few`, `many`, `other`): English needs `one` and `other`, Arabic all six.
 */

import { codeInputMessagesEn } from './code-input-messages-en'
import { phoneInputMessagesEn } from './phone-input-messages-en'
import { emailInputMessagesEn } from './email-input-messages-en'
import { emailSuggestionMessagesEn } from './email-suggestion-messages-en'
import { channelPickerMessagesEn } from './channel-picker-messages-en'
import { localeSelectMessagesEn } from './locale-select-messages-en'
import { resendButtonMessagesEn } from './resend-button-messages-en'
import { expiryNoticeMessagesEn } from './expiry-notice-messages-en'
import { attemptsNoticeMessagesEn } from './attempts-notice-messages-en'
import { errorMessagesEn } from './error-messages-en'
import { codeErrorMessagesEn } from './code-error-messages-en'
import { flowMessagesEn } from './flow-messages-en'
import { flowStepsMessagesEn } from './flow-steps-messages-en'

// Each component imports its group from here; the published build links them to their own modules.
export { codeInputMessagesEn } from './code-input-messages-en'
export { phoneInputMessagesEn } from './phone-input-messages-en'
export { emailInputMessagesEn } from './email-input-messages-en'
export { emailSuggestionMessagesEn } from './email-suggestion-messages-en'
export { channelPickerMessagesEn } from './channel-picker-messages-en'
export { localeSelectMessagesEn } from './locale-select-messages-en'
export { resendButtonMessagesEn } from './resend-button-messages-en'
export { expiryNoticeMessagesEn } from './expiry-notice-messages-en'
export { attemptsNoticeMessagesEn } from './attempts-notice-messages-en'
export { errorMessagesEn } from './error-messages-en'
export { codeErrorMessagesEn } from './code-error-messages-en'
export { flowMessagesEn } from './flow-messages-en'
export { flowStepsMessagesEn } from './flow-steps-messages-en'

/**
 * Every English message. Add a component's group here, to the call and to its type (beyond three
 * sources `Object.assign` is typed `any`); `@__PURE__` lets bundlers drop the join where only one
 * group is used.
 */
export const messagesEn = /* @__PURE__ */ Object.assign(
  {},
  codeInputMessagesEn,
  phoneInputMessagesEn,
  emailInputMessagesEn,
  emailSuggestionMessagesEn,
  channelPickerMessagesEn,
  localeSelectMessagesEn,
  resendButtonMessagesEn,
  expiryNoticeMessagesEn,
  attemptsNoticeMessagesEn,
  errorMessagesEn,
  codeErrorMessagesEn,
  flowMessagesEn,
  flowStepsMessagesEn,
) as typeof codeInputMessagesEn &
  typeof phoneInputMessagesEn &
  typeof emailInputMessagesEn &
  typeof emailSuggestionMessagesEn &
  typeof channelPickerMessagesEn &
  typeof localeSelectMessagesEn &
  typeof resendButtonMessagesEn &
  typeof expiryNoticeMessagesEn &
  typeof attemptsNoticeMessagesEn &
  typeof errorMessagesEn &
  typeof codeErrorMessagesEn &
  typeof flowMessagesEn &
  typeof flowStepsMessagesEn

/** Plural categories of `Intl.PluralRules`; every plural message has at least `other`. */
export type PluralCategory = 'zero' | 'one' | 'two' | 'few' | 'many' | 'other'

/** A message whose wording depends on `{count}`, one entry per plural category of the locale. */
export type PluralMessage = { readonly other: string } & { readonly [C in Exclude<PluralCategory, 'other'>]?: string }

/** One message: plain text with `{name}` placeholders, or a plural message. */
export type Message = string | PluralMessage

/** Every message key of the UI. */
export type MessageKey = keyof typeof messagesEn

/** A complete set of messages for one locale: plain keys stay plain, plural keys stay plural. */
export type Messages = {
  readonly [K in MessageKey]: (typeof messagesEn)[K] extends string ? string : PluralMessage
}
