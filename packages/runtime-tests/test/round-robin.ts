import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

/** A load balancer on loopback that sends each request to the next backend in turn. */
export interface RoundRobin {
  /** The balancer's origin: the app's public origin. */
  origin: string
  /** Requests each backend answered, in backend order. */
  served(): number[]
  /** The backends' origins (set once they run: they need the balancer's origin first, as their public origin). */
  setBackends(origins: readonly string[]): void
  close(): Promise<void>
}

/**
 * Starts a round-robin balancer in front of `backends` (origins): request 1 to the first, 2 to
 * the second, and so on, so a verification's start, wrong code and right code land on different
 * instances. It forwards method, headers (Origin and Cookie included) and body, and answers with
 * the backend's status, headers (every Set-Cookie) and body. Like a CDN, it tells the backend the
 * client's address in `cf-connecting-ip` (for Workers).
 */
export async function startRoundRobin(): Promise<RoundRobin> {
  let next = 0
  let backends: readonly string[] = []
  let served: number[] = []
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      if (backends.length === 0) return void response.writeHead(503).end('no backend yet')
      const index = next++ % backends.length
      served[index]! += 1
      const headers = new Headers()
      for (const [name, value] of Object.entries(request.headers)) {
        if (value === undefined || name === 'host' || name === 'connection' || name === 'content-length') continue
        for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v)
      }
      headers.set('cf-connecting-ip', request.socket.remoteAddress?.replace(/^::ffff:/, '') ?? '127.0.0.1')
      const body = chunks.length > 0 ? Buffer.concat(chunks) : undefined
      fetch(`${backends[index]}${request.url ?? '/'}`, { method: request.method, headers, body, redirect: 'manual' }).then(
        async (answer) => {
          const out: Record<string, string | string[]> = {}
          answer.headers.forEach((value, name) => {
            if (name !== 'set-cookie' && name !== 'content-length' && name !== 'content-encoding' && name !== 'transfer-encoding') out[name] = value
          })
          const cookies = answer.headers.getSetCookie()
          if (cookies.length > 0) out['set-cookie'] = cookies
          const bytes = Buffer.from(await answer.arrayBuffer())
          response.writeHead(answer.status, out).end(bytes)
        },
        (error: unknown) => response.writeHead(502).end(String(error)),
      )
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()))
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    served: () => [...served],
    setBackends: (origins) => {
      backends = [...origins]
      served = backends.map(() => 0)
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }
}
