/**
 * Finds a mail server on this machine for the demo's own-delivery mode: one that answers SMTP's
 * `220` greeting on `127.0.0.1:25` (a local Postfix), or where `HAKIKI_DEMO_SMTP` (`host:port`)
 * points. `HAKIKI_DEMO_SMTP=off` turns it off. Nothing found: e-mail goes to the inbox.
 */
import { connect } from 'node:net'

/** Where the demo sends e-mail over SMTP. */
export interface LocalSmtp {
  host: string
  port: number
}

/** Resolves whether `host:port` greets with `220` within `timeoutMs`. */
export function greetsWithSmtp(host: string, port: number, timeoutMs = 1000): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host, port })
    const done = (ok: boolean) => {
      clearTimeout(timer)
      socket.destroy()
      resolve(ok)
    }
    const timer = setTimeout(() => done(false), timeoutMs)
    socket.once('data', (data) => done(data.toString('latin1').startsWith('220')))
    socket.once('error', () => done(false))
    socket.once('end', () => done(false))
  })
}

/**
 * The local mail server to use, or `undefined`.
 * @throws TypeError when `HAKIKI_DEMO_SMTP` is neither `off` nor `host:port`.
 */
export async function findLocalSmtp(setting = process.env.HAKIKI_DEMO_SMTP): Promise<LocalSmtp | undefined> {
  if (setting === 'off') return undefined
  let candidate: LocalSmtp = { host: '127.0.0.1', port: 25 }
  if (setting !== undefined && setting !== '') {
    const match = /^(.+):(\d{1,5})$/.exec(setting)
    const port = Number(match?.[2])
    if (!match || port < 1 || port > 65_535) throw new TypeError(`HAKIKI_DEMO_SMTP must be host:port (e.g. 127.0.0.1:25) or off, not "${setting}"`)
    candidate = { host: match[1]!, port }
  }
  return (await greetsWithSmtp(candidate.host, candidate.port)) ? candidate : undefined
}
