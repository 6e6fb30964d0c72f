/**
 * Test helper: a server speaking the Upstash REST protocol in front of a real redis-server, as
 * Upstash documents it (https://upstash.com/docs/redis/features/restapi): `POST /` with a JSON array
 * (the command and its arguments) and `Authorization: Bearer <token>`; `200 {"result": …}`, `400
 * {"error": "…"}` when Redis answers an error, `401` without the right token. Only what the store
 * sends is implemented (the command-in-body form; not the path form, `/pipeline` or `/multi-exec`).
 */
import { createServer } from 'node:http'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createClient } from 'redis'

/** A running bridge. */
export interface UpstashBridge {
  url: string
  token: string
  /** Requests answered so far (what a round-trip count reads). */
  requests: () => number
  /** The `upstash-sync-token` header of each request so far (`undefined` where none was sent). */
  syncTokens: () => (string | undefined)[]
  /** Stops listening: the store's fetches are refused, as with a REST endpoint down. */
  stop: () => Promise<void>
  /** Listens again on the same port. */
  restart: () => Promise<void>
  close: () => Promise<void>
}

export async function startUpstashBridge(redisUrl: string, token = 'test-token-not-a-secret'): Promise<UpstashBridge> {
  // No offline queue: while Redis is down the bridge answers errors, as Upstash would answer 5xx.
  const redis = createClient({ url: redisUrl, disableOfflineQueue: true })
  redis.on('error', () => {})
  await redis.connect()
  let count = 0
  const tokens: (string | undefined)[] = []
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = []
    const answer = (status: number, body: unknown) => {
      // Like Upstash, every answer carries a sync token (here: the request's number).
      response.writeHead(status, { 'content-type': 'application/json', 'upstash-sync-token': `token-${count}` })
      response.end(JSON.stringify(body))
    }
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      count += 1
      const sent = request.headers['upstash-sync-token']
      tokens.push(typeof sent === 'string' ? sent : undefined)
      if (request.method !== 'POST' || request.url !== '/') return answer(405, { error: 'only POST / is implemented here' })
      if (request.headers.authorization !== `Bearer ${token}`) return answer(401, { error: 'Unauthorized' })
      let command: unknown
      try {
        command = JSON.parse(Buffer.concat(chunks).toString('utf8'))
      } catch {
        return answer(400, { error: 'ERR failed to parse command' })
      }
      if (!Array.isArray(command) || command.length === 0) return answer(400, { error: 'ERR failed to parse command' })
      redis.sendCommand(command.map(String)).then(
        (result) => answer(200, { result }),
        (error: unknown) => answer(400, { error: error instanceof Error ? error.message : String(error) }),
      )
    })
  })
  const listen = (port: number) => new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject)
      resolve()
    })
  })
  await listen(0)
  const { port } = server.address() as AddressInfo
  const stop = () => new Promise<void>((resolve) => {
    server.close(() => resolve())
    server.closeAllConnections()
  })
  return {
    url: `http://127.0.0.1:${port}`,
    token,
    requests: () => count,
    syncTokens: () => [...tokens],
    stop,
    restart: () => listen(port),
    close: async () => {
      if (server.listening) await stop()
      redis.destroy()
    },
  }
}
