// The runtime-neutral entry: loads no Node built-in (Workers, Edge routes, Deno, Bun, Node).
// Its transport defaults to the platform's `fetch`; on Node, `@hakiki/verify-client` resolves to
// `./node` instead (the `node` export condition), which defaults to `nodeFetch`.
export { createVerifyClient } from './create-verify-client'
export { VerifyApiError } from './verify-api-error'
export type {
  VerifyApiErrorCode,
  VerifyApiErrorDetails,
  VerifyApiOperation,
} from './verify-api-error'
export type {
  CallOptions,
  Channel,
  CreateVerificationInput,
  CreateVerificationResult,
  SmsRate,
  SmsRatesResult,
  Verification,
  VerificationResult,
  VerificationStatus,
  VerifyClient,
  VerifyClientOptions,
} from './verify-client'
