// The engine passes the provider contract, with the memory store and the inbox transport.
import { describeProviderContract } from '@hakiki/provider/contract'
import { createMemoryStore } from '@hakiki/store'
import { createEngineProvider } from './create-engine-provider'
import { createInboxTransport } from './transports/create-inbox-transport'

const SECRET = 'a test secret of at least thirty-two bytes'
const codeOf = (text: string) => /#(\d+)$/.exec(text)?.[1] ?? /\b(\d{6})\b/.exec(text)![1]!

describeProviderContract('engine with the inbox transport', async () => {
  let now = Date.UTC(2026, 0, 1)
  const clock = { now: () => now }
  const inbox = createInboxTransport({ now: clock.now, channels: ['sms', 'email'] })
  return {
    provider: createEngineProvider({ secret: SECRET, appName: 'Acme', webOtpHost: 'app.example.com', routes: [{ transport: inbox }] }),
    store: createMemoryStore({ now: clock.now }),
    clock,
    latestCode: (to) => codeOf(inbox.list(to)[0]!.text),
    sentCount: (to) => inbox.list(to).length,
    advanceClock: (seconds) => void (now += seconds * 1000),
    phone: '+233241234567',
    email: 'ama@example.com',
    locale: 'fr',
  }
})
