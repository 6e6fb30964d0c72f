/**
 * Builders for every response shape of the spec: the success envelope, the three-field error body
 * (401/404/407 and, by extension, the sandbox's 400/405/413/415/429) and the five-field 500 body.
 */
import type { SandboxApiError } from './sandbox-api-error'

/** The success envelope of create, get, verify and rates. */
export interface Envelope<T> {
  statusCode: string
  statusMessage: string
  data: T
  transactionId: string
}

/** Body of 401, 404, 407 (and the sandbox's other 4xx answers). */
export interface ErrorBody {
  statusCode: string
  statusMessage: string
  SupportMessage: string
}

/** Body of a 500 answer. */
export interface ServerErrorBody {
  timestamp: string
  status: string
  error: string
  message: string
  path: string
}

const REASONS: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  404: 'Not Found',
  405: 'Method Not Allowed',
  407: 'Proxy Authentication Required',
  413: 'Content Too Large',
  415: 'Unsupported Media Type',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
}

// Responses carry personal data (addresses) or secrets (tokens): no cache may keep them.
const BASE_HEADERS = { 'content-type': 'application/json', 'cache-control': 'no-store' }

/** A JSON response with the sandbox's base headers. */
export function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { ...BASE_HEADERS, ...headers } })
}

/** A success envelope response. */
export function envelope<T>(status: 200 | 201, statusMessage: string, data: T, transactionId: string, headers: Record<string, string> = {}): Response {
  const body: Envelope<T> = { statusCode: String(status), statusMessage, data, transactionId }
  return json(status, body, headers)
}

/**
 * The three-field error response. `SupportMessage` names the status and a fresh reference, the
 * kind of text a support desk asks for, and nothing about the request itself.
 */
export function errorResponse(error: SandboxApiError, reference: string): Response {
  const body: ErrorBody = {
    statusCode: String(error.status),
    statusMessage: error.message,
    SupportMessage: `${REASONS[error.status] ?? 'Error'}; reference ${reference}`,
  }
  return json(error.status, body, error.headers)
}

/** The 500 response of the spec. `message` must not reveal internals. */
export function serverErrorResponse(message: string, path: string, timestampMs: number): Response {
  const body: ServerErrorBody = {
    timestamp: new Date(timestampMs).toISOString(),
    status: '500',
    error: REASONS[500]!,
    message,
    path,
  }
  return json(500, body)
}
