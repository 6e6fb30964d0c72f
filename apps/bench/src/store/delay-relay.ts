import { createConnection, createServer, type Server, type Socket } from 'node:net'
import type { AddressInfo } from 'node:net'

/** A TCP relay on loopback that holds every chunk for a while in each direction. */
export interface DelayRelay {
  /** The relay's port on 127.0.0.1. */
  port: number
  close(): Promise<void>
}

/**
 * Relays TCP connections to `127.0.0.1:targetPort`, delaying every chunk by `oneWayMs` in each
 * direction, in order: a store "10 ms away" (one round trip = 2 × 5 ms) without leaving the
 * machine. Only loopback.
 */
export async function startDelayRelay(targetPort: number, oneWayMs: number): Promise<DelayRelay> {
  const sockets = new Set<Socket>()
  const delayed = (from: Socket, to: Socket) => {
    // Chunks leave in arrival order, each no sooner than `oneWayMs` after it arrived.
    let last = 0
    from.on('data', (chunk: Buffer) => {
      const due = Math.max(performance.now() + oneWayMs, last)
      last = due
      setTimeout(() => to.writable && to.write(chunk), Math.max(0, due - performance.now()))
    })
    from.on('close', () => setTimeout(() => to.destroy(), oneWayMs))
  }
  const server: Server = createServer((client) => {
    const upstream = createConnection({ host: '127.0.0.1', port: targetPort })
    for (const socket of [client, upstream]) {
      socket.setNoDelay(true)
      socket.on('error', () => {})
      sockets.add(socket)
      socket.on('close', () => sockets.delete(socket))
    }
    delayed(client, upstream)
    delayed(upstream, client)
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => resolve())
  })
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy()
        server.close(() => resolve())
      }),
  }
}
