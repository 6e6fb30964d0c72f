// The kit's two port-v1 providers pass the v2 contract through `fromProviderV1`, against the
// sandbox's two dialects over real HTTP on loopback. They keep no state, so the store they get
// refuses every call: a use of it would fail the suite.
import { verifyClientProvider } from '@hakiki/proxy'
import { DEFAULT_CLIENT, DEFAULT_TWILIO_ACCOUNT } from '@hakiki/sandbox'
import { startSandboxServer } from '@hakiki/sandbox/node'
import { createTwilioProvider } from '../src/create-twilio-provider'
import { createVerifyClient } from '@hakiki/verify-client'
import { fromProviderV1, type VerifyStore } from '@hakiki/provider'
import { describeProviderContract } from '@hakiki/provider/contract'

const unused = () => Promise.reject(new Error('a v1 provider must not use the store'))
const noStore: VerifyStore = { take: unused, give: unused, add: unused, get: unused, write: unused }

describeProviderContract("verify-api (v1) on the sandbox's spec dialect", async () => {
  const server = await startSandboxServer({ port: 0 })
  const { inbox, clock } = server.sandbox
  const client = createVerifyClient({ baseUrl: server.url, ...DEFAULT_CLIENT, now: clock.now })
  return {
    provider: fromProviderV1(verifyClientProvider(client)),
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

describeProviderContract("twilio (v1) on the sandbox's Twilio dialect", async () => {
  const server = await startSandboxServer({ port: 0 })
  const { inbox, clock } = server.sandbox
  const { accountSid, authToken } = DEFAULT_TWILIO_ACCOUNT
  return {
    provider: fromProviderV1(createTwilioProvider({ accountSid, authToken }, { serviceSid: DEFAULT_TWILIO_ACCOUNT.services[0]!.sid, baseUrl: server.url })),
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
