/** `@hakiki/engine/proxy`: the engine (or any port-v2 provider) behind today's proxy. */
export { toProxyProvider, type ToProxyProviderOptions } from './to-proxy-provider'
