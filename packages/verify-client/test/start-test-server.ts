import { createServer } from 'node:http'
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

/** A request as the test server saw it. */
export interface SeenRequest {
  method: string
  url: string
  headers: IncomingMessage['headers']
  body: string
}

/** A real HTTP server on 127.0.0.1 for tests that need answers the sandbox never gives. */
export interface TestServer {
  url: string
  /** Every request received, body included, in arrival order. */
  requests: SeenRequest[]
  close(): Promise<void>
}

/** Starts a server on a free loopback port; `handler` sees the request with its body read. */
export async function startTestServer(
  handler: (request: SeenRequest, response: ServerResponse) => void,
): Promise<TestServer> {
  const requests: SeenRequest[] = []
  const listener: RequestListener = (incoming, response) => {
    const chunks: Buffer[] = []
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk))
    incoming.on('end', () => {
      const seen: SeenRequest = {
        method: incoming.method ?? '',
        url: incoming.url ?? '',
        headers: incoming.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      }
      requests.push(seen)
      handler(seen, response)
    })
  }
  const server = createServer(listener)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections()
        server.close((error) => (error ? reject(error) : resolve()))
      }),
  }
}

/** Writes a JSON answer. */
export function sendJson(
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  response.writeHead(status, { 'content-type': 'application/json', ...headers })
  response.end(JSON.stringify(body))
}
