/**
 * Reads a request body with a hard size limit, checking the media type first: the kit's one
 * bounded read (`readBoundedText`), so an oversized body is refused once it passes 16 KiB (or at
 * once, by its `Content-Length`), never buffered whole; bytes that are not UTF-8 are refused too.
 */
import { BodyTooLargeError, readBoundedText } from '@hakiki/provider'
import { SandboxApiError } from './sandbox-api-error'

/** Largest accepted request body, in bytes. */
export const MAX_BODY_BYTES = 16 * 1024

/** Media type of a request, lowercased, without parameters (`charset`), or `''`. */
export function mediaType(request: Request): string {
  return (request.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase()
}

/**
 * The body as text, after checking its media type is `expected`.
 * @throws SandboxApiError 415 for another media type, 413 above {@link MAX_BODY_BYTES}, 400 for invalid UTF-8.
 */
export async function readText(request: Request, expected: string): Promise<string> {
  const type = mediaType(request)
  if (type !== expected) {
    throw new SandboxApiError(415, `Content-Type must be ${expected}${type ? `, not ${type.slice(0, 60)}` : ''}`)
  }
  try {
    return await readBoundedText(request, MAX_BODY_BYTES, { fatal: true })
  } catch (error) {
    if (error instanceof BodyTooLargeError) throw new SandboxApiError(413, `Request body must not exceed ${MAX_BODY_BYTES} bytes`)
    // `fatal`: the decoder's TypeError for bytes that are not UTF-8.
    if (error instanceof TypeError) throw new SandboxApiError(400, 'Request body must be valid UTF-8')
    throw error
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
