import { createEngineProvider } from '@hakiki/engine'
import { createMemoryStore } from '@hakiki/store'
import { expect, test } from 'vitest'
import { createSandbox } from './create-sandbox'

test("an app's own engine delivers into the sandbox's inbox through sandbox.transport, on the sandbox clock", async () => {
  const sandbox = createSandbox({ now: () => Date.UTC(2026, 0, 1) })
  const engine = createEngineProvider({ secret: 'a-secret-of-at-least-thirty-two-bytes!', appName: 'Acme', routes: [{ transport: sandbox.transport }] })
  const call = { store: createMemoryStore(), clock: { now: () => Date.UTC(2026, 0, 1) } }
  const started = await engine.start({ to: 'Ama@Example.com', channel: 'email', locale: 'pt-BR' }, call)
  expect(started).toMatchObject({ status: 'pending', delivery: 'delivered' })
  const [message] = sandbox.inbox.list({ to: 'ama@example.com' })
  expect(message).toMatchObject({ id: expect.stringMatching(/^EM[0-9a-f]{32}$/), verificationId: started.id, channel: 'email', locale: 'pr-BR', sentAt: '2026-01-01T00:00:00.000Z' })
  expect(message!.subject).toContain(message!.code)
  expect(await engine.check(started.id, message!.code, call)).toMatchObject({ status: 'approved' })
})
