/**
 * `@hakiki/server`: the Verify API spec as a service on Hakiki's engine. Runtime-neutral entry (Web
 * APIs only): the Fetch handler, the configuration, client-secret hashing, the webhook transport,
 * metrics and logs. The `node:http` server, Redis and the CLI are `@hakiki/server/node`.
 */
export { createVerifyServer, type VerifyServer, type VerifyServerOptions } from './create-verify-server'
export { parseServerConfig, ServerConfigError, type ClientLimits, type ServerClient, type ServerConfig, type ServerConfigInput, type ServerRoute, type ServerTransportConfig } from './server-config'
export { hashClientSecret, isClientSecretHash, MIN_PBKDF2_ITERATIONS, PBKDF2_ITERATIONS, verifyClientSecret } from './client-secret'
export { createRouteTransport } from './create-route-transport'
export { createTwilioRoutes, type TwilioDialectContext } from './create-twilio-routes'
export { createWebhookTransport, type WebhookTransportOptions } from './create-webhook-transport'
export { createServerMetrics, type DeliveryLabels, type SendLabels, type ServerMetrics } from './server-metrics'
export { createJsonLogger, silentLogger, type LogLevel, type ServerLogger } from './server-logger'
export { fairUseQuotas, fairUseMessage, FAIR_USE_LIMITS, type FairUseLimit } from './fair-use'
export { createTokenService, type TokenGrant, type TokenService } from './token-service'
export { scopedStore } from './scoped-store'
