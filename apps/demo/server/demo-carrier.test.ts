import { createEngineProvider } from '@hakiki/engine'
import { createSandbox } from '@hakiki/sandbox'
import { createMemoryStore } from '@hakiki/store'
import { expect, test } from 'vitest'
import { createDemoCarrier } from './demo-carrier'

const setup = () => {
  const sandbox = createSandbox()
  const engine = createEngineProvider({ secret: 'a-demo-secret-of-at-least-32-bytes-long!!', appName: 'Hakiki demo', routes: [{ transport: createDemoCarrier(sandbox.transport) }] })
  return { sandbox, engine, call: { store: createMemoryStore(), clock: { now: () => Date.now() } } }
}

test('an SMS to a number ending in 0000 is taken, then reported undelivered, and never reaches the inbox', async () => {
  const { sandbox, engine, call } = setup()
  const started = await engine.start({ to: '+233241230000', channel: 'sms', locale: 'en' }, call)
  expect(started.delivery).toBe('sent')
  // The report comes with the engine's next call, as the page's next poll.
  expect(await engine.status(started.id, call)).toMatchObject({ status: 'pending', delivery: 'undelivered' })
  expect(sandbox.inbox.list()).toEqual([])
  // "Try a call": the same verification, by call, goes through with the same code.
  const called = await engine.start({ to: '+233241230000', channel: 'call', locale: 'en', resend: { id: started.id, channel: 'sms', sends: 1 } }, call)
  expect(called).toMatchObject({ id: started.id, channel: 'call', delivery: 'delivered' })
  const [message] = sandbox.inbox.list({ to: '+233241230000' })
  expect(message).toMatchObject({ channel: 'call', verificationId: started.id })
  expect(await engine.check(started.id, message!.code, call)).toMatchObject({ status: 'approved' })
})

test('any other number is delivered into the inbox', async () => {
  const { sandbox, engine, call } = setup()
  const started = await engine.start({ to: '+233241234567', channel: 'sms', locale: 'en' }, call)
  expect(started.delivery).toBe('delivered')
  expect(sandbox.inbox.list({ to: '+233241234567' })).toHaveLength(1)
})
