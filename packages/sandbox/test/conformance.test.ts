/** The Verify API conformance suite against the in-process sandbox (the same suite `@hakiki/server` runs over HTTP). */
import { beforeEach } from 'vitest'
import { createSandbox, type Sandbox } from '../src/create-sandbox'
import { describeVerifyApiConformance } from './conformance'
import { BASE } from './support'

let sandbox: Sandbox
const clients = [
  { id: 'shop', secret: 'shop-secret-0123456789' },
  { id: 'bank', secret: 'bank-secret-0123456789' },
] as const

beforeEach(() => {
  sandbox = createSandbox({ clients: clients.map((c) => ({ clientId: c.id, clientSecret: c.secret })) })
})

describeVerifyApiConformance('sandbox', () => ({
  fetch: (path, init) => sandbox.fetch(new Request(`${BASE}${path}`, init)),
  clients,
  messages: async (to) => sandbox.inbox.list({ to }).map((m) => ({ code: m.code, verificationId: m.verificationId, channel: m.channel, locale: m.locale })),
  codeLength: 6,
  maxAttempts: 5,
  maxSends: 5,
}))
