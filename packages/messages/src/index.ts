/**
 * `@hakiki/messages`: the verification messages of the 36 API locales — SMS, e-mail and call
 * script — and how they are rendered. The engine sends them; the sandbox shows them in its inbox.
 */
export { renderMessage, type MessageValues, type RenderedMessage } from './render-message'
export { getTemplate, TEMPLATES } from './templates'
export { REQUIRED_PLACEHOLDERS, type MessageTemplate, type PluralCategory, type PluralForms } from './message-template'
