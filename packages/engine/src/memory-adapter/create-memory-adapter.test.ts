import { HakikiError } from '@hakiki/core'
import { describe, expect, it, vi } from 'vitest'
import { createMemoryAdapter, type MemoryAdapterOptions } from './create-memory-adapter'

const PHONE = '+233241234567'

function setup(options: MemoryAdapterOptions = {}) {
  let time = Date.UTC(2026, 0, 1, 12)
  const adapter = createMemoryAdapter({ now: () => time, ...options })
  return {
    adapter,
    advance: (seconds: number) => {
      time += seconds * 1000
    },
    lastCode: () => adapter.sent.at(-1)?.code ?? '',
  }
}

async function rejection(promise: Promise<unknown>): Promise<HakikiError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(HakikiError)
  return error as HakikiError
}

describe('createMemoryAdapter start', () => {
  it('starts a verification with the contract fields and sends a code', async () => {
    const sends: unknown[] = []
    const { adapter } = setup({ onSend: (m) => sends.push(m) })
    const started = await adapter.start({ to: '+233 24 123 4567', locale: 'pt-BR' })
    expect(started).toMatchObject({
      to: PHONE,
      channel: 'sms',
      status: 'pending',
      codeLength: 6,
      attemptsLeft: 5,
      serverTime: '2026-01-01T12:00:00.000Z',
      expiresAt: '2026-01-01T12:10:00.000Z',
      resendAt: '2026-01-01T12:00:30.000Z',
    })
    expect(started.id).toMatch(/^VE[0-9a-f]{32}$/)
    expect(started.delivery).toBe('delivered')
    const code = adapter.sent[0]?.code ?? ''
    expect(code).toMatch(/^[0-9]{6}$/)
    // The engine's own message, in the start's locale: the code in the text.
    expect(sends).toEqual([{ to: PHONE, channel: 'sms', locale: 'pr-BR', verificationId: started.id, code, text: expect.stringContaining(code), delivery: 'delivered' }])
  })

  it('gives every verification its own random code', async () => {
    const { adapter } = setup()
    for (const to of ['+233241234567', '+233241234568', '+233241234569', '+233241234560']) await adapter.start({ to })
    expect(new Set(adapter.sent.map((m) => m.code)).size).toBeGreaterThan(1)
  })

  it.each([
    [{ to: '0241234567' }, 'invalid_phone_number'],
    [{ to: '+233 99 123 4567' }, 'invalid_phone_number'],
    [{ to: '+44 20 7946 0000' }, 'unsupported_country'],
    [{ to: 'ama@example', channel: 'email' as const }, 'invalid_email'],
    [{ to: PHONE, locale: 'xx-YY' }, 'unsupported_locale'],
    [{ to: PHONE, channel: 'fax' as never }, 'invalid_request'],
    [{ to: 42 as never }, 'invalid_request'],
  ])('refuses %j with %s', async (request, code) => {
    const { adapter } = setup()
    expect((await rejection(adapter.start(request))).code).toBe(code)
    expect(adapter.sent).toHaveLength(0)
  })

  it('normalizes e-mail addresses', async () => {
    const { adapter } = setup()
    expect((await adapter.start({ to: ' Ama@Example.COM ', channel: 'email' })).to).toBe('ama@example.com')
  })

  it('refuses another start for the same address inside the cooldown, as the proxy does', async () => {
    const { adapter, advance } = setup()
    await adapter.start({ to: PHONE })
    advance(10)
    expect(await rejection(adapter.start({ to: PHONE, channel: 'call' }))).toMatchObject({ code: 'rate_limited', status: 429, retryAfter: 20 })
    expect(adapter.sent).toHaveLength(1)
  })

  it('re-sends the same code after a growing cooldown, then refuses past maxSends', async () => {
    const { adapter, advance } = setup({ maxSends: 4, ttlSeconds: 3600 })
    const first = await adapter.start({ to: PHONE })
    const waits: number[] = []
    let current = first
    for (let i = 0; i < 3; i++) {
      const wait = (Date.parse(current.resendAt) - Date.parse(current.serverTime)) / 1000
      waits.push(wait)
      advance(wait)
      current = await adapter.start({ to: PHONE, channel: i === 2 ? 'call' : 'sms' })
      expect(current.id).toBe(first.id)
    }
    expect(waits).toEqual([30, 60, 120])
    expect(current.channel).toBe('call')
    expect(new Set(adapter.sent.map((m) => m.code)).size).toBe(1)
    expect(adapter.sent).toHaveLength(4)
    advance(120)
    const error = await rejection(adapter.start({ to: PHONE }))
    expect(error).toMatchObject({ code: 'rate_limited', status: 429 })
    expect(error.retryAfter).toBe(3600 - 30 - 60 - 120 - 120)
  })

  it('starts afresh once the previous verification expired', async () => {
    const { adapter, advance } = setup()
    const first = await adapter.start({ to: PHONE })
    advance(600)
    const second = await adapter.start({ to: PHONE })
    expect(second.id).not.toBe(first.id)
  })
})

