import { DEMO_PROVIDER_NAMES, type DemoProviderName } from './create-demo-api'
import { PortInUseError, startDemo } from './start-demo'

/** `pnpm dev`: the sandbox and the demo with its proxy, on loopback; ports from the environment. */
function port(name: string, fallback: number): number {
  const raw = process.env[name]
  if (raw === undefined || raw === '') return fallback
  const value = Number(raw)
  if (!Number.isInteger(value) || value < 0 || value > 65_535) {
    console.error(`${name} must be a port number (0-65535), not "${raw}"`)
    process.exit(2)
  }
  return value
}

function providerName(): DemoProviderName {
  const raw = process.env.HAKIKI_DEMO_PROVIDER
  if (raw === undefined || raw === '') return 'verify-api'
  const name = DEMO_PROVIDER_NAMES.find((n) => n === raw)
  if (!name) {
    console.error(`HAKIKI_DEMO_PROVIDER must be one of ${DEMO_PROVIDER_NAMES.join(', ')}, not "${raw}"`)
    process.exit(2)
  }
  return name
}

const demo = await startDemo({
  provider: providerName(),
  mode: process.argv.includes('--preview') ? 'preview' : 'dev',
  host: process.env.HAKIKI_DEMO_HOST ?? '127.0.0.1',
  port: port('HAKIKI_DEMO_PORT', 5173),
  sandboxPort: port('HAKIKI_SANDBOX_PORT', 4010),
}).catch((error: unknown) => {
  // A taken port is a sentence with the way out, not a stack trace.
  if (!(error instanceof PortInUseError)) throw error
  console.error(`Hakiki demo: cannot start: ${error.message}`)
  process.exit(1)
})
const ownDelivery = `own delivery (@hakiki/engine): e-mail ${demo.smtp ? `through ${demo.smtp.host}:${demo.smtp.port}` : 'to the sandbox inbox (no mail server on 127.0.0.1:25)'}, SMS and calls to the sandbox inbox`
const providerLine =
  demo.provider === 'twilio' ? `Twilio Verify v2 (the sandbox's Twilio dialect, ${demo.sandboxUrl}/v2/)` : demo.provider === 'engine' ? ownDelivery : `Verify API (the sandbox, ${demo.sandboxUrl})`
console.info(`\n  Hakiki demo:     ${demo.url}   <- open this\n  Verify sandbox:  ${demo.sandboxUrl}\n  Provider:        ${providerLine}\n`)
const stop = (): void => {
  void demo.close().then(() => process.exit(0))
}
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
