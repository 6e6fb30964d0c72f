// The Verify API conformance suite (the sandbox's) over HTTP against one hakiki-server with the
// memory store, delivering through the webhook transport to a real HTTP receiver on loopback.
import { afterAll, beforeAll } from 'vitest'
import { describeVerifyApiConformance } from '../../sandbox/test/conformance'
import { startMessageSink, type MessageSink } from '../test/message-sink'
import { CLIENTS, testConfig } from '../test/server-fixture'
import { silentLogger } from './server-logger'
import { startVerifyServer, type RunningVerifyServer } from './start-verify-server'

let sink: MessageSink
let server: RunningVerifyServer

beforeAll(async () => {
  sink = await startMessageSink()
  server = await startVerifyServer({ config: await testConfig(sink.url), port: 0, logger: silentLogger })
})

afterAll(async () => {
  await server?.close()
  await sink?.close()
})

describeVerifyApiConformance('hakiki-server (memory store)', () => ({
  fetch: (path, init) => fetch(`${server.url}${path}`, init),
  clients: CLIENTS,
  messages: async (to) => sink.list(to),
  codeLength: 6,
  maxAttempts: 5,
  maxSends: 5,
}))
