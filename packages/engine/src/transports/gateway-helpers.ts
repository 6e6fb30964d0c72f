/**
 * What the HTTP gateway transports share: reading a delivery-report webhook with a size limit,
 * comparing webhook secrets in constant time, and the errors of a send.
 */
import { ProviderError, type ProviderErrorKind } from '@hakiki/provider'
import { constantTimeEqual } from '../engine-crypto'

/** Most bytes of one delivery-report webhook read; a gateway batches at most ~100 small reports. */
export const MAX_REPORT_BYTES = 256 * 1024

/** The body of a webhook as text, or `undefined` when it is larger than `maxBytes`. */
export async function readReportBody(request: Request, maxBytes = MAX_REPORT_BYTES): Promise<string | undefined> {
  const declared = Number(request.headers.get('content-length'))
  if (Number.isFinite(declared) && declared > maxBytes) return undefined
  if (!request.body) return ''
  const reader = request.body.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > maxBytes) {
      await reader.cancel().catch(() => {})
      return undefined
    }
    chunks.push(value)
  }
  const bytes = new Uint8Array(size)
  let offset = 0
  for (const chunk of chunks) {
    bytes.set(chunk, offset)
    offset += chunk.byteLength
  }
  return new TextDecoder().decode(bytes)
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
