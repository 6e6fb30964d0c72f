/**
 * The sandbox-only endpoints under `/sandbox/` (no authentication): the inbox, its live stream, the
 * clock and fault injection.
 */
import type { InboxFilter } from './inbox'
import type { Route } from './route'
import type { SandboxState } from './sandbox-state'
import { SandboxApiError } from './sandbox-api-error'
import { json } from './responses'
import { readJsonObject } from './read-body'
import { messageStream } from './message-stream'
import { MAX_ADVANCE_SECONDS } from './clock'
import { parseFault } from './faults'

// Browser UIs (the demo's fake phone, Storybook) read the inbox from another origin. Only reads are
// opened: they need no preflight, and writes (clock, faults) stay same-origin.
const CORS = { 'access-control-allow-origin': '*' }

/**
 * A query parameter decoded without turning `+` into a space, so `?to=+233…` works unencoded, as
 * people type it.
 */
function rawQueryParam(url: URL, name: string): string | undefined {
  for (const pair of url.search.slice(1).split('&')) {
    const eq = pair.indexOf('=')
    const key = eq < 0 ? pair : pair.slice(0, eq)
    if (key !== name) continue
    try {
      return decodeURIComponent(eq < 0 ? '' : pair.slice(eq + 1))
    } catch {
      throw new SandboxApiError(400, `Query parameter '${name}' is not valid percent-encoding`)
    }
  }
  return undefined
}

/** The inbox filter of a request's `to` query parameter. */
function filterOf(url: URL): InboxFilter {
  const to = rawQueryParam(url, 'to')
  return to === undefined ? {} : { to }
}

const noContent = () => new Response(null, { status: 204 })

/** Creates the `/sandbox/*` routes over `state`. */
export function createSandboxRoutes(state: SandboxState): Route[] {
  const { clock, inbox, faults } = state
  const clockBody = () => ({ now: new Date(clock.now()).toISOString(), epochMs: clock.now() })

  return [
    {
      path: '/sandbox/messages',
      methods: {
        GET: ({ url }) => json(200, { messages: inbox.list(filterOf(url)) }, CORS),
        DELETE: () => {
          inbox.clear()
          return noContent()
        },
      },
    },
    {
      path: '/sandbox/messages/stream',
      methods: { GET: ({ url, request }) => messageStream(inbox, filterOf(url), request) },
    },
    {
      path: '/sandbox/clock',
      methods: {
        GET: () => json(200, clockBody()),
        POST: async ({ request }) => {
          const { advanceSeconds } = await readJsonObject(request)
          if (typeof advanceSeconds !== 'number' || !Number.isFinite(advanceSeconds) || advanceSeconds < 0 || advanceSeconds > MAX_ADVANCE_SECONDS) {
            throw new SandboxApiError(400, `'advanceSeconds' must be a number of seconds from 0 to ${MAX_ADVANCE_SECONDS}`)
          }
          clock.advance(advanceSeconds)
          return json(200, clockBody())
        },
      },
    },
    {
      path: '/sandbox/faults',
      methods: {
        GET: () => json(200, { faults: faults.list() }),
        POST: async ({ request }) => {
          const body = await readJsonObject(request)
          try {
            const fault = parseFault(body)
            faults.add(fault)
            return json(201, { fault })
          } catch (error) {
            if (error instanceof RangeError) throw new SandboxApiError(400, error.message)
            throw error
          }
        },
        DELETE: () => {
          faults.clear()
          return noContent()
        },
      },
    },
  ]
}
