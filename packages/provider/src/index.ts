/**
 * `@hakiki/provider`: the provider port v2 — what the proxy needs from whatever sends and checks
 * codes — with its error kinds and the bounded fetch and body read every HTTP call goes through.
 * The contract suite is `@hakiki/provider/contract`.
 */
export * from './verify-provider'
export { isProviderError, PROVIDER_ERROR_KINDS, ProviderError, type ProviderErrorInit, type ProviderErrorKind, type ProviderOperation } from './provider-error'
export { boundedFetch, DEFAULT_MAX_BYTES, kindOfStatus, readRetryAfter, type BoundedFetchOptions, type BoundedResponse } from './bounded-fetch'
export { fromProviderV1, type ProviderV1, type ProviderV1Capabilities } from './from-provider-v1'
export { BodyTooLargeError, readBoundedText, type BoundedTextSource, type ReadBoundedTextOptions } from './read-bounded-text'
export type { Entry, Quota, Tally, TakeResult, VerifyStore, WriteOp } from './verify-store'
