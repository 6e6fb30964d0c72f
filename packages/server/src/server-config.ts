/**
 * The server's configuration file (JSON), validated with zod: an error names every bad field by
 * its path (`clients[1].secretHash: ...`). Secrets never sit in the file: a secret field is
 * `{ "env": "NAME" }`, read from the environment at load, and a client's secret is only a hash.
 */
import { CHANNELS, COUNTRIES, type Channel, type CountryCode } from '@hakiki/core'
import * as z from 'zod'
import { isClientSecretHash } from './client-secret'

const COUNTRY_CODES = COUNTRIES.map((c) => c.iso2) as [CountryCode, ...CountryCode[]]
const CHANNEL_LIST = CHANNELS as unknown as [Channel, ...Channel[]]
const FEE = z.string().regex(/^[0-9]{1,6}\.[0-9]{4}$/, 'a USD amount with 4 decimals, as a string ("0.0250")')

/** A value given directly, or read from an environment variable. */
const secretValue = z.union([z.object({ env: z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'an environment variable name') }).strict(), z.string()], {
  error: 'required: { "env": "VARIABLE_NAME" } (or, for development only, the value itself)',
})

const countriesSchema = z.union([z.literal('all'), z.array(z.enum(COUNTRY_CODES)).min(1)], {
  error: `"all" or a list of covered countries (ISO 3166-1 alpha-2: ${COUNTRY_CODES.join(', ')})`,
})

const limitsSchema = z
  .object({
    /** Creates per client per minute. */
    createsPerMinute: z.int().min(1).max(1_000_000).default(600),
    /** Creates per client per calendar month (UTC): the fair-use quota. */
    monthlyQuota: z.int().min(1).max(1_000_000_000).default(100_000),
    /** Creates per destination address per hour, per client: an attacker cannot pump one number. */
    createsPerAddressPerHour: z.int().min(1).max(1_000).default(10),
  })
  .strict()

const clientSchema = z
  .object({
    id: z.string().regex(/^[A-Za-z0-9._-]{1,64}$/, '1 to 64 letters, digits, dots, dashes or underscores'),
    secretHash: z.string().refine(isClientSecretHash, 'a hash printed by `hakiki-server hash-secret` (pbkdf2-sha256, at least 100000 iterations)'),
    name: z.string().min(1).max(100).optional(),
    channels: z.array(z.enum(CHANNEL_LIST)).min(1).default([...CHANNELS]),
    countries: countriesSchema.default('all'),
    limits: limitsSchema.default({ createsPerMinute: 600, monthlyQuota: 100_000, createsPerAddressPerHour: 10 }),
    /**
     * Twilio Verify v2's dialect (`/v2/Services/{serviceSid}/…`, Basic auth) for this client: the
     * official `twilio` SDK points at the server unchanged. The auth token is kept as a hash.
     */
    twilio: z
      .object({
        accountSid: z.string().regex(/^AC[0-9a-f]{32}$/, 'AC and 32 lower-case hex digits'),
        authTokenHash: z.string().refine(isClientSecretHash, 'a hash printed by `hakiki-server hash-secret`'),
        serviceSid: z.string().regex(/^VA[0-9a-f]{32}$/, 'VA and 32 lower-case hex digits'),
      })
      .strict()
      .optional(),
    /** Tokens issued before this instant (ISO 8601) are refused: revokes every token of the client at once. */
    tokensNotBefore: z.iso.datetime().optional(),
    disabled: z.boolean().default(false),
  })
  .strict()

const transportName = z.string().regex(/^[a-z0-9-]{1,40}$/, 'lower-case letters, digits and dashes')
const timeoutSeconds = z.number().min(0.1).max(60).default(10)
const gatewayUrl = z.url({ protocol: /^https?$/ })

