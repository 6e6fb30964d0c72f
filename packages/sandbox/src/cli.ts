#!/usr/bin/env node
/**
 * The sandbox CLI (`npx hakiki-sandbox`, `pnpm sandbox` in the repository): starts the server, prints where it listens and which credentials
 * it accepts, logs each "sent" message with the address masked and no code, and stops cleanly on
 * SIGINT/SIGTERM. Usage mistakes exit with code 2.
 */
import { CliUsageError, USAGE, parseCliOptions } from './parse-cli-options'
import { startSandboxServer } from './start-sandbox-server'
import { DEFAULT_CLIENT } from './sandbox-options'
import { maskAddress } from './mask-address'
import { DEFAULT_TWILIO_ACCOUNT } from './twilio/twilio-options'

/** Runs the CLI; resolves with the exit code for usage errors and start failures. */
async function main(): Promise<number | undefined> {
  let options
  try {
    options = parseCliOptions(process.argv.slice(2), process.env)
  } catch (error) {
    if (!(error instanceof CliUsageError)) throw error
    console.error(`hakiki-sandbox: ${error.message}\n\n${USAGE}`)
    return 2
  }
  if (options.help) {
    console.info(USAGE)
    return 0
  }
  let server
  try {
    server = await startSandboxServer(options)
  } catch (error) {
    const reason =
      (error as { code?: string }).code === 'EADDRINUSE'
        ? `port ${options.port} is already in use (another sandbox may be running: use --port 0 for a free port, or HAKIKI_SANDBOX_PORT)`
        : (error as Error).message
    console.error(`hakiki-sandbox: cannot start: ${reason}`)
    return 1
  }
  const { url } = server
  const clients = options.clients ?? [DEFAULT_CLIENT]
  const lines = [`Hakiki sandbox listening on ${url}`]
  for (const c of clients) {
    // The built-in credentials are public; a secret someone chose is shown only by its start.
    const secret = c === DEFAULT_CLIENT ? c.clientSecret : `${c.clientSecret.slice(0, 3)}…`
    lines.push(`  client_id=${c.clientId}  client_secret=${secret}`)
  }
  // The Twilio dialect's built-in credentials are public sandbox values too.
  const twilio = DEFAULT_TWILIO_ACCOUNT
  lines.push(`  twilio (${url}/v2/): account_sid=${twilio.accountSid}  auth_token=${twilio.authToken}  service_sid=${twilio.services[0]!.sid}`)
  lines.push(`  inbox: ${url}/sandbox/messages (live: ${url}/sandbox/messages/stream; all of this: ${url}/)`)
  // One write, so whoever waits for the first line gets the credentials with it.
  console.info(lines.join('\n'))
  server.sandbox.inbox.subscribe((m) => {
    console.info(`${m.sentAt} ${m.channel} to ${maskAddress(m.to)} (${m.locale}) for ${m.verificationId}`)
  })

  let stopping = false
  const stop = (signal: string) => {
    if (stopping) return
    stopping = true
    console.info(`\n${signal}: stopping the sandbox`)
    server.close().then(
      () => process.exit(0),
      () => process.exit(1),
    )
  }
  process.on('SIGINT', () => stop('SIGINT'))
  process.on('SIGTERM', () => stop('SIGTERM'))
  return undefined
}

main().then(
  (code) => {
    if (code !== undefined) process.exit(code)
  },
  (error: unknown) => {
    console.error(`hakiki-sandbox: ${error instanceof Error ? error.message : String(error)}`)
    process.exit(1)
  },
)
