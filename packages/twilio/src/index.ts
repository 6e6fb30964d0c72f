// Runtime-neutral entry: Fetch API and Web APIs only, so the provider runs in Node, workers, Deno and Bun.
export { createTwilioProvider, DEFAULT_TWILIO_CHANNELS, TWILIO_PROVIDER_NAME, TWILIO_VERIFY_LIMITS } from './create-twilio-provider'
export { DEFAULT_CODE_LENGTH, DEFAULT_TIMEOUT_MS, TWILIO_VERIFY_BASE_URL } from './twilio-provider-options'
export type { TwilioApiKeyCredentials, TwilioAuthTokenCredentials, TwilioCredentials, TwilioProviderOptions } from './twilio-provider-options'
export { classifyTwilioError } from './classify-twilio-error'
export type { TwilioFailure, TwilioOperation } from './classify-twilio-error'
export { toTwilioLocale } from './to-twilio-locale'
