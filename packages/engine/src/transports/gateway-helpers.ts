/**
 * What the HTTP gateway transports share: reading a delivery-report webhook with a size limit,
 * comparing webhook secrets in constant time, and the errors of a send.
 */
import { BodyTooLargeError, ProviderError, readBoundedText, type ProviderErrorKind } from '@hakiki/provider'
import { constantTimeEqual } from '../engine-crypto'

/** Most bytes of one delivery-report webhook read; a gateway batches at most ~100 small reports. */
export const MAX_REPORT_BYTES = 256 * 1024

/** The body of a webhook as text, or `undefined` when it is larger than `maxBytes` (the caller answers 413). */
export async function readReportBody(request: Request, maxBytes = MAX_REPORT_BYTES): Promise<string | undefined> {
  try {
    return await readBoundedText(request, maxBytes)
  } catch (error) {
    if (error instanceof BodyTooLargeError) return undefined
    throw error
  }
}

/** Whether the webhook's `name` query parameter holds `secret` (compared in constant time). */
export function hasQuerySecret(request: Request, name: string, secret: string): boolean {
  const given = new URL(request.url).searchParams.get(name)
  return given !== null && constantTimeEqual(given, secret)
}

/** The answer to a webhook: an empty 200, or a refusal without detail. */
export const reportAnswer = (status: 200 | 400 | 401 | 413 = 200) => new Response(null, { status })

/** A send error of a gateway transport. */
export const sendError = (provider: string, kind: ProviderErrorKind, extra: { status?: number; providerCode?: string; retryAfter?: number } = {}) =>
  new ProviderError(kind, { provider, operation: 'send', ...extra })

/** `JSON.parse` that answers `undefined` instead of throwing. */
export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown
  } catch {
    return undefined
  }
}
