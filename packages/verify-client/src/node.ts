// The Node.js entry: `@hakiki/verify-client/node`, and what `@hakiki/verify-client` resolves to
// under the `node` export condition (Node, Deno, Bun, and bundlers targeting Node). Same API as
// the runtime-neutral entry, plus `nodeFetch`; by default it speaks to the API over node:http
// directly (`sendNodeRequest`, nodeFetch's semantics without the Fetch objects).
import { createVerifyClientWith } from './create-verify-client'
import { sendNodeRequest } from './send-node-request'
import type { VerifyClient, VerifyClientOptions } from './verify-client'

export { nodeFetch } from './node-fetch'
// Everything the runtime-neutral entry exports; the local `createVerifyClient` below shadows its one.
export * from './index'

/**
 * Creates the typed client of the Verify API for Node.js: the client of the runtime-neutral
 * entry, whose transport defaults to `node:http(s)` (as {@link nodeFetch} does, without building
 * Fetch objects per call) instead of the built-in `fetch`, so that a 407 from the service is
 * reported as `proxy_auth_required` and not as a `network_error`. Pass `fetch` to use another
 * transport.
 */
export function createVerifyClient(options: VerifyClientOptions): VerifyClient {
  return createVerifyClientWith(options, sendNodeRequest)
}
