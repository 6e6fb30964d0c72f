/**
 * The error of the sandbox's Twilio dialect and its body, Twilio's REST error shape
 * `{ code, message, more_info, status }` (https://www.twilio.com/docs/usage/twilios-response).
 */
import type { SandboxApiError } from '../sandbox-api-error'

/** Twilio's JSON error body. */
export interface TwilioErrorBody {
  /** Twilio's error code (`60200`, `20404`, …). */
  code: number
  message: string
  /** The error's page in Twilio's error dictionary. */
  more_info: string
  /** The HTTP status. */
  status: number
}

/** An error answered in Twilio's shape. */
export class TwilioApiError extends Error {
  override readonly name = 'TwilioApiError'
  /**
   * @param status HTTP status.
   * @param code Twilio's error code.
   * @param message Twilio's message; never a secret, a code, or an address.
   * @param headers Extra response headers (`WWW-Authenticate`).
   */
  constructor(
    readonly status: number,
    readonly code: number,
    message: string,
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(message)
  }
}

/** 20404, Twilio's answer for any resource it does not have (or no longer has). */
export const resourceNotFound = (path: string) => new TwilioApiError(404, 20404, `The requested resource ${path} was not found`)

/** 60200 naming the parameter, as Twilio's example does: `Invalid parameter: To`. */
export const invalidParameter = (name: string) => new TwilioApiError(400, 60200, `Invalid parameter: ${name}`)

// Statuses of the shared sandbox machinery (faults, body reading) and their Twilio codes. Twilio's
// error dictionary has pages for plain HTTP statuses too (/docs/errors/400), used where no
// product code applies.
const CODE_BY_STATUS: Record<number, number> = { 401: 20003, 404: 20404, 405: 20004, 429: 20429, 500: 20500 }

/** A shared-machinery error in Twilio's terms. */
export function fromSandboxError(error: SandboxApiError): TwilioApiError {
  const code = CODE_BY_STATUS[error.status] ?? error.status
  const message = error.status === 401 ? 'Authenticate' : error.message
  const headers: Record<string, string> = { ...error.headers }
  if (error.status === 401) headers['www-authenticate'] = 'Basic realm="Twilio API"'
  return new TwilioApiError(error.status, code, message, headers)
}

const BASE_HEADERS = { 'content-type': 'application/json', 'cache-control': 'no-store' }

/** A JSON response with the dialect's base headers. */
export function twilioJson(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { ...BASE_HEADERS, ...headers } })
}

/** The response of a {@link TwilioApiError}. A 407 comes from a web proxy, not Twilio: plain text. */
export function twilioErrorResponse(error: TwilioApiError): Response {
  if (error.status === 407) return new Response('Proxy Authentication Required', { status: 407, headers: { 'content-type': 'text/plain', ...error.headers } })
  const body: TwilioErrorBody = { code: error.code, message: error.message, more_info: `https://www.twilio.com/docs/errors/${error.code}`, status: error.status }
  return twilioJson(error.status, body, error.headers)
}
