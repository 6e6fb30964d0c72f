/**
 * How the engine's refusals become the Verify API's answers: one mapping for every implementation
 * of the spec on the engine (this sandbox and `@hakiki/server`), so both refuse alike.
 */
import { isProviderError } from '@hakiki/provider'
import { SandboxApiError } from './sandbox-api-error'

/** The 404 for an unknown, foreign, approved or malformed id: one message for all, on purpose. */
export const notFound = () => new SandboxApiError(404, 'Verification not found: check the verificationId, or start a new verification')

/** Settings the answers name. */
export interface EngineRefusalContext {
  /** Sends per verification, as the 429's message says it. */
  maxSends: number
}

/**
 * The API's answer to an engine refusal (a `ProviderError`), or `undefined` for anything else,
 * which the caller rethrows (a 500 without details).
 *
 * | kind | answer |
 * |---|---|
 * | `not_found` | 404, {@link notFound} |
 * | `max_sends` | 429 with `Retry-After` (the seconds until the verification expires) |
 * | `invalid_phone_number`, `invalid_email` | 400: the delivery routes refuse the address |
 * | `unsupported_country`, `unsupported_channel` | 400: no route carries the channel there |
 * | any other (transport, store, timeout) | 500: the code could not be sent or checked; retry |
 */
export function engineRefusal(error: unknown, context: EngineRefusalContext): SandboxApiError | undefined {
  if (!isProviderError(error)) return undefined
  switch (error.kind) {
    case 'not_found':
      return notFound()
    case 'max_sends': {
      const retryAfter = String(Math.max(1, Math.ceil(error.retryAfter ?? 1)))
      return new SandboxApiError(
        429,
        `Too many sends: at most ${context.maxSends} per verification. Check the code already sent, or retry after ${retryAfter} seconds when it expires`,
        { 'retry-after': retryAfter },
      )
    }
    case 'invalid_phone_number':
      return new SandboxApiError(400, "'to' is not a phone number the delivery routes accept")
    case 'invalid_email':
      return new SandboxApiError(400, "'to' is not an e-mail address the delivery routes accept")
    case 'unsupported_country':
    case 'unsupported_channel':
      return new SandboxApiError(400, "No delivery route carries this channel to this destination: choose another 'channel'")
    default:
      // Transport or store trouble: the caller learns only that delivery failed, and may retry.
      return new SandboxApiError(500, 'The code could not be sent or checked right now; retry later')
  }
}
