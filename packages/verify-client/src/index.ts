export { createVerifyClient } from './create-verify-client'
export { nodeFetch } from './node-fetch'
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
