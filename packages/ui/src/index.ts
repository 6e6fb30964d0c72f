// Deliberately not 'use client': the components and hooks carry it in their own modules (and
// published files), so that Server Components can import this entry and call its helpers
// (loadMessages, formatMessage, validateEmail, the catalogs). src/client-directives.test.ts
// checks which modules have it.
// Named, not `export *`, for the modules the flow's later steps (a chunk loaded with `import()`)
// import: in a bundle without code splitting (esbuild's default) esbuild wraps those in a lazy
// initialiser and never calls it behind a side-effect-free package's `export *`
// (evanw/esbuild#1490): `CodeInput` was undefined in such a bundle (apps/bench's renders page).
export { CodeInput, type CodeInputClassNames, type CodeInputProps } from './code-input'
export type { FieldValueEvent } from './field-value-event'
export * from './phone-input'
export * from './email-input'
export * from './validate-email'
export * from './channel-picker'
export * from './locale-select'
export { ResendButton, type ResendButtonClassNames, type ResendButtonProps } from './resend-button'
export { ExpiryNotice, type ExpiryNoticeClassNames, type ExpiryNoticeProps } from './expiry-notice'
export { AttemptsNotice, type AttemptsNoticeProps } from './attempts-notice'
export * from './verification-flow'
export * from './country-select'
export * from './flags'
export * from './country-names'
// The list's names and search are @hakiki/core/country-search (in the list's own chunk).
export type { CountryEntry } from '@hakiki/core'
export * from './i18n/locale-provider'
export { useLocale, useMessages, type LocaleValue, type Translate } from './i18n/locale-context'
export * from './i18n/format-message'
export * from './i18n/load-messages'
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