const transportSchema = z.discriminatedUnion('type', [
  z
    .object({
      type: z.literal('webhook'),
      name: transportName.default('webhook'),
      url: gatewayUrl,
      /** Sent as `Authorization: Bearer …` so the receiver can authenticate the server. */
      token: secretValue.optional(),
      channels: z.array(z.enum(CHANNEL_LIST)).min(1).default([...CHANNELS]),
      timeoutSeconds,
    })
    .strict(),
  z
    .object({
      type: z.literal('africas-talking'),
      name: transportName.default('africas-talking'),
      username: z.string().min(1),
      apiKey: secretValue,
      from: z.string().min(1).max(11).optional(),
      baseUrl: gatewayUrl.optional(),
      reportKey: secretValue,
      timeoutSeconds,
    })
    .strict(),
  z
    .object({
      type: z.literal('termii'),
      name: transportName.default('termii'),
      apiKey: secretValue,
      from: z.string().min(1).max(11),
      baseUrl: gatewayUrl,
      route: z.enum(['dnd', 'generic']).optional(),
      secretKey: secretValue,
      timeoutSeconds,
    })
    .strict(),
  z
    .object({
      type: z.literal('infobip'),
      name: transportName.default('infobip'),
      baseUrl: gatewayUrl,
      apiKey: secretValue,
      from: z.string().min(1),
      notifyUrl: gatewayUrl.optional(),
      reportToken: secretValue,
      timeoutSeconds,
    })
    .strict(),
  z
    .object({
      type: z.literal('smtp'),
      name: transportName.default('smtp'),
      host: z.string().min(1),
      port: z.int().min(1).max(65535),
      secure: z.boolean().optional(),
      requireTls: z.boolean().optional(),
      auth: z.object({ user: z.string().min(1), pass: secretValue }).strict().optional(),
      from: z.string().min(3),
      timeoutSeconds,
    })
    .strict(),
  z
    .object({
      type: z.literal('smpp'),
      name: transportName.default('smpp'),
      url: z.string().regex(/^smpps?:\/\/[^\s/]+$/, 'smpp://host:port or smpps://host:port'),
      systemId: z.string().min(1).max(16),
      password: secretValue,
      systemType: z.string().max(13).optional(),
      sourceAddr: z.string().min(1).max(20),
      timeoutSeconds,
    })
    .strict(),
])

const routeSchema = z
  .object({
    transport: transportSchema,
    channels: z.array(z.enum(CHANNEL_LIST)).min(1).optional(),
    countries: countriesSchema.optional(),
  })
  .strict()

const storeSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('memory') }).strict(),
  z.object({ type: z.literal('redis'), url: secretValue, keyPrefix: z.string().max(40).default('hakiki:') }).strict(),
])

const configSchema = z
  .object({
    listen: z.object({ host: z.string().default('127.0.0.1'), port: z.int().min(0).max(65535).default(8080) }).strict().default({ host: '127.0.0.1', port: 8080 }),
    organizationName: z.string().min(1).max(100).default('hakiki'),
    engine: z
      .object({
        secret: secretValue,
        appName: z.string().min(1).max(40),
        webOtpHost: z.string().regex(/^[a-z0-9.-]+$/, 'a lower-case host name (app.example.com)').optional(),
        codeLength: z.int().min(4).max(10).default(6),
        lifetimeSeconds: z.int().min(60).max(86_400).default(600),
        maxAttempts: z.int().min(1).max(20).default(5),
        maxSends: z.int().min(1).max(20).default(5),
      })
      .strict(),
    store: storeSchema.default({ type: 'memory' }),
    tokens: z.object({ lifetimeSeconds: z.int().min(60).max(86_400).default(3600) }).strict().default({ lifetimeSeconds: 3600 }),
    fees: z
      .object({
        sms: z.partialRecord(z.enum(COUNTRY_CODES), FEE).default({}),
        call: FEE.default('0.0000'),
        email: FEE.default('0.0000'),
      })
      .strict()
      .default({ sms: {}, call: '0.0000', email: '0.0000' }),
    clients: z.array(clientSchema).min(1),
    routes: z.array(routeSchema).min(1),
    /** Seconds a shutdown waits for requests in flight (sends included) before it closes anyway. */
    shutdownGraceSeconds: z.number().min(0).max(600).default(25),
  })
  .strict()

