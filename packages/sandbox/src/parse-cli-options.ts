/**
 * Command-line and environment options of the sandbox CLI, parsed with `node:util`'s `parseArgs`
 * and validated so that every mistake is one clear sentence and exit code 2.
 */
import { parseArgs } from 'node:util'
import type { SandboxClient } from './sandbox-options'
import { DEFAULT_PORT } from './start-sandbox-server'

/** A usage mistake on the command line or in the environment. */
export class CliUsageError extends Error {
  override readonly name = 'CliUsageError'
  /** Stable reason. */
  readonly code = 'usage' as const
}

/** What the CLI should do. */
export interface CliOptions {
  /** Print the usage and exit. */
  help: boolean
  host: string
  port: number
  /** Accepted clients; `undefined` for the built-in default. */
  clients?: SandboxClient[]
  appOrigin?: string
  codeLength?: number
}

/** The `--help` text. */
export const USAGE = `Usage: npx hakiki-sandbox [options]
       (in the Hakiki repository: pnpm sandbox [-- options])

Runs the Hakiki Verify API sandbox. Open its URL in a browser for the inbox and credentials.

Options:
  --host <host>             interface to listen on (default 127.0.0.1; env HAKIKI_SANDBOX_HOST)
  --port <port>             port, 0 for any free one (default ${DEFAULT_PORT}; env HAKIKI_SANDBOX_PORT)
  --client-id <id>          accepted client id; repeat with --client-secret for several clients
  --client-secret <secret>  its secret (env HAKIKI_SANDBOX_CLIENT_ID / HAKIKI_SANDBOX_CLIENT_SECRET,
                            or HAKIKI_SANDBOX_CLIENTS="id1:secret1,id2:secret2")
  --app-origin <origin>     web app origin; SMS then end with "@<host> #<code>" for autofill
  --code-length <n>         digits per code, 4 to 10 (default 6)
  -h, --help                show this help`

type Env = Readonly<Record<string, string | undefined>>

function parsePort(value: string, source: string): number {
  if (!/^\d{1,5}$/.test(value) || Number(value) > 65_535) throw new CliUsageError(`${source} must be a port number from 0 to 65535, not "${value}"`)
  return Number(value)
}

function parseCodeLength(value: string): number {
  if (!/^\d{1,2}$/.test(value) || Number(value) < 4 || Number(value) > 10) throw new CliUsageError(`--code-length must be a whole number from 4 to 10, not "${value}"`)
  return Number(value)
}

function parseOrigin(value: string): string {
  let url: URL | undefined
  try {
    url = new URL(value)
  } catch {
    url = undefined
  }
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
    throw new CliUsageError(`--app-origin must be an http(s) origin such as https://example.com, not "${value}"`)
  }
  return value
}

function clientsFromFlags(ids: string[], secrets: string[]): SandboxClient[] | undefined {
  if (ids.length === 0 && secrets.length === 0) return undefined
  if (ids.length !== secrets.length) {
    throw new CliUsageError(`give one --client-secret per --client-id (got ${ids.length} ids and ${secrets.length} secrets)`)
  }
  return ids.map((clientId, i) => ({ clientId, clientSecret: secrets[i]! }))
}

function clientsFromEnv(env: Env): SandboxClient[] | undefined {
  const clients: SandboxClient[] = []
  const list = env.HAKIKI_SANDBOX_CLIENTS?.trim()
  if (list) {
    for (const entry of list.split(',')) {
      const colon = entry.indexOf(':')
      const clientId = entry.slice(0, colon).trim()
      const clientSecret = entry.slice(colon + 1).trim()
      if (colon < 0 || !clientId || !clientSecret) {
        throw new CliUsageError('HAKIKI_SANDBOX_CLIENTS must look like "id1:secret1,id2:secret2"')
      }
      clients.push({ clientId, clientSecret })
    }
  }
  const id = env.HAKIKI_SANDBOX_CLIENT_ID
  const secret = env.HAKIKI_SANDBOX_CLIENT_SECRET
  if (Boolean(id) !== Boolean(secret)) {
    throw new CliUsageError('set both HAKIKI_SANDBOX_CLIENT_ID and HAKIKI_SANDBOX_CLIENT_SECRET, or neither')
  }
  if (id && secret) clients.push({ clientId: id, clientSecret: secret })
  return clients.length > 0 ? clients : undefined
}

/**
 * Parses `argv` (without `node` and the script) over `env`. Flags win over the environment; client
 * flags, when given, replace every client from the environment.
 * @throws CliUsageError for an unknown flag, a missing value or an invalid one.
 */
export function parseCliOptions(argv: readonly string[], env: Env = {}): CliOptions {
  let values
  try {
    ;({ values } = parseArgs({
      // `pnpm sandbox -- --port 0` passes the `--` on; it separates nothing here.
      args: argv[0] === '--' ? argv.slice(1) : [...argv],
      strict: true,
      allowPositionals: false,
      options: {
        host: { type: 'string' },
        port: { type: 'string' },
        'client-id': { type: 'string', multiple: true },
        'client-secret': { type: 'string', multiple: true },
        'app-origin': { type: 'string' },
        'code-length': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    }))
  } catch (error) {
    // parseArgs' own messages are clear ("Unknown option '--prot'"); keep them, drop the stack.
    throw new CliUsageError(error instanceof Error ? error.message : String(error))
  }
  const host = values.host ?? env.HAKIKI_SANDBOX_HOST ?? '127.0.0.1'
  if (host.trim() === '') throw new CliUsageError('--host must not be empty')
  const ids = values['client-id'] ?? []
  const secrets = values['client-secret'] ?? []
  if ([...ids, ...secrets].some((v) => v === '')) throw new CliUsageError('--client-id and --client-secret must not be empty')
  const clients = clientsFromFlags(ids, secrets) ?? clientsFromEnv(env)
  const seen = new Set<string>()
  for (const c of clients ?? []) {
    if (seen.has(c.clientId)) throw new CliUsageError(`client id "${c.clientId}" is given twice`)
    seen.add(c.clientId)
  }
  const options: CliOptions = {
    help: values.help ?? false,
    host,
    port: values.port !== undefined ? parsePort(values.port, '--port') : env.HAKIKI_SANDBOX_PORT ? parsePort(env.HAKIKI_SANDBOX_PORT, 'HAKIKI_SANDBOX_PORT') : DEFAULT_PORT,
  }
  if (clients) options.clients = clients
  if (values['app-origin'] !== undefined) options.appOrigin = parseOrigin(values['app-origin'])
  if (values['code-length'] !== undefined) options.codeLength = parseCodeLength(values['code-length'])
  return options
}
