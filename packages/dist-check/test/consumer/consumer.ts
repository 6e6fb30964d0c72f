/**
 * An npm user's code against the built declarations: `types.test.ts` type-checks this file with
 * `tsconfig.json` beside it (no `source` condition), so every import below resolves to a
 * `dist/*.d.ts`. Never run. The `@ts-expect-error` lines prove the types are real: were a
 * declaration to degrade to `any`, the expected error would vanish and the check would fail.
 */
import { createProxyAdapter, HakikiError, normalizeCode, toApiLocale, type FlowState, type VerificationAdapter } from '@hakiki/core'
import { createMemoryAdapter } from '@hakiki/engine/memory-adapter'
import { useVerificationFlow, VerificationProvider, type VerificationProviderProps } from '@hakiki/react'
import { VerificationFlow, type VerificationFlowProps } from '@hakiki/ui'
import { createSandbox, type SandboxMessage } from '@hakiki/sandbox'
import { startSandboxServer } from '@hakiki/sandbox/node'
import { createVerifyClient, VerifyApiError, type VerifyClient } from '@hakiki/verify-client'
import { nodeFetch } from '@hakiki/verify-client/node'
import { createMemoryStore, createVerifyHandler, verifyReceipt, type ReceiptClaims, type VerifyHandler } from '@hakiki/proxy'
import { toNodeListener } from '@hakiki/proxy/node'
import { toExpressMiddleware } from '@hakiki/proxy/express'
import { createMemoryStore as createStore, StoreUnavailableError, type VerifyStore } from '@hakiki/store'
import { createUpstashStore } from '@hakiki/store-redis'
import { createDurableObjectStore, HakikiStoreObject, type DurableObjectNamespaceLike } from '@hakiki/store-cloudflare'
import { createDenoKvStore, type DenoKvLike } from '@hakiki/store-deno-kv'
import { createVerifyServer, parseServerConfig, ServerConfigError, type ServerConfig, type ServerConfigInput, type VerifyServer } from '@hakiki/server'
import { startVerifyServer, type RunningVerifyServer } from '@hakiki/server/node'
import { createTwilioProvider, type TwilioCredentials } from '@hakiki/twilio'
import { DEFAULT_TWILIO_ACCOUNT } from '@hakiki/sandbox'
import type { VerifyProviderV1 } from '@hakiki/proxy'
import { createElement, type ReactElement } from 'react'

/** Browser side: an adapter, the provider, the hook and the drop-in flow. */
export function browserSide(): ReactElement {
  const adapter: VerificationAdapter = createProxyAdapter({ baseUrl: '/api/verify' })
  const code: string = normalizeCode('１２３ ４５６', 6)
  const locale: string | undefined = toApiLocale('pt-BR')
  const error = new HakikiError('network_error', 'offline')
  const props: VerificationFlowProps = { adapter, defaultCountry: 'GH', onVerified: (receipt) => receipt?.length }
  // @ts-expect-error defaultCountry is an ISO code (the 14 covered autocomplete, any region is accepted), not a calling code
  const wrong: VerificationFlowProps = { defaultCountry: 233 }
  const provider: VerificationProviderProps = { adapter: createMemoryAdapter(), children: createElement(VerificationFlow, props) }
  void [code, locale, error.code satisfies string, wrong]
  return createElement(VerificationProvider, provider)
}

/** A hook's state is the core's discriminated union. */
export function useStatus(): FlowState['status'] {
  return useVerificationFlow({}).state.status
}

/** Server side: the sandbox, the typed client, the proxy and its adapters, the receipt. */
export async function serverSide(): Promise<void> {
  const server = await startSandboxServer({ port: 0 })
  const inbox: readonly SandboxMessage[] = createSandbox().inbox.list({ to: '+233241234567' })
  const client: VerifyClient = createVerifyClient({ baseUrl: server.url, clientId: 'id', clientSecret: 'secret', fetch: nodeFetch })
  const handler: VerifyHandler = createVerifyHandler({ client, secret: 'x'.repeat(32), store: createMemoryStore() })
  const listener = toNodeListener(handler, { trustProxy: 1 })
  const middleware = toExpressMiddleware(handler)
  const claims: ReceiptClaims = await verifyReceipt('token', 'x'.repeat(32), { expectedTo: '+233241234567', replay: 'allow' })
  // @ts-expect-error a verification needs an address
  await client.createVerification({ channel: 'sms' })
  const failed = new VerifyApiError({ code: 'timeout', operation: 'create' })
  const credentials: TwilioCredentials = { accountSid: DEFAULT_TWILIO_ACCOUNT.accountSid, authToken: DEFAULT_TWILIO_ACCOUNT.authToken }
  const twilio: VerifyProviderV1 = createTwilioProvider(credentials, { serviceSid: DEFAULT_TWILIO_ACCOUNT.services[0]!.sid, baseUrl: server.url })
  // @ts-expect-error an API key needs its secret
  createTwilioProvider({ accountSid: 'AC', apiKeySid: 'SK' }, { serviceSid: 'VA' })
  const store: VerifyStore = process.env.UPSTASH_REDIS_REST_URL ? createUpstashStore({ url: process.env.UPSTASH_REDIS_REST_URL, token: 't' }) : createStore({ maxCounters: 1000 })
  const taken = await store.take([{ key: 'k', windowSeconds: 60, limit: 5 }])
  const retryAfter: number = taken.ok ? 0 : taken.retryAfterSeconds
  // @ts-expect-error a quota needs its limit
  await store.take([{ key: 'k', windowSeconds: 60 }])
  const outage = new StoreUnavailableError('take', 'timeout')
  const edge: VerifyStore[] = [createDurableObjectStore({} as DurableObjectNamespaceLike, { name: 'app' }), createDenoKvStore({} as DenoKvLike, { prefix: ['app'] })]
  void [edge, HakikiStoreObject.name]
  void [inbox, listener, middleware, claims.sub satisfies string, failed, twilio.name, retryAfter, outage.code satisfies 'store_unavailable']
  await server.close()
}

/** Server side: hakiki-server, the spec's API as a service on the engine (Fetch handler and Node server). */
export async function verifyService(): Promise<void> {
  const config: ServerConfig = parseServerConfig(JSON.parse('{}') as ServerConfigInput, { HAKIKI_ENGINE_SECRET: 'x'.repeat(32) })
  const service: VerifyServer = createVerifyServer({ config, store: createStore() })
  const answered: Response = await service.fetch(new Request('http://127.0.0.1/healthz'))
  const running: RunningVerifyServer = await startVerifyServer({ config, port: 0 })
  // @ts-expect-error the server needs its configuration
  createVerifyServer({ store: createStore() })
  void [answered.status, new ServerConfigError([]).name]
  await running.close()
}
