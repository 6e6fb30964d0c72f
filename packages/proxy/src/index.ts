// Runtime-neutral entry: Web APIs only. The node:http and Express adapters live in
// `@hakiki/proxy/node` and `@hakiki/proxy/express`, so edge runtimes never load `node:*` modules.
export { createVerifyHandler } from './create-verify-handler'
export type { VerifyHandler } from './create-verify-handler'
export type { AuthorizeContext, VerifyHandlerOptions } from './verify-handler-options'
export type { BudgetExceededEvent, CheckedEvent, ProxyLogger, RefusedEvent, RouteName, SentEvent, UpstreamFailedEvent, VerifyEvent } from './events'
export type { ConversionBlockedEvent, ConversionEvent, ConversionScope, ConversionUnblockedEvent, ConversionWindowFigures } from './conversion-guard-events'
export { DEFAULT_LIMITS } from './limits'
export { DEFAULT_BUDGETS } from './budgets'
export { DEFAULT_CONVERSION_GUARD } from './conversion-guard'
export type { ConversionGuardOptions } from './conversion-guard'
export type { BudgetOptions, Budgets } from './budgets'
export { HIGH_RISK_COUNTRIES } from './high-risk-countries'
export { DEFAULT_NUMBER_TYPES } from './number-type-policy'
export type { ChannelNumberTypes, NumberTypesOptions, PhoneNumberType } from './number-type-policy'
export type { CountryPolicy } from './validate'
export type { HourDayCap, Limits, LimitsOptions } from './limits'
export type { AllowedOrigins } from './origin'
export { ProxyError } from './problem'
export type { InvalidRequestExtras, ProblemExtras, ProtocolStatus } from './problem'
export { DEFAULT_RECEIPT_AUDIENCE, DEFAULT_RECEIPT_TTL_SECONDS, ReceiptError, signReceipt, verifyReceipt } from './receipt'
export type { ReceiptClaims, ReceiptErrorCode, SignReceiptOptions, VerifyReceiptOptions } from './receipt'
export { createReceiptReplayGuard } from './replay-guard'
export type { ReceiptReplayGuardOptions } from './replay-guard'
// The store port lives in @hakiki/store; these are re-exported so apps that import them from the
// proxy keep working.
export { DEFAULT_STORE_TIMEOUT_MS, StoreUnavailableError, createMemoryStore } from '@hakiki/store'
export type { MemoryStoreOptions, VerifyStore } from '@hakiki/store'
/** @deprecated Import `createRedisStore` from `@hakiki/store-redis` (it also has ioredis and Upstash stores). */
export { createRedisStore } from '@hakiki/store-redis'
export type { SecretInput } from './crypto'
export { maskAddress } from './mask'
export { clientIpFromHeader, forwardedClientIp, setClientIp } from './client-ip'
export { DEFAULT_BODY_TIMEOUT_MS, MAX_BODY_BYTES, readJsonBody } from './read-json-body'
export type { ReadJsonBodyOptions } from './read-json-body'
export type {
  DeliveryStatus,
  PendingVerification,
  ProviderCall,
  ProviderCallOptions,
  ProviderCapabilities,
  ProviderClock,
  ProviderCoverage,
  ProviderRate,
  ProviderStartInput,
  ProviderVerification,
  VerifyProvider,
  VerifyProviderV1,
} from './verify-provider'
export { ProviderError, isProviderError } from '@hakiki/provider'
export { VERIFY_API_LIMITS, verifyClientProvider, type VerifyClientProviderOptions } from './verify-client-provider'
export type { ProviderErrorInit, ProviderErrorKind } from '@hakiki/provider'
