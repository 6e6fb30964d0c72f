import { describe, expect, it } from 'vitest'
import { parseServerConfig, ServerConfigError } from './server-config'

// 43 base64url characters whose last has its 2 spare bits zero ('A'), as a real hash has.
const HASH = `pbkdf2-sha256$100000$${'a'.repeat(22)}$${'b'.repeat(42)}A`
const ENV = { ENGINE: 'x'.repeat(40), TOKEN: 'gateway-token', REDIS_URL: 'redis://127.0.0.1:6379' }
const valid = () => ({
  engine: { secret: { env: 'ENGINE' }, appName: 'Acme' },
  clients: [{ id: 'shop', secretHash: HASH }],
  routes: [{ transport: { type: 'webhook', url: 'https://bridge.example/send', token: { env: 'TOKEN' } } }],
})

/** The issues of a configuration that must be refused. */
function issuesOf(input: unknown, env: Record<string, string> = ENV): readonly string[] {
  let caught: unknown
  try {
    parseServerConfig(input, env)
  } catch (error) {
    caught = error
  }
  expect(caught).toBeInstanceOf(ServerConfigError)
  expect((caught as ServerConfigError).code).toBe('invalid_config')
  return (caught as ServerConfigError).issues
}

describe('parseServerConfig', () => {
  it('applies the defaults and reads secrets from the environment', () => {
    const config = parseServerConfig({ ...valid(), store: { type: 'redis', url: { env: 'REDIS_URL' } } }, ENV)
    expect(config.engine).toMatchObject({ secret: ENV.ENGINE, codeLength: 6, lifetimeSeconds: 600, maxAttempts: 5, maxSends: 5 })
    expect(config.store).toEqual({ type: 'redis', url: ENV.REDIS_URL, keyPrefix: 'hakiki:' })
    expect(config.clients[0]).toMatchObject({ channels: ['sms', 'call', 'email'], countries: 'all', disabled: false, limits: { createsPerMinute: 600, monthlyQuota: 100_000 } })
    expect(config.routes[0]!.transport).toMatchObject({ name: 'webhook', token: 'gateway-token', timeoutSeconds: 10 })
    expect(config.tokens.lifetimeSeconds).toBe(3600)
  })

  it('names every bad field by its path', () => {
    const issues = issuesOf({
      ...valid(),
      clients: [
        { id: 'shop', secretHash: 'plain-secret', countries: ['GH', 'US'], limits: { monthlyQuota: 0 } },
        { id: 'shop', secretHash: HASH, channels: ['fax'] },
      ],
      fees: { sms: { GH: '0.025' } },
      extra: true,
    })
    expect(issues).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^clients\[0\]\.secretHash: .*hash-secret/),
        expect.stringMatching(/^clients\[0\]\.countries: "all" or a list of covered countries/),
        expect.stringMatching(/^clients\[0\]\.limits\.monthlyQuota: /),
        expect.stringMatching(/^clients\[1\]\.channels\[0\]: /),
        expect.stringMatching(/^fees\.sms\.GH: a USD amount with 4 decimals/),
        expect.stringMatching(/^\(root\): .*extra/),
      ]),
    )
  })

  it('names missing environment variables, a short engine secret, duplicate ids and transport names', () => {
    expect(issuesOf(valid(), {})).toEqual(['engine.secret: environment variable ENGINE is not set', 'routes[0].transport.token: environment variable TOKEN is not set'])
    expect(issuesOf(valid(), { ...ENV, ENGINE: 'short' })).toEqual([expect.stringMatching(/^engine\.secret: must be at least 32 bytes/)])
    const twice = { ...valid(), clients: [valid().clients[0], valid().clients[0]], routes: [valid().routes[0], valid().routes[0]] }
    expect(issuesOf(twice)).toEqual([expect.stringMatching(/^clients\[1\]\.id: "shop" is used/), expect.stringMatching(/^routes\[1\]\.transport\.name: "webhook" is used/)])
  })

  it('requires clients and routes, and a known transport type', () => {
    expect(issuesOf({ engine: valid().engine, clients: [], routes: [{ transport: { type: 'sendgrid' } }] })).toEqual([
      expect.stringMatching(/^clients: /),
      expect.stringMatching(/^routes\[0\]\.transport\.type: /),
    ])
  })

  it("reads every gateway transport's secrets from the environment", () => {
    const env = { ...ENV, AT: 'at-key', ATR: 'at-report', TK: 'termii-key', TS: 'termii-secret', IB: 'infobip-key', IBR: 'infobip-report', SMTP: 'smtp-pass', SMPP: 'smpp-pass' }
    const config = parseServerConfig(
      {
        ...valid(),
        routes: [
          { transport: { type: 'africas-talking', username: 'acme', apiKey: { env: 'AT' }, reportKey: { env: 'ATR' } }, countries: ['KE'] },
          { transport: { type: 'termii', apiKey: { env: 'TK' }, secretKey: { env: 'TS' }, from: 'Acme', baseUrl: 'https://api.ng.termii.com' }, countries: ['NG'] },
          { transport: { type: 'infobip', apiKey: { env: 'IB' }, reportToken: { env: 'IBR' }, from: 'Acme', baseUrl: 'https://xyz.api.infobip.com' } },
          { transport: { type: 'smtp', host: 'smtp.example.com', port: 587, auth: { user: 'acme', pass: { env: 'SMTP' } }, from: 'Acme <codes@example.com>' } },
          { transport: { type: 'smpp', url: 'smpp://smsc.example.com:2775', systemId: 'acme', password: { env: 'SMPP' }, sourceAddr: 'Acme' } },
        ],
      },
      env,
    )
    expect(config.routes.map((r) => r.transport)).toMatchObject([
      { name: 'africas-talking', apiKey: 'at-key', reportKey: 'at-report' },
      { name: 'termii', apiKey: 'termii-key', secretKey: 'termii-secret' },
      { name: 'infobip', apiKey: 'infobip-key', reportToken: 'infobip-report' },
      { name: 'smtp', auth: { user: 'acme', pass: 'smtp-pass' } },
      { name: 'smpp', password: 'smpp-pass' },
    ])
    expect(issuesOf({ ...valid(), routes: [{ transport: { type: 'smpp', url: 'http://smsc', systemId: 'a', password: { env: 'NOPE' }, sourceAddr: 'A' } }] })).toEqual([
      expect.stringMatching(/^routes\[0\]\.transport\.url: smpp:\/\/host:port/),
    ])
  })
})
