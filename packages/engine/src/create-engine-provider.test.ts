// What the engine adds to the contract: nothing secret in the store, messages as documented,
// one approval under racing checks, and failover with one code per verification.
import { isProviderError, ProviderError, type ProviderCall } from '@hakiki/provider'
import { createMemoryStore, type VerifyStore } from '@hakiki/store'
import { describe, expect, it } from 'vitest'
import { createEngineProvider } from './create-engine-provider'
import type { DeliveryEvent, Route } from './engine-options'
import type { DeliveryReport, OutboundMessage, Transport } from './transport'
import { createInboxTransport } from './transports/create-inbox-transport'

const SECRET = 'a test secret of at least thirty-two bytes'
const PHONE = '+233241234567'

/** A memory store that remembers every key and value written, to look for secrets in them. */
function recordingStore(now: () => number) {
  const store = createMemoryStore({ now })
  const written: string[] = []
  const recording: VerifyStore = {
    ...store,
    write: (op) => {
      for (const e of op.set ?? []) written.push(e.key, e.value)
      return store.write(op)
    },
    take: (quotas) => {
      for (const q of quotas) written.push(q.key)
      return store.take(quotas)
    },
  }
  return { store: recording, written }
}

function setup(routes?: (inbox: Transport) => Route[], extra: object = {}) {
  let now = Date.UTC(2026, 0, 1)
  const clock = { now: () => now }
  const inbox = createInboxTransport({ now: clock.now })
  const { store, written } = recordingStore(clock.now)
  const engine = createEngineProvider({ secret: SECRET, appName: 'Acme', webOtpHost: 'app.example.com', routes: routes?.(inbox) ?? [{ transport: inbox }], ...extra })
  const call: ProviderCall = { store, clock }
  return { engine, inbox, call, written, advance: (s: number) => void (now += s * 1000) }
}

const codeIn = (message: OutboundMessage) => /#(\d{6})$/.exec(message.text)?.[1] ?? /(\d{6})/.exec(message.subject ?? message.text)![1]!