describe('createMemoryAdapter check', () => {
  it('approves the right code with one receipt, and reports the status afterwards', async () => {
    const { adapter, lastCode } = setup()
    const { id } = await adapter.start({ to: PHONE })
    const code = lastCode()
    const checked = await adapter.check(id, `${code.slice(0, 3)} ${code.slice(3)}`)
    expect(checked).toMatchObject({ id, status: 'approved', attemptsLeft: 5 })
    expect(checked.receipt).toEqual(expect.any(String))
    expect((await adapter.status(id)).status).toBe('approved')
    const again = await adapter.check(id, code)
    expect(again.status).toBe('approved')
    expect(again.receipt).toBeUndefined()
  })

  it('accepts Arabic-Indic digits', async () => {
    const { adapter } = setup({ fixedCode: '123456' })
    const { id } = await adapter.start({ to: PHONE })
    expect((await adapter.check(id, '١٢٣-٤٥٦')).status).toBe('approved')
  })

  it('counts wrong codes down to a cancelled verification', async () => {
    const { adapter } = setup({ fixedCode: '123456', maxAttempts: 3 })
    const { id } = await adapter.start({ to: PHONE })
    const left: number[] = []
    for (let i = 0; i < 3; i++) left.push((await adapter.check(id, '000000')).attemptsLeft)
    expect(left).toEqual([2, 1, 0])
    expect((await adapter.status(id)).status).toBe('cancelled')
    expect(await rejection(adapter.check(id, '123456'))).toMatchObject({ code: 'too_many_attempts', status: 429, attemptsLeft: 0 })
  })

  it.each(['12a456', '123', '12345678901', 'Your code is 123456'])('refuses %j as invalid_code_format without using an attempt', async (code) => {
    const { adapter } = setup({ fixedCode: '123456' })
    const { id } = await adapter.start({ to: PHONE })
    expect((await rejection(adapter.check(id, code))).code).toBe('invalid_code_format')
    expect((await adapter.check(id, '000000')).attemptsLeft).toBe(4)
  })

  it('expires by the injected clock', async () => {
    const { adapter, advance, lastCode } = setup({ ttlSeconds: 60 })
    const { id } = await adapter.start({ to: PHONE })
    advance(59)
    expect((await adapter.status(id)).status).toBe('pending')
    advance(1)
    expect((await adapter.status(id)).status).toBe('expired')
    expect((await rejection(adapter.check(id, lastCode()))).code).toBe('expired')
  })

  it('does not know other ids, whatever the code', async () => {
    const { adapter } = setup()
    expect(await rejection(adapter.status('VE0000'))).toMatchObject({ code: 'not_found', status: 404 })
    expect(await rejection(adapter.check('VE0000', 'x'))).toMatchObject({ code: 'not_found', status: 404 })
  })
})

