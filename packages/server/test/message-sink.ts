/**
 * Test helper: the receiver of the server's webhook transport, a real HTTP server on loopback that
 * keeps what it is sent. It reads the code back out of each message as a person would (the SMS's
 * origin-bound `#123456` line, the e-mail subject, the digits the call speaks), and serves
 * `GET /sandbox/messages?to=` in the sandbox's shape so `@hakiki/test-support`'s proxy flow reads
 * codes from it as from the sandbox.
 */
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { OutboundMessage } from '@hakiki/engine'

/** A message the sink received, with its code read out. */
export interface SunkMessage extends OutboundMessage {
  code: string
  verificationId: string
}

/** A running sink. */
export interface MessageSink {
  /** Where the webhook transport posts. */
  url: string
  /** Base URL of the sandbox-shaped inbox (`/sandbox/messages`). */
  baseUrl: string
  /** Messages to `to`, newest first. */
  list(to?: string): SunkMessage[]
  /** Makes the next `n` posts fail with `status` (a gateway outage). */
  failNext(n: number, status: number): void
  /** Delays every post by `ms` (a slow gateway). */
  setDelay(ms: number): void
  /** Posts received and not yet answered. */
  readonly pending: number
  close(): Promise<void>
}

/** The code in a rendered message. */
export function codeOf(message: OutboundMessage): string {
  if (message.channel === 'sms') return /#(\d{4,10})\s*$/.exec(message.text)?.[1] ?? ''
  if (message.channel === 'email') return /(?<!\d)(\d{4,10})(?!\d)/.exec(message.subject ?? '')?.[1] ?? ''
  // A call speaks the digits one by one, separated (", ", "、").
  return (/\d(?:[^\d\n]{1,3}\d){3,9}/.exec(message.text)?.[0] ?? '').replace(/\D/g, '')
}

/** Starts a sink on a free loopback port; posts must carry `Authorization: Bearer <token>`. */
export async function startMessageSink(token = 'sink-token-0123456789'): Promise<MessageSink> {
  const messages: SunkMessage[] = []
  let failures = 0
  let failStatus = 503
  let delayMs = 0
  let pending = 0
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://sink')
    if (req.method === 'GET' && url.pathname === '/sandbox/messages') {
      const to = url.searchParams.get('to')
      const list = messages.filter((m) => to === null || m.to === to).map((m) => ({ ...m, locale: m.locale === 'pt-BR' ? 'pr-BR' : m.locale }))
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ messages: list }))
      return
    }
    let body = ''
    req.setEncoding('utf8')
    req.on('data', (chunk: string) => (body += chunk))
    pending += 1
    res.once('close', () => (pending -= 1))
    req.on('end', () => {
      void (async () => {
        if (delayMs > 0) await new Promise((r) => setTimeout(r, delayMs))
        if (req.headers.authorization !== `Bearer ${token}`) return void res.writeHead(401).end()
        if (failures > 0) {
          failures -= 1
          return void res.writeHead(failStatus).end()
        }
        const message = JSON.parse(body) as OutboundMessage
        messages.unshift({ ...message, code: codeOf(message), verificationId: message.reference.split('-')[0]! })
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ messageId: `SINK${messages.length}` }))
      })()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    url: `${baseUrl}/messages`,
    baseUrl,
    list: (to) => messages.filter((m) => to === undefined || m.to.toLowerCase() === to.toLowerCase()),
    failNext(n, status) {
      failures = n
      failStatus = status
    },
    setDelay(ms) {
      delayMs = ms
    },
    get pending() {
      return pending
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }
}
