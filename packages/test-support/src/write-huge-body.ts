/**
 * An upstream that answers more than anyone should read: the body-size tests of the providers,
 * the Verify API client and the proxy (#19: a 300 MB answer once took the proxy to 2.9 GB) use it
 * to check that a reader stops at its limit and hangs up, instead of taking the whole body in.
 */
import type { ServerResponse } from 'node:http'

/** What {@link writeHugeBody} managed to send. */
export interface HugeBodyOutcome {
  /** Bytes handed to the socket before the body ended or the client hung up. */
  written: number
  /** True when all of `totalBytes` went out (the client read everything). */
  complete: boolean
}

/** Size of each chunk written. */
const CHUNK = Buffer.alloc(64 * 1024, 'z')

/**
 * Writes a 200 answer of `totalBytes` (filler bytes, not JSON), respecting back-pressure, and
 * resolves when it is all out or the client has hung up. Headers are sent first, so the reader
 * gets its response at once; `declare: true` sends the true `Content-Length`, otherwise it is
 * chunked and only the bytes read tell the size.
 */
export function writeHugeBody(response: ServerResponse, totalBytes: number, options: { declare?: boolean } = {}): Promise<HugeBodyOutcome> {
  const headers: Record<string, string> = { 'content-type': 'application/json' }
  if (options.declare) headers['content-length'] = String(totalBytes)
  response.writeHead(200, headers)
  return new Promise((resolve) => {
    let written = 0
    const finish = () => resolve({ written, complete: written >= totalBytes })
    response.once('close', finish)
    const pump = () => {
      while (!response.destroyed && written < totalBytes) {
        const chunk = CHUNK.subarray(0, Math.min(CHUNK.length, totalBytes - written))
        written += chunk.length
        if (!response.write(chunk)) return void response.once('drain', pump)
      }
      if (written >= totalBytes && !response.writableEnded) response.end()
    }
    pump()
  })
}
