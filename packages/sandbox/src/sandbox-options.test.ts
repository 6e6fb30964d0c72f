import { describe, expect, test } from 'vitest'
import { createSandbox } from './create-sandbox'
import { defaultSleep, resolveOptions } from './sandbox-options'

describe('createSandbox options', () => {
  test.each([3, 11, 0, -6, 4.5, Number.NaN])('codeLength %s throws a RangeError at creation', (codeLength) => {
    expect(() => createSandbox({ codeLength })).toThrow(RangeError)
  })

  test.each([4, 10])('codeLength %s is accepted', (codeLength) => {
    expect(resolveOptions({ codeLength }).codeLength).toBe(codeLength)
  })

  test('defaults follow Twilio Verify v2', () => {
    const o = resolveOptions({})
    expect([o.codeLength, o.codeTtlSeconds, o.tokenTtlSeconds, o.maxChecks, o.maxSends, o.appName]).toEqual([6, 600, 3600, 5, 5, 'Hakiki'])
    expect([...o.clients.keys()]).toEqual(['sandbox-client-id'])
    expect(o.autofillHost).toBeUndefined()
  })

  test('appOrigin gives the autofill host without scheme or port', () => {
    expect(resolveOptions({ appOrigin: 'https://app.example.com:8443' }).autofillHost).toBe('app.example.com')
  })

  test.each(['example.com', 'ftp://example.com', 'javascript:alert(1)', ''])('appOrigin %j is refused', (appOrigin) => {
    expect(() => createSandbox({ appOrigin })).toThrow(TypeError)
  })

  test.each([{ call: '5 USD' }, { email: '-1' }, { call: '' }])('fees %j are refused', (fees) => {
    expect(() => createSandbox({ fees })).toThrow(RangeError)
  })

  test('clients must be unique and non-empty', () => {
    expect(() => createSandbox({ clients: [] })).toThrow(RangeError)
    expect(() => createSandbox({ clients: [{ clientId: '', clientSecret: 's' }] })).toThrow(RangeError)
    expect(() =>
      createSandbox({
        clients: [
          { clientId: 'a', clientSecret: 's' },
          { clientId: 'a', clientSecret: 't' },
        ],
      }),
    ).toThrow(RangeError)
  })

  test.each([{ codeTtlSeconds: 0 }, { tokenTtlSeconds: 1 }, { maxChecks: 0 }, { maxSends: 1.5 }, { appName: '' }])('%j is refused', (options) => {
    expect(() => createSandbox(options)).toThrow(RangeError)
  })
})

describe('defaultSleep', () => {
  test('rejects at once when the request is already aborted', async () => {
    const controller = new AbortController()
    controller.abort(new Error('client gone'))
    await expect(defaultSleep(60_000, controller.signal)).rejects.toThrow('client gone')
  })

  test('stops waiting when the request aborts midway', async () => {
    const controller = new AbortController()
    const sleeping = defaultSleep(60_000, controller.signal)
    controller.abort(new Error('client gone'))
    await expect(sleeping).rejects.toThrow('client gone')
  })
})
