// The kit's Twilio provider passes the provider contract against the sandbox's Twilio dialect,
// over real HTTP on loopback, with a number outside the spec's covered countries.
import { DEFAULT_TWILIO_ACCOUNT } from '@hakiki/sandbox'
import { startSandboxServer } from '@hakiki/sandbox/node'
import { createTwilioProvider } from '../src/create-twilio-provider'
import { describeProviderContract } from './provider-contract'

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
