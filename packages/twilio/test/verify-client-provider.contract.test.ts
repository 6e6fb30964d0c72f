// The proxy's Verify API provider passes the same provider contract as the Twilio one, against
// the sandbox's spec dialect over real HTTP on loopback. It lives here, not in @hakiki/proxy,
// because the contract suite belongs to this package and the proxy must not depend on it.
import { verifyClientProvider } from '@hakiki/proxy'
import { DEFAULT_CLIENT } from '@hakiki/sandbox'
import { startSandboxServer } from '@hakiki/sandbox/node'
import { createVerifyClient } from '@hakiki/verify-client'
import { describeProviderContract } from './provider-contract'

describeProviderContract("verify-api on the sandbox's spec dialect", async () => {
  const server = await startSandboxServer({ port: 0 })
  const { inbox, clock } = server.sandbox
  const client = createVerifyClient({ baseUrl: server.url, ...DEFAULT_CLIENT, now: clock.now })
  return {
    provider: verifyClientProvider(client),
    latestCode: (to) => inbox.list({ to })[0]!.code,
    sentCount: (to) => inbox.list({ to }).length,
    advanceClock: (seconds) => clock.advance(seconds),
    phone: '+233241234567',
    email: 'ama@example.com',
    locale: 'fr',
    close: () => server.close(),
  }
})
