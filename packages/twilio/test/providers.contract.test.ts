// The kit's two providers of paid services pass the provider contract of `@hakiki/provider`
// (port v2) as they are, against the sandbox's two dialects over real HTTP on loopback: the spec's
// Verify API through `verifyClientProvider`, and Twilio Verify through `createTwilioProvider` (with
// each kind of credentials). The services keep the state, so the store every call gets refuses
// every use: a provider touching it fails the suite.
import { verifyClientProvider } from '@hakiki/proxy'
import type { VerifyStore } from '@hakiki/provider'
import { describeProviderContract } from '@hakiki/provider/contract'
import { DEFAULT_CLIENT, DEFAULT_TWILIO_ACCOUNT } from '@hakiki/sandbox'
import { startSandboxServer } from '@hakiki/sandbox/node'
import { createVerifyClient } from '@hakiki/verify-client'
import { createTwilioProvider } from '../src/create-twilio-provider'

const unused = () => Promise.reject(new Error('a provider of a stateful service must not use the store'))
const noStore: VerifyStore = { take: unused, give: unused, add: unused, get: unused, write: unused }

describeProviderContract("verify-api on the sandbox's spec dialect", async () => {
  const server = await startSandboxServer({ port: 0 })
  const { inbox, clock } = server.sandbox
  const client = createVerifyClient({ baseUrl: server.url, ...DEFAULT_CLIENT, now: clock.now })
  return {
    provider: verifyClientProvider(client),
    store: noStore,
    clock,
    latestCode: (to) => inbox.list({ to })[0]!.code,
    sentCount: (to) => inbox.list({ to }).length,
    advanceClock: (seconds) => clock.advance(seconds),
    phone: '+233241234567',
    email: 'ama@example.com',
    locale: 'fr',
    close: () => server.close(),
  }
})

const { accountSid, authToken } = DEFAULT_TWILIO_ACCOUNT
const serviceSid = DEFAULT_TWILIO_ACCOUNT.services[0]!.sid
const apiKey = DEFAULT_TWILIO_ACCOUNT.apiKeys[0]!

for (const [label, credentials] of [
  ['auth token', { accountSid, authToken }],
  ['API key', { accountSid, apiKeySid: apiKey.sid, apiKeySecret: apiKey.secret }],
] as const) {
  describeProviderContract(`twilio (${label}) on the sandbox's Twilio dialect`, async () => {
    const server = await startSandboxServer({ port: 0 })
    const { inbox, clock } = server.sandbox
    return {
      provider: createTwilioProvider(credentials, { serviceSid, baseUrl: server.url }),
      store: noStore,
      clock,
      latestCode: (to) => inbox.list({ to })[0]!.code,
      sentCount: (to) => inbox.list({ to }).length,
      advanceClock: (seconds) => clock.advance(seconds),
      phone: '+447911123456',
      email: 'ama@example.com',
      locale: 'pt-BR',
      close: () => server.close(),
    }
  })
}
