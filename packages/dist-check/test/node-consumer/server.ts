/**
 * A Node server's code, type-checked without the DOM lib (`lib: ["ES2022"]`, `types: ["node"]`,
 * library checks on) by `types.test.ts`: every server-side entry must declare itself with what
 * Node's own types provide. Never run.
 */
import { HakikiError, normalizeCode, toApiLocale } from '@hakiki/core'
import { createMemoryAdapter } from '@hakiki/engine/memory-adapter'
import { createMemoryStore, createVerifyHandler, verifyReceipt, type ReceiptClaims, type VerifyHandler } from '@hakiki/proxy'
import { toExpressMiddleware } from '@hakiki/proxy/express'
import { toNodeListener } from '@hakiki/proxy/node'
import { createSandbox, type SandboxMessage } from '@hakiki/sandbox'
import { startSandboxServer } from '@hakiki/sandbox/node'
import { createVerifyClient, VerifyApiError, type VerifyClient } from '@hakiki/verify-client'
import { nodeFetch } from '@hakiki/verify-client/node'
import { StoreUnavailableError, type VerifyStore } from '@hakiki/store'
import { createRedisStore } from '@hakiki/store-redis'
import { createVerifyServer, parseServerConfig, ServerConfigError, type ServerConfig, type ServerConfigInput, type VerifyServer } from '@hakiki/server'
import { startVerifyServer, type RunningVerifyServer } from '@hakiki/server/node'
import { createServer } from 'node:http'

export async function serve(): Promise<void> {
  const sandbox = await startSandboxServer({ port: 0 })
  const inbox: readonly SandboxMessage[] = createSandbox().inbox.list({ to: '+233241234567' })
  const client: VerifyClient = createVerifyClient({ baseUrl: sandbox.url, clientId: 'id', clientSecret: 'secret', fetch: nodeFetch })
  const handler: VerifyHandler = createVerifyHandler({ client, secret: 'x'.repeat(32), store: createMemoryStore() })
  const server = createServer(toNodeListener(handler))
  const middleware = toExpressMiddleware(handler)
  const claims: ReceiptClaims = await verifyReceipt('token', 'x'.repeat(32), { expectedTo: '+233241234567', replay: 'allow' })
  const response: Response | undefined = await handler(new Request('http://127.0.0.1/verifications', { method: 'POST' }))
  // @ts-expect-error a verification needs an address
  await client.createVerification({ channel: 'sms' })
  const failed = new VerifyApiError({ code: 'timeout', operation: 'create' })
  void [inbox, middleware, claims.sub satisfies string, failed, response, createMemoryAdapter(), normalizeCode('1 2 3', 3), toApiLocale('pt-BR'), new HakikiError('network_error', 'x'), new StoreUnavailableError('get', 'failed').code, null as VerifyStore | null, createRedisStore({ sendCommand: async () => null })]
  server.close()
  await sandbox.close()
}

/** Server side: hakiki-server, the spec's API as a service on the engine (Fetch handler and Node server). */
export async function verifyService(): Promise<void> {
  const config: ServerConfig = parseServerConfig(JSON.parse('{}') as ServerConfigInput, { HAKIKI_ENGINE_SECRET: 'x'.repeat(32) })
  const service: VerifyServer = createVerifyServer({ config, store: createMemoryStore() })
  const answered: Response = await service.fetch(new Request('http://127.0.0.1/healthz'))
  const running: RunningVerifyServer = await startVerifyServer({ config, port: 0 })
  // @ts-expect-error the server needs its configuration
  createVerifyServer({ store: createMemoryStore() })
  void [answered.status, new ServerConfigError([]).name]
  await running.close()
}
