/**
 * Twilio answers the sandbox's Twilio dialect does not produce, written from Twilio's error
 * dictionary (https://www.twilio.com/docs/api/errors/60605, /60217, /60223): a small server in
 * front of the dialect that answers `{ code, message, more_info, status }` for the numbers and
 * channels an attacker uses, and passes everything else on.
 */
import { createServer, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

/** The prefix whose numbers the stand-in's geo-permissions block (60605). */
export const GEO_BLOCKED_PREFIX = '+44791112'

function twilioError(res: ServerResponse, status: number, code: number, message: string): void {
  res.writeHead(status, { 'content-type': 'application/json' })
  res.end(JSON.stringify({ code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status }))
}

/** Starts the stand-in in front of the sandbox at `sandboxUrl`. */
export async function startTwilioStandIn(sandboxUrl: string): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer((req, res) => {
    let body = ''
    req.on('data', (chunk: Buffer) => (body += chunk.toString()))
    req.on('end', () => {
      const form = new URLSearchParams(body)
      const isStart = req.method === 'POST' && (req.url ?? '').endsWith('/Verifications')
      if (isStart && form.get('To')?.startsWith(GEO_BLOCKED_PREFIX)) return twilioError(res, 403, 60605, 'Verification delivery attempt blocked by geo permissions')
      if (isStart && form.get('Channel') === 'email') return twilioError(res, 400, 60217, 'Email channel is not configured')
      if (isStart && form.get('Channel') === 'call' && form.get('To')?.startsWith('+44')) return twilioError(res, 400, 60223, 'Delivery channel disabled: VOICE')
      void fetch(`${sandboxUrl}${req.url}`, {
        method: req.method,
        headers: { authorization: req.headers.authorization ?? '', 'content-type': req.headers['content-type'] ?? 'application/x-www-form-urlencoded' },
        ...(req.method === 'GET' ? {} : { body }),
      }).then(async (answer) => {
        res.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' })
        res.end(await answer.text())
      })
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
