/**
 * The one bounded body read of the kit: an upstream's answer (`boundedFetch`, the Verify API
 * client, Twilio) or a webhook's request (the gateways' delivery reports) is read as text up to a
 * size limit and no further. A body over the limit is cancelled as soon as it passes it (or before
 * a byte is read, when its declared `Content-Length` already does), so an upstream answering
 * 300 MB, or a body that never ends, costs `maxBytes` of memory and not the process.
 */

/** A body over the limit of {@link readBoundedText}: the read stopped there and the stream was cancelled. */
export class BodyTooLargeError extends Error {
  override readonly name = 'BodyTooLargeError'
  /** Stable reason, safe to branch on. */
  readonly code = 'body_too_large' as const
  /** The limit that was passed, in bytes. */
  readonly maxBytes: number
  /** The body's declared `Content-Length`, when that is what passed the limit. */
  readonly declaredBytes: number | undefined

  constructor(maxBytes: number, declaredBytes?: number) {
    super(
      declaredBytes === undefined
        ? `body over the ${maxBytes}-byte limit`
        : `body of ${declaredBytes} bytes (declared) over the ${maxBytes}-byte limit`,
    )
    this.maxBytes = maxBytes
    this.declaredBytes = declaredBytes
  }
}

/** What {@link readBoundedText} reads: a response, a request, a bare stream, or no body. */
export type BoundedTextSource = Response | Request | ReadableStream<Uint8Array> | null | undefined

/** Options of {@link readBoundedText} besides the limit. */
export interface ReadBoundedTextOptions {
  /** Aborting stops the read and rejects with the signal's reason. */
  signal?: AbortSignal
  /** Reject invalid UTF-8 with a `TypeError` instead of decoding it to U+FFFD (a wire that must answer 400 for it). */
  fatal?: boolean
}

/**
 * Reads a body as UTF-8 text, at most `maxBytes` of it.
 * @param source A `Response` or `Request` (its `Content-Length` is checked first), or a bare stream.
 * @param maxBytes The most bytes read; one more and the read stops.
 * @param options An abort signal, or {@link ReadBoundedTextOptions} (`signal`, `fatal`).
 * @throws BodyTooLargeError when the body (declared or streamed) is over `maxBytes`; the stream is cancelled.
 * @throws TypeError with `fatal`, when the body is not valid UTF-8.
 */
export async function readBoundedText(source: BoundedTextSource, maxBytes: number, options?: AbortSignal | ReadBoundedTextOptions): Promise<string> {
  const { signal, fatal = false } = options instanceof AbortSignal ? { signal: options } : (options ?? {})
  if (!Number.isFinite(maxBytes) || maxBytes < 0) throw new RangeError('readBoundedText: maxBytes must be a non-negative number')
  signal?.throwIfAborted()
  const stream = source instanceof ReadableStream ? source : source?.body
  if (source && !(source instanceof ReadableStream)) {
    const declared = Number(source.headers.get('content-length') ?? Number.NaN)
    if (Number.isFinite(declared) && declared > maxBytes) {
      await stream?.cancel().catch(() => {})
      throw new BodyTooLargeError(maxBytes, declared)
    }
  }
  if (!stream) return ''
  const reader = stream.getReader()
  // A pending read() settles once the reader is cancelled: the abort takes effect mid-chunk.
  const onAbort = () => void reader.cancel(signal?.reason).catch(() => {})
  signal?.addEventListener('abort', onAbort, { once: true })
  const chunks: Uint8Array[] = []
  let size = 0
  try {
    for (;;) {
      const { done, value } = await reader.read()
      signal?.throwIfAborted()
      if (done) break
      size += value.byteLength
      if (size > maxBytes) {
        await reader.cancel().catch(() => {})
        throw new BodyTooLargeError(maxBytes)
      }
      chunks.push(value)
    }
  } finally {
    signal?.removeEventListener('abort', onAbort)
  }
  const bytes = new Uint8Array(size)
  let offset = 0
  for (const chunk of chunks) {
    bytes.set(chunk, offset)
    offset += chunk.byteLength
  }
  return new TextDecoder('utf-8', { fatal }).decode(bytes)
}