describe('createEngineProvider', () => {
  it('keeps no code and no address in the store, only a seed and keyed hashes', async () => {
    const { engine, inbox, call, written } = setup()
    await engine.start({ to: PHONE, channel: 'sms', locale: 'en' }, call)
    const code = codeIn(inbox.list(PHONE)[0]!)
    expect(written.length).toBeGreaterThan(0)
    const stored = written.join('\n')
    expect(stored).not.toContain(`"${code}"`)
    expect(written.filter((w) => w.includes(code) && !w.startsWith('{'))).toEqual([])
    expect(written.filter((w) => !w.startsWith('{')).join('\n')).not.toContain(PHONE.slice(1))
  })

  it('draws codes that look uniform: every digit in every position over 200 verifications', async () => {
    const { engine, inbox, call } = setup()
    const seen = Array.from({ length: 6 }, () => new Set<string>())
    for (let i = 0; i < 200; i++) {
      const to = `+23324${String(1_000_000 + i).slice(1)}1`
      await engine.start({ to, channel: 'sms', locale: 'en' }, call)
      codeIn(inbox.list(to)[0]!).split('').forEach((d, p) => seen[p]!.add(d))
    }
    expect(seen.map((s) => s.size)).toEqual([10, 10, 10, 10, 10, 10])
  })

  it('writes the SMS with the origin-bound line, the e-mail with the code in its subject and a text part, the call with the digits twice', async () => {
    const { engine, inbox, call } = setup()
    await engine.start({ to: PHONE, channel: 'sms', locale: 'fr' }, call)
    const sms = inbox.list(PHONE)[0]!
    const code = codeIn(sms)
    expect(sms.text.endsWith(`\n\n@app.example.com #${code}`)).toBe(true)
    expect(sms.locale).toBe('fr')
    await engine.start({ to: PHONE, channel: 'call', locale: 'fr' }, call)
    const spoken = code.split('').join(', ')
    expect(inbox.list(PHONE)[0]!.text.split(spoken).length - 1).toBe(2)
    await engine.start({ to: 'Ama@Example.com', channel: 'email', locale: 'de' }, call)
    const mail = inbox.list('ama@example.com')[0]!
    expect(mail.subject).toContain(codeIn(mail))
    expect(mail.text).toContain(codeIn(mail))
    expect(mail.html).toContain('lang="de"')
  })

  it('takes the wording and the sender per locale', async () => {
    const { engine, inbox, call } = setup(undefined, {
      messages: { '*': { from: { sms: 'ACME' } }, 'pt-BR': { sms: '{app}: {code} ({minutes})', from: { sms: 'ACME BR' } } },
    })
    await engine.start({ to: PHONE, channel: 'sms', locale: 'pt-BR' }, call)
    const br = inbox.list(PHONE)[0]!
    expect(br.text).toMatch(/^Acme: \d{6} \(10 minutos\)\n\n@app\.example\.com #\d{6}$/)
    expect(br.from).toBe('ACME BR')
    await engine.start({ to: '+233241234568', channel: 'sms', locale: 'en' }, call)
    expect(inbox.list('+233241234568')[0]!.from).toBe('ACME')
    expect(() => createEngineProvider({ secret: SECRET, appName: 'A', routes: [{ transport: createInboxTransport() }], messages: { xx: {} } })).toThrow(/unknown locale/)
  })

  it("states the time the code has left: a re-send, a re-send by e-mail and a failover say what the first send's clock leaves", async () => {
    const { engine, inbox, call, advance } = setup()
    const { id } = await engine.start({ to: PHONE, channel: 'sms', locale: 'en' }, call)
    expect(inbox.list(PHONE)[0]!.text).toContain('It expires in 10 minutes.')
    // 250 s later 350 s are left: whole minutes rounded down, so no message promises time the code does not have.
    advance(250)
    await engine.start({ to: PHONE, channel: 'sms', locale: 'en', resend: { id, channel: 'sms', sends: 1 } }, call)
    expect(inbox.list(PHONE)[0]!.text).toContain('It expires in 5 minutes.')
    await engine.start({ to: 'ama@example.com', channel: 'email', locale: 'de' }, call)
    advance(530)
    await engine.start({ to: 'ama@example.com', channel: 'email', locale: 'de' }, call)
    // 70 s left: "1 Minute", the plural form of the locale.
    expect(inbox.list('ama@example.com')[0]!.text).toMatch(/\b1 Minute\b/)
    // Under a minute left still says one minute: messages count in minutes.
    advance(50)
    await engine.start({ to: 'ama@example.com', channel: 'email', locale: 'de' }, call)
    expect(inbox.list('ama@example.com')[0]!.text).toMatch(/\b1 Minute\b/)
  })

  it('states the time left in a failover send too', async () => {
    const first = gateway('first', 'accept')
    const second = gateway('second', 'accept')
    const { engine, call, advance } = setup(() => [{ transport: first }, { transport: second }], { reportTimeoutSeconds: 130 })
    const { id } = await engine.start({ to: PHONE, channel: 'sms', locale: 'en' }, call)
    advance(130)
    expect(await engine.status(id, call)).toMatchObject({ route: 'second' })
    expect(first.sent[0]!.text).toContain('It expires in 10 minutes.')
    expect(second.sent[0]!.text).toContain('It expires in 7 minutes.')
  })

  it('approves once when the right code races itself', async () => {
    const { engine, inbox, call } = setup()
    const { id } = await engine.start({ to: PHONE, channel: 'sms', locale: 'en' }, call)
    const code = codeIn(inbox.list(PHONE)[0]!)
    const outcomes = await Promise.all(
      Array.from({ length: 8 }, () => engine.check(id, code, call).then((v) => v.status, (e: unknown) => (isProviderError(e) ? e.kind : 'thrown'))),
    )
    expect(outcomes.filter((o) => o === 'approved')).toHaveLength(1)
    // The others lost the compare-and-set (not_found) or came after the attempts were used up.
    expect(outcomes.filter((o) => o !== 'approved' && o !== 'not_found' && o !== 'max_attempts')).toEqual([])
  })

  it('counts racing wrong codes: never more than maxAttempts tried', async () => {
    const { engine, inbox, call } = setup()
    const { id } = await engine.start({ to: PHONE, channel: 'sms', locale: 'en' }, call)
    const code = codeIn(inbox.list(PHONE)[0]!)
    const wrong = code.replace(/\d/g, (d) => String((Number(d) + 1) % 10))
    const outcomes = await Promise.all(Array.from({ length: 12 }, () => engine.check(id, wrong, call).then((v) => v.status, (e: unknown) => (isProviderError(e) ? e.kind : 'thrown'))))
    expect(outcomes.filter((o) => o === 'pending' || o === 'cancelled')).toHaveLength(5)
    expect(outcomes.filter((o) => o === 'max_attempts')).toHaveLength(7)
  })

  it('refuses options that cannot work', () => {
    const routes = [{ transport: createInboxTransport() }]
    expect(() => createEngineProvider({ secret: 'short', appName: 'A', routes })).toThrow(/32 bytes/)
    expect(() => createEngineProvider({ secret: SECRET, appName: 'A', routes, codeLength: 3 })).toThrow(/codeLength/)
    expect(() => createEngineProvider({ secret: SECRET, appName: 'A', routes: [] })).toThrow(/route/)
    expect(() => createEngineProvider({ secret: SECRET, appName: 'A', routes: [...routes, { transport: createInboxTransport() }] })).toThrow(/two transports/)
  })
})

/** A transport that fails, or accepts and then waits for a report the test gives. */
function gateway(name: string, behaviour: 'refuse' | 'accept') {
  const sent: OutboundMessage[] = []
  let counter = 0
  const transport: Transport & { sent: OutboundMessage[]; pending: DeliveryReport[] } = {
    name,
    channels: ['sms'],
    sent,
    pending: [],
    send(message) {
      sent.push(message)
      if (behaviour === 'refuse') return Promise.reject(new ProviderError('unavailable', { provider: name, operation: 'send' }))
      counter += 1
      return Promise.resolve({ messageId: `${name}-${counter}`, status: 'sent' })
    },
    takeReports() {
      return transport.pending.splice(0)
    },
  }
  return transport
}

describe('routes and failover', () => {
  it('goes to the next route on a transport error, with the same code', async () => {
    const first = gateway('first', 'refuse')
    const second = gateway('second', 'accept')
    const { engine, call } = setup(() => [{ transport: first }, { transport: second }])
    const v = await engine.start({ to: PHONE, channel: 'sms', locale: 'en' }, call)
    expect([first.sent.length, second.sent.length]).toEqual([1, 1])
    expect(v.delivery).toBe('sent')
    expect(codeIn(second.sent[0]!)).toBe(codeIn(first.sent[0]!))
  })

  it('goes to the next route on a failed report and on no report in time, keeping one code; never past the last route', async () => {
    const first = gateway('first', 'accept')
    const second = gateway('second', 'accept')
    const third = gateway('third', 'accept')
    const events: DeliveryEvent[] = []
    const { engine, call, advance } = setup(() => [{ transport: first }, { transport: second }, { transport: third }], { reportTimeoutSeconds: 60, onDelivery: (e: DeliveryEvent) => events.push(e) })
    const started = await engine.start({ to: PHONE, channel: 'sms', locale: 'en' }, call)
    const { id } = started
    expect(started.route).toBe('first')
    first.pending.push({ messageId: 'first-1', status: 'undelivered' })
    expect(await engine.status(id, call)).toMatchObject({ status: 'pending', delivery: 'sent', route: 'second' })
    // What a metrics observer learns: the report of the first route, then the failover's send.
    expect(events.map(({ route, status, failover }) => [route, status, failover ?? false])).toEqual([
      ['first', 'undelivered', false],
      ['second', 'sent', true],
    ])
    expect(events[0]).toMatchObject({ verificationId: id, channel: 'sms', to: PHONE })
    expect(second.sent).toHaveLength(1)
    advance(59)
    await engine.status(id, call)
    expect(third.sent).toHaveLength(0)
    advance(1)
    await engine.status(id, call)
    expect(third.sent).toHaveLength(1)
    const codes = [first, second, third].map((t) => codeIn(t.sent[0]!))
    expect(new Set(codes).size).toBe(1)
    third.pending.push({ messageId: 'third-1', status: 'delivered' })
    expect(await engine.status(id, call)).toMatchObject({ delivery: 'delivered', route: 'third' })
    expect(events.slice(2).map(({ route, status, failover }) => [route, status, failover ?? false])).toEqual([
      ['third', 'sent', true],
      ['third', 'delivered', false],
    ])
    // A failed report on the last route leaves it failed: there is nowhere else to go.
    await engine.start({ to: PHONE, channel: 'sms', locale: 'en' }, call)
    first.pending.push({ messageId: 'first-2', status: 'failed' })
    second.pending.push({ messageId: 'second-2', status: 'failed' })
    third.pending.push({ messageId: 'third-2', status: 'failed' })
    expect(await engine.status(id, call)).toMatchObject({ delivery: 'failed' })
    expect(await engine.check(id, codes[0]!, call)).toMatchObject({ status: 'approved' })
  })

  it('answers unavailable when every route fails, and the next start is a fresh verification', async () => {
    const first = gateway('first', 'refuse')
    const { engine, call } = setup(() => [{ transport: first }])
    await expect(engine.start({ to: PHONE, channel: 'sms', locale: 'en' }, call)).rejects.toMatchObject({ kind: 'unavailable' })
    await expect(engine.start({ to: PHONE, channel: 'sms', locale: 'en' }, call)).rejects.toMatchObject({ kind: 'unavailable' })
    expect(first.sent).toHaveLength(2)
  })

  it('routes by country and refuses a country no route takes', async () => {
    const ghana = gateway('ghana', 'accept')
    const kenya = gateway('kenya', 'accept')
    const { engine, call } = setup(() => [
      { transport: ghana, countries: ['GH'] },
      { transport: kenya, countries: ['KE'] },
    ])
    expect(engine.countries).toEqual(['GH', 'KE'])
    await engine.start({ to: '+254712345678', channel: 'sms', locale: 'en' }, call)
    expect([ghana.sent.length, kenya.sent.length]).toEqual([0, 1])
    await expect(engine.start({ to: '+2348031234567', channel: 'sms', locale: 'en' }, call)).rejects.toMatchObject({ kind: 'unsupported_country' })
  })
})

describe('races with a message on its way', () => {
  it('never writes back a verification approved while its re-send was being sent', async () => {
    let release: (() => void) | undefined
    const sent: OutboundMessage[] = []
    const slow: Transport = {
      name: 'slow',
      channels: ['sms'],
      async send(message) {
        sent.push(message)
        // The first send goes through; the re-send waits until the test lets it go.
        if (sent.length > 1) await new Promise<void>((resolve) => (release = resolve))
        return { status: 'sent', messageId: `slow-${sent.length}` }
      },
    }
    const { engine, call } = setup(() => [{ transport: slow }])
    const { id } = await engine.start({ to: PHONE, channel: 'sms', locale: 'en' }, call)
    const code = codeIn(sent[0]!)
    const resending = engine.start({ to: PHONE, channel: 'sms', locale: 'en', resend: { id, channel: 'sms', sends: 1 } }, call)
    await expect.poll(() => release !== undefined).toBe(true)
    expect(await engine.check(id, code, call)).toMatchObject({ status: 'approved' })
    release!()
    await expect(resending).rejects.toMatchObject({ kind: 'not_found' })
    await expect(engine.check(id, code, call)).rejects.toMatchObject({ kind: 'not_found' })
  })
})

describe('which verification a start re-sends', () => {
  it("re-sends the address's own pending verification when the one named belongs to another address", async () => {
    const { engine, inbox, call } = setup()
    const mine = await engine.start({ to: PHONE, channel: 'sms', locale: 'en' }, call)
    const other = await engine.start({ to: '+233241234568', channel: 'sms', locale: 'en' }, call)
    const again = await engine.start({ to: PHONE, channel: 'sms', locale: 'en', resend: { id: other.id, channel: 'sms', sends: 1 } }, call)
    expect(again.id).toBe(mine.id)
    expect(inbox.list(PHONE)).toHaveLength(2)
    expect(inbox.list('+233241234568')).toHaveLength(1)
  })
})
