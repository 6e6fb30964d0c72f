/**
 * `createSandbox`: an in-memory implementation of the Verify API spec behind one Fetch handler, so
 * it runs in Node (see `startSandboxServer`), in-process in tests, and in any Fetch runtime.
 */
import { createClock, type SandboxClock } from './clock'
import { createFaults, type FaultOperation, type SandboxFaults } from './faults'
import { createInbox, type SandboxInbox } from './inbox'
import { createRandom } from './random'
import { resolveOptions, type SandboxOptions } from './sandbox-options'
import { createTokenStore } from './token-store'
import { createVerificationStore } from './verification-store'
import { createSandboxTransport } from './sandbox-transport'
import type { Transport } from '@hakiki/engine'
import { createApiRoutes } from './api-routes'
import { createSandboxRoutes } from './sandbox-routes'
import { createIndexRoute } from './sandbox-index'
import { createTwilioRoutes } from './twilio/twilio-routes'
import { matchRoute } from './route'
import { SandboxApiError } from './sandbox-api-error'
import { errorResponse, serverErrorResponse } from './responses'
import type { SandboxState } from './sandbox-state'

/** A sandbox instance. */
export interface Sandbox {
  /** The Fetch handler: every endpoint of the spec, Twilio Verify v2's under `/v2/`, and `/sandbox/*`. Never rejects. */
  fetch(request: Request): Promise<Response>
  /** The sandbox clock every expiry reads. */
  clock: SandboxClock
  /** Messages "sent" so far. */
  inbox: SandboxInbox
  /** Injected faults. */
  faults: SandboxFaults
  /**
   * The engine transport that delivers into this sandbox's inbox (every channel). Give it to an
   * engine of your own (`createEngineProvider({ routes: [{ transport: sandbox.transport }] })`) and
   * its messages show on the sandbox's page and in its inbox API, as the sandbox's own do.
   */
  transport: Transport
}

const FAULT_MESSAGES: Record<401 | 404 | 407, string> = {
  401: 'Access token is invalid or expired: request a new one (simulated by a sandbox fault)',
  404: 'Resource not found (simulated by a sandbox fault)',
  407: 'Proxy authentication required: the gateway could not authenticate the proxy system (simulated by a sandbox fault)',
}
const FAULT_HEADERS: Record<401 | 404 | 407, Record<string, string>> = {
  401: { 'www-authenticate': 'Bearer realm="verify", error="invalid_token"' },
  404: {},
  407: { 'proxy-authenticate': 'Basic realm="gateway"' },
}

/**
 * Creates a sandbox.
 * @throws RangeError / TypeError for invalid options (e.g. `codeLength` outside 4..10).
 */
export function createSandbox(options: SandboxOptions = {}): Sandbox {
  const resolved = resolveOptions(options)
  const clock = createClock(options.now)
  const random = createRandom(options.randomBytes)
  const faults = createFaults()
  const inbox = createInbox()
  // The engine's key material: drawn once per sandbox, so codes of one sandbox mean nothing to another.
  const secret = random.hex(32)
  const transport = createSandboxTransport(inbox, clock, random)
  const state: SandboxState = {
    options: resolved,
    clock,
    random,
    inbox,
    faults,
    tokens: createTokenStore(resolved, clock, random),
    verifications: createVerificationStore(resolved, clock, transport, secret),
    async applyFault(operation: FaultOperation, request: Request) {
      const fault = faults.take(operation)
      if (!fault) return
      if (fault.delayMs) await resolved.sleep(fault.delayMs, request.signal)
      if (fault.status === 500) throw new SandboxApiError(500, 'Simulated internal error (sandbox fault)')
      if (fault.status) throw new SandboxApiError(fault.status, FAULT_MESSAGES[fault.status], FAULT_HEADERS[fault.status])
    },
  }
  // The Twilio Verify v2 dialect (`/v2/…`) shares the state: one inbox, clock and fault queue.
  const routes = [createIndexRoute(options.clients, options.twilio), ...createApiRoutes(state), ...createSandboxRoutes(state), ...createTwilioRoutes(state, options.twilio)]

  return {
    async fetch(request) {
      const transactionId = random.uuid()
      let path = '/'
      try {
        const url = new URL(request.url)
        path = url.pathname
        const match = matchRoute(routes, path)
        if (!match) throw new SandboxApiError(404, 'No such endpoint: check the path against the Verify API reference')
        const handler = match.route.methods[request.method]
        if (!handler) {
          const allow = Object.keys(match.route.methods).join(', ')
          throw new SandboxApiError(405, `Method ${request.method} is not allowed here; use ${allow}`, { allow })
        }
        return await handler({ request, url, param: match.param, transactionId })
      } catch (error) {
        if (error instanceof SandboxApiError && error.status !== 500) return errorResponse(error, transactionId)
        // Internal details stay inside: the caller learns only that something failed, and where.
        const message = error instanceof SandboxApiError ? error.message : 'Unexpected error in the sandbox'
        return serverErrorResponse(message, path, clock.now())
      }
    },
    clock,
    inbox: state.inbox,
    faults,
    transport,
  }
}
