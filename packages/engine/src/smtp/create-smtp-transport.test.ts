// The SMTP transport against a real Postfix on loopback: the code e-mail lands in the Maildir with
// the code in its subject and a text part; a refused recipient and a dead server are classified;
// the engine fails over from a dead server to Postfix with the same code.
import { createMemoryStore } from '@hakiki/store'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { freePort } from '@hakiki/test-support/free-port'
import { postfixAvailable, startPostfix, type PostfixProcess } from '../../test/postfix'
import { describeTransportContract } from '../contract/index'
import { createEngineProvider } from '../create-engine-provider'
import { createSmtpTransport } from './create-smtp-transport'

const SECRET = 'a test secret of at least thirty-two bytes'
/** The newest message to `address` (by its To header), so a slow delivery of another test's message cannot be taken for it. */
const to = (address: string, messages: string[]) => messages.findLast((raw) => new RegExp(`^To: ${address.replace('.', '\\.')}$`, 'm').test(raw))!

describe.skipIf(!postfixAvailable)('createSmtpTransport against Postfix', () => {
  let postfix: PostfixProcess
  beforeAll(async () => {
    postfix = await startPostfix()
  }, 30_000)
  afterAll(async () => {
    await postfix?.stop()
  })

  it('delivers the code e-mail through the engine: code in the subject, a text part and an HTML part, the sender of the locale', async () => {
    const smtp = createSmtpTransport({ host: '127.0.0.1', port: postfix.port, from: 'Acme <codes@acme.test>' })
    const engine = createEngineProvider({ secret: SECRET, appName: 'Acme', routes: [{ transport: smtp }], messages: { de: { from: { email: 'Acme DE <de@acme.test>' } } } })
    const call = { store: createMemoryStore(), clock: { now: () => Date.now() } }
    const before = postfix.messages().length
    const started = await engine.start({ to: 'ama@example.com', channel: 'email', locale: 'de' }, call)
    expect(started).toMatchObject({ status: 'pending', delivery: 'sent' })
    const raw = to('ama@example.com', await postfix.waitForMessages(before + 1))
    const subject = /^Subject: (.*)$/m.exec(raw)![1]!
    const code = /\d{6}/.exec(subject)![0]
    expect(raw).toMatch(/^From: Acme DE <de@acme\.test>$/m)
    expect(raw).toMatch(/^To: ama@example\.com$/m)
    expect(raw).toContain('multipart/alternative')
    expect(raw).toContain('text/plain')
    expect(raw).toContain('text/html')
    expect(raw).toMatch(/^Content-Language: de$/m)
    expect(await engine.check(started.id, code, call)).toMatchObject({ status: 'approved' })
    await smtp.close?.()
  })

  it('classifies a recipient the server refuses as invalid_email', async () => {
    const smtp = createSmtpTransport({ host: '127.0.0.1', port: postfix.port, from: 'codes@acme.test', pool: false })
    const error = await smtp.send({ channel: 'email', to: 'ama@elsewhere.test', locale: 'en', subject: 's', text: 't', reference: 'r' }).catch((e: unknown) => e)
    expect(error).toMatchObject({ kind: 'invalid_email', providerCode: '554' })
    // Nothing a log could print names the recipient.
    expect(JSON.stringify(error) + String(error) + String((error as Error).cause ?? '')).not.toContain('elsewhere')
  })

  it('fails over from a server that refuses connections to Postfix, with the same code', async () => {
    const dead = createSmtpTransport({ name: 'smtp-dead', host: '127.0.0.1', port: await freePort(), from: 'codes@acme.test', pool: false, timeoutMs: 3000 })
    await expect(dead.send({ channel: 'email', to: 'ama@example.com', locale: 'en', subject: 's', text: 't', reference: 'r' })).rejects.toMatchObject({ kind: 'unavailable' })
    const live = createSmtpTransport({ host: '127.0.0.1', port: postfix.port, from: 'codes@acme.test', pool: false })
    const engine = createEngineProvider({ secret: SECRET, appName: 'Acme', routes: [{ transport: dead }, { transport: live }] })
    const call = { store: createMemoryStore(), clock: { now: () => Date.now() } }
    const before = postfix.messages().length
    const { id } = await engine.start({ to: 'kofi@example.com', channel: 'email', locale: 'en' }, call)
    const raw = to('kofi@example.com', await postfix.waitForMessages(before + 1))
    const code = /\d{6}/.exec(/^Subject: (.*)$/m.exec(raw)![1]!)![0]
    expect(await engine.check(id, code, call)).toMatchObject({ status: 'approved' })
  })
})

// The transport contract on the same Postfix (started once: a start costs seconds): each harness
// counts from the messages already there; "broken" points the transport at a port nothing listens
// on (connection refused).
if (postfixAvailable) {
  let shared: PostfixProcess | undefined
  afterAll(async () => {
    await shared?.stop()
  })
  describeTransportContract('smtp against Postfix', async () => {
    shared ??= await startPostfix()
    const server = shared
    const baseline = server.messages().length
    const live = createSmtpTransport({ host: '127.0.0.1', port: server.port, from: 'codes@acme.test', pool: false, timeoutMs: 5000 })
    let current = live
    let accepted = 0
    return {
      transport: {
        name: live.name,
        channels: live.channels,
        send: async (message, options) => {
          const receipt = await current.send(message, options)
          accepted += 1
          return receipt
        },
      },
      addresses: { email: 'ama@example.com' },
      // Postfix delivers to the Maildir after it accepts: wait for every accepted message.
      received: async () => (await server.waitForMessages(baseline + accepted)).slice(baseline),
      breakCounterpart: async () => {
        current = createSmtpTransport({ name: 'smtp-down', host: '127.0.0.1', port: await freePort(), from: 'codes@acme.test', pool: false, timeoutMs: 3000 })
      },
    }
  })
}
