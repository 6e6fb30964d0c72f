import type {
  CheckCodeResponse,
  RatesResponse,
  StartVerificationRequest,
  StartVerificationResponse,
  VerificationStatusResponse,
} from './contract'

/** Per-call options of a {@link VerificationAdapter}. */
export interface AdapterCallOptions {
  /** Aborts the request; the adapter then rejects with `signal.reason`, not a `HakikiError`. */
  signal?: AbortSignal
}

/**
 * How the hooks and the flow reach a backend. Every method speaks the proxy's browser contract
 * and rejects with a `HakikiError` (or with the abort reason when `signal` aborts).
 *
 * Two ship with the kit: `createProxyAdapter` (HTTP to `@hakiki/proxy`) and
 * `createMemoryAdapter` (`@hakiki/engine/memory-adapter`: the engine in the browser, for tests and
 * Storybook). Write your own to reach another backend, e.g. a GraphQL mutation.
 */
export interface VerificationAdapter {
  /** Starts a verification, or re-sends the code of the pending one for the same `to`. */
  start(request: StartVerificationRequest, options?: AdapterCallOptions): Promise<StartVerificationResponse>
  /** Checks a code the user typed. A wrong code resolves with `status: 'pending'` and fewer `attemptsLeft`. */
  check(id: string, code: string, options?: AdapterCallOptions): Promise<CheckCodeResponse>
  /** Reads the status of a verification this browser started. */
  status(id: string, options?: AdapterCallOptions): Promise<VerificationStatusResponse>
  /** SMS fees per covered country. */
  rates(options?: AdapterCallOptions): Promise<RatesResponse>
}