/** The configuration as written in the file (secrets as `{ env }` references). */
export type ServerConfigInput = z.input<typeof configSchema>
/** A validated configuration with defaults applied and every secret read. */
export type ServerConfig = Omit<z.output<typeof configSchema>, 'engine' | 'store' | 'routes'> & {
  engine: Omit<z.output<typeof configSchema>['engine'], 'secret'> & { secret: string }
  store: { type: 'memory' } | { type: 'redis'; url: string; keyPrefix: string }
  routes: ServerRoute[]
}
/** A configured client. */
export type ServerClient = z.output<typeof clientSchema>
/** A client's limits. */
export type ClientLimits = z.output<typeof limitsSchema>
/** Replaces every `{ env }` secret of `T` by the string read. */
type Resolved<T> = {
  [K in keyof T]: [Exclude<T[K], undefined>] extends [string | { env: string }]
    ? { env: string } extends Exclude<T[K], undefined>
      ? string | Extract<T[K], undefined>
      : T[K]
    : Exclude<T[K], undefined> extends object
      ? Resolved<Exclude<T[K], undefined>> | Extract<T[K], undefined>
      : T[K]
}
/** A configured transport, with its secrets read from the environment. */
export type ServerTransportConfig = Resolved<z.output<typeof transportSchema>>
/** A configured route, with its transport's secrets read. */
export interface ServerRoute {
  transport: ServerTransportConfig
  channels?: Channel[]
  countries?: 'all' | CountryCode[]
}

/** The configuration is invalid: `issues` names each bad field. */
export class ServerConfigError extends Error {
  override readonly name = 'ServerConfigError'
  /** Stable code of this error class. */
  readonly code = 'invalid_config'
  /** One line per problem: `path: what is wrong`. */
  readonly issues: readonly string[]

  constructor(issues: readonly string[]) {
    super(`invalid configuration:\n${issues.map((i) => `  - ${i}`).join('\n')}`)
    this.issues = issues
  }
}

const pathOf = (path: readonly PropertyKey[]) =>
  path.reduce<string>((text, part) => (typeof part === 'number' ? `${text}[${part}]` : text === '' ? String(part) : `${text}.${String(part)}`), '') || '(root)'

/**
 * Validates a parsed configuration file and reads its secrets from `env`.
 * @throws ServerConfigError naming every bad field (and every missing environment variable).
 */
export function parseServerConfig(input: unknown, env: Readonly<Record<string, string | undefined>> = {}): ServerConfig {
  const result = configSchema.safeParse(input)
  if (!result.success) throw new ServerConfigError(result.error.issues.map((issue) => `${pathOf(issue.path)}: ${issue.message}`))
  const config = result.data
  const issues: string[] = []
  const read = (value: string | { env: string }, path: string): string => {
    if (typeof value === 'string') return value
    const found = env[value.env]
    if (found === undefined || found === '') issues.push(`${path}: environment variable ${value.env} is not set`)
    return found ?? ''
  }
  const secret = read(config.engine.secret, 'engine.secret')
  if (secret !== '' && new TextEncoder().encode(secret).length < 32) issues.push('engine.secret: must be at least 32 bytes (e.g. `openssl rand -base64 48`)')
  const store = config.store.type === 'redis' ? { type: 'redis' as const, url: read(config.store.url, 'store.url'), keyPrefix: config.store.keyPrefix } : config.store
  const ids = new Set<string>()
  const accounts = new Set<string>()
  config.clients.forEach((client, i) => {
    if (ids.has(client.id)) issues.push(`clients[${i}].id: "${client.id}" is used by an earlier client`)
    ids.add(client.id)
    if (client.twilio && accounts.has(client.twilio.accountSid)) issues.push(`clients[${i}].twilio.accountSid: used by an earlier client`)
    if (client.twilio) accounts.add(client.twilio.accountSid)
  })
  const names = new Set<string>()
  /** A copy of `value` with every `{ env }` read (secret fields of a transport). */
  const resolve = (value: unknown, path: string): unknown => {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return value
    if (Object.keys(value).length === 1 && typeof (value as { env?: unknown }).env === 'string') return read(value as { env: string }, path)
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, resolve(inner, `${path}.${key}`)]))
  }
  const routes = config.routes.map((route, i): ServerRoute => {
    const { transport } = route
    if (names.has(transport.name)) issues.push(`routes[${i}].transport.name: "${transport.name}" is used by an earlier route; give each transport its own name`)
    names.add(transport.name)
    return {
      transport: resolve(transport, `routes[${i}].transport`) as ServerTransportConfig,
      ...(route.channels ? { channels: route.channels } : {}),
      ...(route.countries ? { countries: route.countries } : {}),
    }
  })
  if (issues.length > 0) throw new ServerConfigError(issues)
  return { ...config, engine: { ...config.engine, secret }, store, routes }
}
