import { startDemo } from './start-demo'

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

const demo = await startDemo({
  mode: process.argv.includes('--preview') ? 'preview' : 'dev',
  host: process.env.HAKIKI_DEMO_HOST ?? '127.0.0.1',
  port: port('HAKIKI_DEMO_PORT', 5173),
  sandboxPort: port('HAKIKI_SANDBOX_PORT', 4010),
})
console.info(`\n  Hakiki demo:     ${demo.url}   <- open this\n  Verify sandbox:  ${demo.sandboxUrl}\n`)
const stop = (): void => {
  void demo.close().then(() => process.exit(0))
}
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
