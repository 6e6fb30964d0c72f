/**
 * `startVerifyServer`: the Verify API over `node:http`, with its store (memory, or Redis shared by
 * several instances) and a graceful shutdown: `/readyz` turns 503, no new connection is taken,
 * requests in flight (and the sends inside them) finish, then connections, transports and the
 * Redis client close.
 */
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { toNodeListener } from '@hakiki/sandbox/node'
import { createMemoryStore, type VerifyStore } from '@hakiki/store'
import { createRedisStore } from '@hakiki/store-redis'
import { createClient } from 'redis'
import { createNodeRouteTransport } from './create-node-route-transport'
import { createVerifyServer, type VerifyServer, type VerifyServerOptions } from './create-verify-server'
import { scopedStore } from './scoped-store'
import type { ServerConfig } from './server-config'
import { createJsonLogger, type ServerLogger } from './server-logger'

/** Options of {@link startVerifyServer}. */
export interface StartVerifyServerOptions extends Omit<VerifyServerOptions, 'store'> {
  config: ServerConfig
  /** Overrides `config.listen.port` (0: a free port). */
  port?: number
  /** Overrides `config.listen.host`. */
  host?: string
  /** A store to use instead of the configured one (tests). */
  store?: VerifyStore
}

/** A listening server. */
export interface RunningVerifyServer {
  /** `http://host:port`, no trailing slash. */
  url: string
  port: number
  /** The Fetch handler and its state. */
  server: VerifyServer
  /** The `node:http` server. */
  http: Server
  /** Graceful shutdown: resolves once every request in flight is answered (or the grace period ran out) and everything is closed. */
  close(): Promise<void>
}

/** Opens the configured store: memory, or a connected node-redis client under `keyPrefix`. */
export async function openStore(config: ServerConfig, logger: ServerLogger): Promise<{ store: VerifyStore; close(): Promise<void> }> {
  if (config.store.type === 'memory') return { store: createMemoryStore(), close: async () => {} }
  const client = createClient({ url: config.store.url, socket: { connectTimeout: 5000 } })
  // node-redis reconnects by itself; an error event without a listener would crash the process.
  client.on('error', (error: unknown) => logger.log('error', 'redis error', { error: error instanceof Error ? error.message : 'unknown' }))
  await client.connect()
  return {
    store: scopedStore(createRedisStore(client), config.store.keyPrefix),
    close: async () => {
      await client.close().catch(() => client.destroy())
    },
  }
}

/** Starts the server and resolves once it listens. */
export async function startVerifyServer(options: StartVerifyServerOptions): Promise<RunningVerifyServer> {
  const { config } = options
  const logger = options.logger ?? createJsonLogger()
  const opened = options.store ? { store: options.store, close: async () => {} } : await openStore(config, logger)
  const server = createVerifyServer({ createTransport: createNodeRouteTransport, ...options, store: opened.store, logger })
  const http = createServer({ keepAliveTimeout: 5000, requestTimeout: 30_000, headersTimeout: 10_000 }, toNodeListener(server.fetch))
  const host = options.host ?? config.listen.host
  await new Promise<void>((resolve, reject) => {
    http.once('error', reject)
    http.listen(options.port ?? config.listen.port, host, () => {
      http.off('error', reject)
      resolve()
    })
  })
  const { port } = http.address() as AddressInfo
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`
  logger.log('info', 'listening', { url, store: config.store.type, clients: config.clients.length, routes: config.routes.map((r) => r.transport.name) })
  let closing: Promise<void> | undefined
  const close = () =>
    (closing ??= (async () => {
      server.drain()
      const closed = new Promise<void>((resolve) => http.close(() => resolve()))
      http.closeIdleConnections()
      const deadline = Date.now() + config.shutdownGraceSeconds * 1000
      while (server.inFlight > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20))
      if (server.inFlight > 0) logger.log('warn', 'shutdown grace period over', { inFlight: server.inFlight })
      http.closeAllConnections()
      await closed
      await server.close()
      await opened.close()
      logger.log('info', 'stopped')
    })())
  return { url, port, server, http, close }
}
