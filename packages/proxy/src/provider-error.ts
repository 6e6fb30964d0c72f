/**
 * The one error a provider rejects with, and its kinds: those of the provider port
 * (`@hakiki/provider`), so the proxy, the providers it runs (`verifyClientProvider`,
 * `@hakiki/twilio`, `@hakiki/engine`) and their contract suite share one class. Each provider
 * classifies its service's failures into a {@link ProviderErrorKind}; the proxy maps kinds to
 * problems in one table (`upstream-problem.ts`). A provider's own message is kept for server logs
 * only, never sent on.
 */
export { isProviderError, ProviderError, type ProviderErrorInit, type ProviderErrorKind } from '@hakiki/provider'
