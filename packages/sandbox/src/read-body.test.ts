import { expect, test } from 'vitest'
import { MAX_BODY_BYTES, readText } from './read-body'
import { SandboxApiError } from './sandbox-api-error'

/** A POST whose body arrives in the given chunks, with no Content-Length (as a chunked upload). */
function streamed(chunks: readonly Uint8Array[], type = 'application/json'): Request {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk)
      controller.close()
    },
  })
  return new Request('http://sandbox.test/x', { method: 'POST', headers: { 'content-type': type }, body, duplex: 'half' } as RequestInit)
}

async function refusal(promise: Promise<unknown>): Promise<{ status: number; message: string }> {
  const error = await promise.then(() => undefined, (e: unknown) => e)
  expect(error).toBeInstanceOf(SandboxApiError)
  const { status, message } = error as SandboxApiError
  return { status, message }
}

test('reads UTF-8 split across chunks, and refuses bytes that are not UTF-8 with 400', async () => {
  const euro = new TextEncoder().encode('{"x":"€"}')
  expect(await readText(streamed([euro.slice(0, 7), euro.slice(7)]), 'application/json')).toBe('{"x":"€"}')
  expect(await refusal(readText(streamed([new Uint8Array([0x7b, 0xe2, 0x82]), new Uint8Array([0x7d])]), 'application/json'))).toEqual({ status: 400, message: 'Request body must be valid UTF-8' })
})

test('refuses a streamed body once it passes the limit (413), and another media type (415)', async () => {
  let pulled = 0
  const endless = new ReadableStream<Uint8Array>({
    pull(controller) {
      pulled += 1
      controller.enqueue(new Uint8Array(4096).fill(0x20))
    },
  })
  const request = new Request('http://sandbox.test/x', { method: 'POST', headers: { 'content-type': 'application/json' }, body: endless, duplex: 'half' } as RequestInit)
  expect((await refusal(readText(request, 'application/json'))).status).toBe(413)
  // Stopped just past the limit: the body never ends, the read did.
  expect(pulled * 4096).toBeLessThanOrEqual(MAX_BODY_BYTES + 3 * 4096)
  expect((await refusal(readText(streamed([]), 'application/x-www-form-urlencoded'))).status).toBe(415)
})
