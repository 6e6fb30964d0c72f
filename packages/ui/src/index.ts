export { CodeInput, type CodeInputProps, type CodeInputClassNames } from './code-input'
export { PhoneInput, type PhoneInputProps, type PhoneInputClassNames, type PhoneInputEvent } from './phone-input'
export { CountrySelect, type CountrySelectProps, type CountrySelectClassNames } from './country-select'
export { Flag, type FlagProps } from './flags'
export { countryEntries, countryName, type CountryEntry } from './country-names'
export { LocaleProvider, type LocaleProviderProps } from './i18n/locale-provider'
export { useLocale, useMessages, type LocaleValue, type Translate } from './i18n/locale-context'
export { formatMessage, type MessageValues } from './i18n/format-message'
export { loadMessages, type MessagesModule } from './i18n/load-messages'
export {
  messagesEn,
  codeInputMessagesEn,
  phoneInputMessagesEn,
  emailInputMessagesEn,
  channelPickerMessagesEn,
  localeSelectMessagesEn,
  resendButtonMessagesEn,
  expiryNoticeMessagesEn,
  attemptsNoticeMessagesEn,
  errorMessagesEn,
  flowMessagesEn,
  type Message,
  type MessageKey,
  type Messages,
  type PluralCategory,
  type PluralMessage,
} from './i18n/messages-en'