describe('createMemoryAdapter delivery', () => {
  it('reports an undelivered SMS on the next read, and the call that follows as delivered', async () => {
    const { adapter, advance } = setup({ fixedCode: '123456', delivery: { sms: 'undelivered' } })
    const started = await adapter.start({ to: PHONE })
    expect(started.delivery).toBe('sent')
    const read = await adapter.status(started.id)
    expect(read).toMatchObject({ status: 'pending', delivery: 'undelivered' })
    advance(30)
    const call = await adapter.start({ to: PHONE, channel: 'call' })
    expect(call).toMatchObject({ id: started.id, channel: 'call', delivery: 'delivered' })
    expect((await adapter.status(started.id)).delivery).toBe('delivered')
    expect(adapter.sent.map((m) => [m.channel, m.delivery])).toEqual([
      ['sms', 'undelivered'],
      ['call', 'delivered'],
    ])
    expect((await adapter.check(started.id, '123456')).status).toBe('approved')
  })

  it('keeps a message without a report `sent`', async () => {
    const { adapter } = setup({ delivery: { email: 'sent' } })
    const { id, delivery } = await adapter.start({ to: 'ama@example.com', channel: 'email' })
    expect(delivery).toBe('sent')
    expect((await adapter.status(id)).delivery).toBe('sent')
    expect(adapter.sent[0]?.subject).toContain(adapter.sent[0]?.code)
  })
})

describe('createMemoryAdapter timing', () => {
  it('answers on microtasks only: a whole verification under fake timers with no timer advanced', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'setInterval', 'setImmediate', 'Date', 'queueMicrotask'] as never })
    try {
      const adapter = createMemoryAdapter({ fixedCode: '123456' })
      const progress = { done: false }
      const run = (async () => {
        const { id } = await adapter.start({ to: PHONE })
        await adapter.check(id, '000000')
        const checked = await adapter.check(id, '123456')
        progress.done = true
        return checked
      })()
      // Only microtasks (and faked queueMicrotask) run here: no timer fires and no task of the event loop passes.
      for (let i = 0; i < 500 && !progress.done; i++) {
        vi.runAllTicks()
        await Promise.resolve()
      }
      expect(progress.done).toBe(true)
      expect(await run).toMatchObject({ status: 'approved', attemptsLeft: 4 })
    } finally {
      vi.useRealTimers()
    }
  })
})

describe('createMemoryAdapter failures', () => {
  it('plays scripted failures in order, then behaves', async () => {
    const { adapter } = setup({
      script: [
        { operation: 'start', code: 'upstream_unavailable', times: 2 },
        { operation: 'start', code: 'rate_limited', retryAfter: 9 },
      ],
    })
    const codes: string[] = []
    for (let i = 0; i < 3; i++) codes.push((await rejection(adapter.start({ to: PHONE }))).code)
    expect(codes).toEqual(['upstream_unavailable', 'upstream_unavailable', 'rate_limited'])
    expect((await adapter.start({ to: PHONE })).status).toBe('pending')
  })

  it('fails an operation for good with `fail`, and on demand with failNext', async () => {
    const { adapter } = setup({ fail: { rates: 'upstream_error' } })
    for (let i = 0; i < 2; i++) expect((await rejection(adapter.rates())).code).toBe('upstream_error')
    const { id } = await adapter.start({ to: PHONE })
    adapter.failNext({ operation: 'status', code: 'network_error' })
    expect((await rejection(adapter.status(id))).code).toBe('network_error')
    expect((await adapter.status(id)).status).toBe('pending')
  })

  it('rejects with the abort reason', async () => {
    const { adapter } = setup({ latencyMs: 60_000 })
    const controller = new AbortController()
    const pending = adapter.rates({ signal: controller.signal })
    const reason = new Error('left the page')
    controller.abort(reason)
    await expect(pending).rejects.toBe(reason)
  })
})

describe('createMemoryAdapter rates and options', () => {
  it('lists the covered countries', async () => {
    const { adapter } = setup()
    const rates = await adapter.rates()
    expect(rates.currency).toBe('USD')
    expect(rates.countries.map((c) => c.iso2)).toContain('NG')
    expect(rates.countries).toHaveLength(14)
  })

  it('refuses bad options at creation', () => {
    expect(() => createMemoryAdapter({ codeLength: 3 })).toThrow(RangeError)
    expect(() => createMemoryAdapter({ fixedCode: '12345' })).toThrow(RangeError)
  })
})
