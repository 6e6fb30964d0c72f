/**
 * The transport of the runtime-neutral entry when none is injected: the platform's `fetch`,
 * looked up on every call (so a polyfill or a test's spy installed later is used).
 *
 * Deliberately not `nodeFetch`: this module must load no Node built-in, so that Workers, Edge
 * routes and browsers-like runtimes can import the client without `nodejs_compat`. On Node (and
 * Deno and Bun, which resolve the `node` export condition) `@hakiki/verify-client` resolves to
 * `./node`, whose `createVerifyClient` defaults to `nodeFetch` instead: the standard `fetch`
 * turns a 407 into a network error there.
 */
export function createDefaultFetch(): typeof globalThis.fetch {
  return (input, init) => globalThis.fetch(input, init)
}
