#!/usr/bin/env node
/**
 * `hakiki-server`: runs the Verify API from a configuration file. `--help` says everything it
 * does; `hakiki-server hash-secret` hashes a client secret for the file.
 */
import { parseArgs } from 'node:util'
import { hashClientSecret } from './client-secret'
import { loadServerConfig } from './load-server-config'
import { ServerConfigError } from './server-config'
import { createJsonLogger } from './server-logger'
import { openStore, startVerifyServer } from './start-verify-server'
import { createTokenService } from './token-service'

/** The text of `--help`. */
export const HELP = `hakiki-server: the Verify API (OAuth client credentials; create, get and verify
verifications; SMS rates; the fee header; the 401/404/407/500 error bodies; fair use) as a service
on Hakiki's engine. Codes come from the CSPRNG and are never stored; messages go out over the
delivery routes of the configuration.

Usage:
  hakiki-server --config hakiki-server.json [--port N] [--host H]
  hakiki-server hash-secret            reads a client secret on stdin (or HAKIKI_CLIENT_SECRET)
                                       and prints the hash for clients[].secretHash
  hakiki-server revoke-token --config FILE
                                       reads an access token on stdin and revokes it on every
                                       instance sharing the configured store
  hakiki-server --help

Options:
  --config FILE   JSON configuration (default: $HAKIKI_SERVER_CONFIG or ./hakiki-server.json).
                  Validated at start: every bad field is named. Secrets are never in the file:
                  write { "env": "NAME" } and set the environment variable.
  --port N        overrides listen.port (0 picks a free port)
  --host H        overrides listen.host (default 127.0.0.1; 0.0.0.0 in a container)

Configuration (see the guide "Run your own Verify API"):
  engine     secret (>= 32 bytes, from the environment), appName, webOtpHost, codeLength,
             lifetimeSeconds, maxAttempts, maxSends
  clients    id, secretHash (PBKDF2-SHA-256, from hash-secret), name, channels, countries,
             limits { createsPerMinute, monthlyQuota, createsPerAddressPerHour } answered with
             429 and Retry-After, tokensNotBefore (revokes every earlier token), disabled,
             twilio { accountSid, authTokenHash, serviceSid }: Twilio Verify v2's dialect
             under /v2/Services/<serviceSid>/... for the official twilio SDK
  tokens     lifetimeSeconds (default 3600); tokens live in the store, hashed, on every instance
  fees       sms per country, call, email (USD strings): the rate endpoint and the fee header
  routes     ordered delivery routes { transport, channels, countries }; the engine fails the
             same code over to the next route on an error or a failed delivery report.
             transport.type: webhook (POST JSON to your URL), africas-talking, termii, infobip,
             smtp, smpp; each gateway's secrets as { "env": ... }. Delivery reports:
             POST /delivery-reports/<transport name> (authenticated as the gateway allows)
  store      { "type": "memory" } (one instance) or { "type": "redis", "url": {"env": ...} }
             (several instances behind a load balancer share verifications and tokens)

Operations:
  POST /delivery-reports/<name>   a gateway's delivery-report webhook
  GET /healthz    200 while the process runs (liveness)
  GET /readyz     200 when the store answers; 503 while draining or when the store is down
  SIGTERM/SIGINT  graceful shutdown: /readyz turns 503, new connections are refused, requests in
                  flight and their sends finish (up to shutdownGraceSeconds, default 25), then
                  everything closes
  Logs            one JSON object per line on stdout; addresses masked (+233*******67), never a
                  code, secret or token
  Metrics         OpenTelemetry API instruments (meter @hakiki/server): hakiki.sends,
                  hakiki.verifications.created, hakiki.verifications.checked (by client,
                  channel, country, status: conversion = approved / created),
                  hakiki.http.server.duration (ms, by endpoint and status). Register an SDK
                  MeterProvider (e.g. node --import your-otel-setup.js) to export them.
`

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = []
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks).toString('utf8').trim()
}

async function main(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { config: { type: 'string' }, port: { type: 'string' }, host: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
  })
  if (values.help) {
    process.stdout.write(HELP)
    return 0
  }
  if (positionals[0] === 'hash-secret') {
    const secret = process.env.HAKIKI_CLIENT_SECRET ?? (await readStdin())
    process.stdout.write(`${await hashClientSecret(secret)}\n`)
    return 0
  }
  if (positionals[0] === 'revoke-token') {
    const config = await loadServerConfig(values.config ?? process.env.HAKIKI_SERVER_CONFIG ?? 'hakiki-server.json')
    const opened = await openStore(config, createJsonLogger({ level: 'warn', write: (line) => process.stderr.write(`${line}\n`) }))
    try {
      const revoked = await createTokenService(opened.store, config.tokens.lifetimeSeconds).revoke(await readStdin())
      process.stdout.write(revoked ? 'revoked\n' : 'no such live token\n')
      return revoked ? 0 : 1
    } finally {
      await opened.close()
    }
  }
  if (positionals.length > 0) {
    process.stderr.write(`unknown command ${positionals[0]}; see hakiki-server --help\n`)
    return 2
  }
  const port = values.port === undefined ? undefined : Number(values.port)
  if (port !== undefined && !(Number.isInteger(port) && port >= 0 && port <= 65535)) {
    process.stderr.write('--port must be an integer from 0 to 65535\n')
    return 2
  }
  const config = await loadServerConfig(values.config ?? process.env.HAKIKI_SERVER_CONFIG ?? 'hakiki-server.json')
  const logger = createJsonLogger({ level: (process.env.HAKIKI_LOG_LEVEL as 'debug' | 'info' | 'warn' | 'error' | undefined) ?? 'info' })
  const running = await startVerifyServer({ config, logger, ...(port === undefined ? {} : { port }), ...(values.host ? { host: values.host } : {}) })
  // The first line on stdout names the URL, so a supervisor (or a test) learns a free port.
  const stop = () => {
    void running.close().then(() => process.exit(0))
  }
  process.once('SIGTERM', stop)
  process.once('SIGINT', stop)
  return -1
}

main(process.argv.slice(2)).then(
  (code) => {
    if (code >= 0) process.exitCode = code
  },
  (error: unknown) => {
    if (error instanceof ServerConfigError) process.stderr.write(`${error.message}\n`)
    else process.stderr.write(`hakiki-server: ${error instanceof Error ? error.message : String(error)}\n`)
    process.exitCode = 1
  },
)
