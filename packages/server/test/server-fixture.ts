/** Test helper: a server configuration with two clients, every route to a message sink. */
import { hashClientSecret, MIN_PBKDF2_ITERATIONS, parseServerConfig, type ServerConfig, type ServerConfigInput } from '../src/index'
import rates from '../../sandbox/src/data/sms-rates.json' with { type: 'json' }

/** The two clients' credentials. */
export const CLIENTS = [
  { id: 'shop', secret: 'shop-secret-0123456789' },
  { id: 'bank', secret: 'bank-secret-0123456789' },
] as const

/** The engine secret the tests put in the environment. */
export const ENV = { HAKIKI_ENGINE_SECRET: 'test-engine-secret-0123456789-abcdefghijklmnop', SINK_TOKEN: 'sink-token-0123456789' }

// Hashed once per test file: PBKDF2 at the minimum iteration count keeps the tests quick.
const hashes = Promise.all(CLIENTS.map((c) => hashClientSecret(c.secret, MIN_PBKDF2_ITERATIONS)))

/** The raw configuration file of a test server delivering to `sinkUrl`. */
export async function testConfigInput(sinkUrl: string, store: ServerConfigInput['store'] = { type: 'memory' }): Promise<ServerConfigInput> {
  const [shop, bank] = await hashes
  return {
    engine: { secret: { env: 'HAKIKI_ENGINE_SECRET' }, appName: 'Hakiki', webOtpHost: 'app.example.com' },
    store,
    fees: { sms: rates.fees, call: '0.1000', email: '0.0010' },
    clients: [
      { id: 'shop', name: 'Shop', secretHash: shop!, limits: { createsPerMinute: 10_000, monthlyQuota: 1_000_000, createsPerAddressPerHour: 50 } },
      { id: 'bank', secretHash: bank!, limits: { createsPerMinute: 10_000, monthlyQuota: 1_000_000, createsPerAddressPerHour: 50 } },
    ],
    routes: [{ transport: { type: 'webhook', name: 'sink', url: sinkUrl, token: { env: 'SINK_TOKEN' } } }],
    shutdownGraceSeconds: 10,
  }
}

/** The validated configuration of a test server delivering to `sinkUrl`. */
export async function testConfig(sinkUrl: string, store?: ServerConfigInput['store']): Promise<ServerConfig> {
  return parseServerConfig(await testConfigInput(sinkUrl, store), ENV)
}
