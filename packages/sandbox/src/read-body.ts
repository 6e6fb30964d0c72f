/**
 * Reads a request body with a hard size limit, checking the media type first. Streams chunk by
 * chunk so an oversized body is refused after 16 KiB, not after it has been buffered whole.
 */
import { SandboxApiError } from './sandbox-api-error'

/** Largest accepted request body, in bytes. */
export const MAX_BODY_BYTES = 16 * 1024

/** Media type of a request, lowercased, without parameters (`charset`), or `''`. */
export function mediaType(request: Request): string {
  return (request.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase()
}

/**
 * The body as text, after checking its media type is `expected`.
 * @throws SandboxApiError 415 for another media type, 413 above {@link MAX_BODY_BYTES}.
 */
export async function readText(request: Request, expected: string): Promise<string> {
  const type = mediaType(request)
  if (type !== expected) {
    throw new SandboxApiError(415, `Content-Type must be ${expected}${type ? `, not ${type.slice(0, 60)}` : ''}`)
  }
  const tooLarge = () => new SandboxApiError(413, `Request body must not exceed ${MAX_BODY_BYTES} bytes`)
  const declared = Number(request.headers.get('content-length') ?? '0')
  if (declared > MAX_BODY_BYTES) {
    await request.body?.cancel().catch(() => undefined)
    throw tooLarge()
  }
  if (!request.body) return ''
  const reader = request.body.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > MAX_BODY_BYTES) {
      await reader.cancel().catch(() => undefined)
      throw tooLarge()
    }
    chunks.push(value)
  }
  const all = new Uint8Array(size)
  let at = 0
  for (const c of chunks) {
    all.set(c, at)
    at += c.byteLength
  }
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(all)
  } catch {
    throw new SandboxApiError(400, 'Request body must be valid UTF-8')
  }
}

/**
 * The body parsed as a JSON object.
 * @throws SandboxApiError 415, 413, or 400 for malformed JSON or a non-object.
 */
export async function readJsonObject(request: Request): Promise<Record<string, unknown>> {
  const text = await readText(request, 'application/json')
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    throw new SandboxApiError(400, 'Request body is not valid JSON')
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new SandboxApiError(400, 'Request body must be a JSON object')
  }
  return value as Record<string, unknown>
}

/**
 * The body parsed as `application/x-www-form-urlencoded`.
 * @throws SandboxApiError 415 or 413.
 */
export async function readForm(request: Request): Promise<URLSearchParams> {
  return new URLSearchParams(await readText(request, 'application/x-www-form-urlencoded'))
}
