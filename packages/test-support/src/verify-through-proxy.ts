/**
 * One verification through a running proxy, as a page drives it: start, the code read from the
 * sandbox's HTTP inbox, a wrong code, the right one, and the receipt checked. Shared by the
 * packages that test builds of the kit: `@hakiki/runtime-tests` (the workspace's dist in workerd,
 * Deno and Bun), `@hakiki/dist-check` (the workspace's dist in Node, and the packed tarballs in an
 * app installed by npm, into which `packed.test.ts` copies this file). `@hakiki/react`'s
 * proxy-adapter test uses its page `fetch` too.
 *
 * It imports no `@hakiki/*` package on purpose: each caller tests a different build of them, and
 * passes in the browser adapter and `verifyReceipt` of that build. For the same reason it imports
 * nothing at all (the packed app compiles it beside its server, with Node's types and no DOM lib)
 * and returns what it saw instead of asserting, so callers with and without Vitest can check it.
 */

/** What the flow uses of `createProxyAdapter(...)` from `@hakiki/core`. */
export interface FlowAdapter {
  start(input: { to: string; channel: 'sms'; locale?: string }): Promise<{ id: string; to: string; channel: string; status: string; attemptsLeft?: number; codeLength?: number }>
  check(id: string, code: string): Promise<{ status: string; attemptsLeft?: number; receipt?: string }>
}

/** What the flow reads of a receipt's claims (`verifyReceipt` of `@hakiki/proxy`). */
export interface FlowClaims {
  sub: string
  channel: string
  vid?: string
}

/** Options of {@link verifyThroughProxy}. */
export interface VerifyThroughProxyOptions {
  /** The origin the proxy is served at; the page is taken to be served from it too. */
  origin: string
  /** The sandbox's base URL, whose `GET /sandbox/messages` holds the code. */
  sandboxUrl: string
  /** The phone number as the user types it. */
  typed: string
  /** Its E.164 form, under which the sandbox files the message. */
  to: string
  /** The locale the page asks for; default the adapter's. */
  locale?: string
  /** The browser adapter of the build under test, on the given page `fetch`. */
  createAdapter(pageFetch: typeof fetch): FlowAdapter
  /** `verifyReceipt` of the build under test, with the proxy's secret. */
  verifyReceipt(receipt: string, to: string): Promise<FlowClaims>
}

/** What the flow saw, for the caller to check (see {@link expectedProxyFlow}). */
export interface ProxyFlowTrace {
  started: Awaited<ReturnType<FlowAdapter['start']>>
  /** The message the sandbox sent: its locale and code. */
  sent: { locale: string | undefined; code: string }
  wrong: Awaited<ReturnType<FlowAdapter['check']>>
  approved: Awaited<ReturnType<FlowAdapter['check']>>
  claims: FlowClaims
}

/**
 * A page's `fetch`: it sends its `Origin` and keeps the proxy's session cookie, as a browser does
 * (Node's `fetch` does neither).
 */
export function createPageFetch(origin: string): typeof fetch {
  const jar = new Map<string, string>()
  return async (input, init) => {
    const headers = new Headers(init?.headers)
    headers.set('Origin', origin)
    if (jar.size > 0) headers.set('Cookie', [...jar].map(([name, value]) => `${name}=${value}`).join('; '))
    const response = await fetch(input, { ...init, headers })
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';')
      const eq = pair.indexOf('=')
      jar.set(pair.slice(0, eq), pair.slice(eq + 1))
    }
    return response
  }
}

/** The newest message the sandbox sent to `to`, read over its HTTP inbox. */
async function newestMessage(sandboxUrl: string, to: string): Promise<{ locale?: string; code: string } | undefined> {
  const response = await fetch(`${sandboxUrl}/sandbox/messages?to=${encodeURIComponent(to)}`)
  if (!response.ok) throw new Error(`sandbox inbox answered ${response.status}`)
  const { messages } = (await response.json()) as { messages: { locale?: string; code: string }[] }
  return messages[0]
}

/** Runs start, a wrong code, the right code and the receipt check; see the module comment. */
export async function verifyThroughProxy(options: VerifyThroughProxyOptions): Promise<ProxyFlowTrace> {
  const adapter = options.createAdapter(createPageFetch(options.origin))
  const started = await adapter.start({ to: options.typed, channel: 'sms', ...(options.locale === undefined ? {} : { locale: options.locale }) })
  const message = await newestMessage(options.sandboxUrl, options.to)
  const code = message?.code ?? ''
  const wrong = await adapter.check(started.id, code === '000000' ? '111111' : '000000')
  const approved = await adapter.check(started.id, code)
  const claims = await options.verifyReceipt(approved.receipt ?? '', options.to)
  return { started, sent: { locale: message?.locale, code }, wrong, approved, claims }
}

/**
 * The parts of a {@link ProxyFlowTrace} every caller expects, for `toMatchObject` (plus a
 * six-digit `sent.code`, checked by the caller with its own matcher).
 */
export function expectedProxyFlow(trace: ProxyFlowTrace, to: string, locale?: string): object {
  return {
    started: { to, channel: 'sms', status: 'pending', attemptsLeft: 5 },
    sent: locale === undefined ? {} : { locale },
    wrong: { status: 'pending', attemptsLeft: 4 },
    approved: { status: 'approved' },
    claims: { sub: to, channel: 'sms', vid: trace.started.id },
  }
}
