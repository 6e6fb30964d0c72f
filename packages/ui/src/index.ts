// Deliberately not 'use client': the components and hooks carry it in their own modules (and
// published files), so that Server Components can import this entry and call its helpers
// (loadMessages, formatMessage, validateEmail, the catalogs). src/client-directives.test.ts
// checks which modules have it.
export { CodeInput, type CodeInputProps, type CodeInputClassNames } from './code-input'
export type { FieldValueEvent } from './field-value-event'
export { PhoneInput, usePhoneErrorMessage, type PhoneInputProps, type PhoneInputClassNames, type PhoneInputEvent } from './phone-input'
export { EmailInput, type EmailInputProps, type EmailInputClassNames } from './email-input'
export { validateEmail, type EmailInputError } from './validate-email'
export { ChannelPicker, type ChannelPickerProps, type ChannelPickerClassNames } from './channel-picker'
export { LocaleSelect, type LocaleSelectProps, type LocaleSelectClassNames } from './locale-select'
export { ResendButton, type ResendButtonProps, type ResendButtonClassNames } from './resend-button'
export { ExpiryNotice, type ExpiryNoticeProps, type ExpiryNoticeClassNames } from './expiry-notice'
export { AttemptsNotice, type AttemptsNoticeProps } from './attempts-notice'
export { VerificationFlow, type VerificationFlowProps, type VerificationFlowClassNames, type VerifiedDetails } from './verification-flow'
export { CountrySelect, preloadCountryList, type CountrySelectProps, type CountrySelectClassNames } from './country-select'
export { Flag, type FlagProps } from './flags'
export { countryName, guessCountry } from './country-names'
// The list's names and search are `loadCountrySearch` of @hakiki/core (a chunk of their own).
export type { CountryEntry } from '@hakiki/core'
export { LocaleProvider, type LocaleProviderProps } from './i18n/locale-provider'
export { useLocale, useMessages, type LocaleValue, type Translate } from './i18n/locale-context'
export { formatMessage, type MessageValues } from './i18n/format-message'
export { loadMessages, type MessagesModule } from './i18n/load-messages'
// The English catalog is public (a base for your own wording); its per-component groups are how the
// components pick their keys, not API.
export {
  messagesEn,
  type Message,
  type MessageKey,
  type Messages,
  type PluralCategory,
  type PluralMessage,
} from './i18n/messages-en'
