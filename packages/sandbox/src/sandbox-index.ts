/**
 * The sandbox's root URL: what a developer who opens `http://127.0.0.1:4010/` in a browser should
 * find (where the inbox, its live stream, the clock and faults are, and which credentials the
 * sandbox accepts) instead of a 404. HTML for a browser, JSON for anything else.
 */
import { RATE_PATH, TOKEN_PATH, VERIFICATION_PATH } from './api-routes'
import { json } from './responses'
import type { Route } from './route'
import { DEFAULT_CLIENT, type SandboxClient } from './sandbox-options'
import { DEFAULT_TWILIO_ACCOUNT, type TwilioSandboxOptions } from './twilio/twilio-options'

/** What the index lists. */
export interface SandboxIndex {
  name: 'Hakiki Verify API sandbox'
  /** Path → what it is. */
  endpoints: Record<string, string>
  /** Accepted clients. A secret someone chose is shown only by its start; the built-in one is public. */
  clients: { clientId: string; clientSecret: string }[]
  /** The Twilio dialect's built-in account, when no account was configured (public sandbox values). */
  twilio?: { accountSid: string; authToken: string; serviceSid: string }
}

/** The index of a sandbox created with these clients and Twilio options. */
export function sandboxIndex(clients: readonly SandboxClient[] | undefined, twilio: TwilioSandboxOptions | undefined): SandboxIndex {
  return {
    name: 'Hakiki Verify API sandbox',
    endpoints: {
      '/sandbox/messages': 'the inbox: every message "sent", with its code (?to=+233… filters; DELETE empties it)',
      '/sandbox/messages/stream': 'the inbox live, as Server-Sent Events',
      '/sandbox/clock': 'the sandbox clock (POST {"advanceSeconds": 600} moves it on)',
      '/sandbox/faults': 'queued faults (POST one to make the next call fail)',
      [TOKEN_PATH]: 'the Verify API: POST client_id and client_secret for a bearer token',
      [VERIFICATION_PATH]: 'the Verify API: POST to send a code',
      [RATE_PATH]: 'the Verify API: SMS prices',
      '/v2/Services/{service_sid}/Verifications': 'the Twilio Verify v2 dialect',
    },
    clients: (clients ?? [DEFAULT_CLIENT]).map((c) => ({ clientId: c.clientId, clientSecret: c === DEFAULT_CLIENT ? c.clientSecret : `${c.clientSecret.slice(0, 3)}…` })),
    ...(twilio?.accounts
      ? {}
      : { twilio: { accountSid: DEFAULT_TWILIO_ACCOUNT.accountSid, authToken: DEFAULT_TWILIO_ACCOUNT.authToken, serviceSid: DEFAULT_TWILIO_ACCOUNT.services[0]!.sid } }),
  }
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }
const escape = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c]!)

/** The index as a small HTML page with links. */
export function renderSandboxIndex(index: SandboxIndex): string {
  const rows = Object.entries(index.endpoints)
    // The sandbox's own pages open in a browser; the API's need a token or a POST.
    .map(([path, what]) => `<li>${path.startsWith('/sandbox/') ? `<a href="${escape(path)}">${escape(path)}</a>` : `<code>${escape(path)}</code>`}: ${escape(what)}</li>`)
    .join('\n')
  const clients = index.clients.map((c) => `<li><code>client_id=${escape(c.clientId)}</code> <code>client_secret=${escape(c.clientSecret)}</code></li>`).join('\n')
  const twilio = index.twilio
    ? `<h2>Twilio dialect</h2>\n<p><code>account_sid=${escape(index.twilio.accountSid)}</code> <code>auth_token=${escape(index.twilio.authToken)}</code> <code>service_sid=${escape(index.twilio.serviceSid)}</code></p>`
    : ''
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${index.name}</title></head>
<body style="font-family: system-ui, sans-serif; max-width: 48rem; margin: 2rem auto; padding: 0 1rem; line-height: 1.5">
<h1>${index.name}</h1>
<p>Nothing leaves this machine: every code "sent" lands in the inbox.</p>
<ul>
${rows}
</ul>
<h2>Credentials</h2>
<ul>
${clients}
</ul>
${twilio}
</body>
</html>
`
}

/** The `/` route: HTML when the client accepts it (a browser), JSON otherwise. */
export function createIndexRoute(clients: readonly SandboxClient[] | undefined, twilio: TwilioSandboxOptions | undefined): Route {
  const index = sandboxIndex(clients, twilio)
  const html = renderSandboxIndex(index)
  return {
    path: '/',
    methods: {
      GET: ({ request }) =>
        (request.headers.get('accept') ?? '').includes('text/html')
          ? new Response(html, { headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' } })
          : json(200, index),
    },
  }
}
