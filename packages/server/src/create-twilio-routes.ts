/**
 * Twilio Verify v2's dialect on the engine, for clients configured with `twilio`: the official
 * `twilio` SDK (and anything written for Twilio Verify) points at hakiki-server unchanged. Paths,
 * Basic auth, form bodies, field names and error bodies follow Twilio's reference, as the
 * sandbox's dialect does (its helpers are reused from `@hakiki/sandbox/wire`):
 * https://www.twilio.com/docs/verify/api/verification and /verification-check.
 *
 * - `POST /v2/Services/{VA}/Verifications` (`To`, `Channel`, `Locale`) → 201, a re-send while
 *   pending keeps the sid; `GET …/Verifications/{VE}` → 200 while pending, else 20404;
 * - `POST …/Verifications/{VE}` with `Status=canceled` cancels (`approved` without a code is not
 *   offered: the engine approves only a right code, so it answers 60200);
 * - `POST /v2/Services/{VA}/VerificationCheck` (`Code`, and `To` or `VerificationSid`) → 200
 *   `pending` / `approved` / `max_attempts_reached`, then 60202 (HTTP 429).
 */
import { LOCALES, type ApiLocale, type Channel } from '@hakiki/core'
import type { EngineProvider, EngineVerification } from '@hakiki/engine'
import { isProviderError, type ProviderCall, type ProviderVerification } from '@hakiki/provider'
import {
  fromSandboxError,
  invalidParameter,
  readForm,
  resourceNotFound,
  SandboxApiError,
  TwilioApiError,
  twilioDate,
  twilioErrorResponse,
  twilioJson,
  validateEmail,
  validatePhone,
  type CreateRequest,
  type RequestContext,
  type Route,
  type TwilioVerification,
  type TwilioVerificationCheck,
  type TwilioVerificationStatus,
} from '@hakiki/sandbox/wire'
import type { VerifyStore } from '@hakiki/store'
import type { ServerClient } from './server-config'

/** What the dialect needs of the server. */
export interface TwilioDialectContext {
  clients: readonly ServerClient[]
  engine: EngineProvider
  lifetimeSeconds: number
  /** The store of one request (with its deadline). */
  store(): VerifyStore
  callFor(store: VerifyStore, clientId: string, signal: AbortSignal): ProviderCall
  checkSecret(key: string, secret: string, hash: string): Promise<boolean>
  startFor(client: ServerClient, input: CreateRequest, store: VerifyStore, signal: AbortSignal, transactionId: string): Promise<{ started: ProviderVerification; startedAt: number }>
  addressHash(to: string): Promise<string>
  /** Whether `error` is the refusal of a send past the verification's `maxSends` (not fair use). */
  isMaxSends(error: unknown): boolean
  /** Counts a check (the server's metrics), whichever dialect checked. */
  checked(client: ServerClient, view: EngineVerification): void
}

const CODE = /^[0-9]{4,10}$/
const VE = /^VE[0-9a-f]{32}$/
// Twilio spells Brazilian Portuguese `pt-BR`; the spec's API spells it `pr-BR`.
const API_LOCALE_OF_TAG = new Map<string, ApiLocale>(LOCALES.map((l) => [l.tag, l.api]))

/** Account SID and secret of a Basic Authorization header. */
function basicCredentials(header: string): [string, string] | undefined {
  const match = /^Basic +([A-Za-z0-9+/]+=*) *$/i.exec(header)
  if (!match) return undefined
  let decoded: string
  try {
    decoded = atob(match[1]!)
  } catch {
    return undefined
  }
  const colon = decoded.indexOf(':')
  return colon > 0 ? [decoded.slice(0, colon), decoded.slice(colon + 1)] : undefined
}

const unauthorized = () => new TwilioApiError(401, 20003, 'Authenticate', { 'www-authenticate': 'Basic realm="Twilio API"' })

/** The `/v2/…` route of the dialect. */
export function createTwilioRoutes(context: TwilioDialectContext): Route[] {
  const byAccount = new Map(context.clients.filter((c) => c.twilio).map((c) => [c.twilio!.accountSid, c]))
  const pointer = async (to: string) => `tw:to:${await context.addressHash(to)}`
  const createdAt = (v: ProviderVerification) => (v.expiresAt ?? 0) - context.lifetimeSeconds * 1000

  const verificationJson = (url: URL, client: ServerClient, v: ProviderVerification, status: TwilioVerificationStatus): TwilioVerification => ({
    sid: v.id,
    service_sid: client.twilio!.serviceSid,
    account_sid: client.twilio!.accountSid,
    to: v.to,
    channel: v.channel,
    status,
    valid: status === 'approved',
    lookup: {},
    amount: null,
    payee: null,
    send_code_attempts: [{ attempt_sid: `VL${v.id.slice(2)}`, channel: v.channel, time: twilioDate(createdAt(v)) }],
    date_created: twilioDate(createdAt(v)),
    date_updated: twilioDate(Date.now()),
    sna: null,
    url: `${url.origin}/v2/Services/${client.twilio!.serviceSid}/Verifications/${v.id}`,
  })

  const dispatch = async ({ request, url, transactionId }: RequestContext): Promise<Response> => {
    const path = url.pathname.slice('/v2'.length)
    try {
      const credentials = basicCredentials(request.headers.get('authorization') ?? '')
      const client = credentials ? byAccount.get(credentials[0]) : undefined
      if (!credentials || !client || client.disabled || !(await context.checkSecret(`twilio:${client.id}`, credentials[1], client.twilio!.authTokenHash))) throw unauthorized()
      const match = /^\/Services\/(VA[0-9a-f]{32})\/(Verifications(?:\/([^/]+))?|VerificationCheck)$/.exec(path)
      if (!match || match[1] !== client.twilio!.serviceSid) throw resourceNotFound(path)
      const store = context.store()
      const call = context.callFor(store, client.id, request.signal)
      const notFound = (error: unknown): never => {
        if (isProviderError(error) && error.kind === 'not_found') throw resourceNotFound(path)
        throw error
      }
      const sid = match[3]
      if (match[2] === 'VerificationCheck') {
        if (request.method !== 'POST') throw new TwilioApiError(405, 20004, 'Method not allowed', { allow: 'POST' })
        const form = await readForm(request)
        const code = form.get('Code') ?? ''
        if (!CODE.test(code)) throw invalidParameter('Code')
        const to = form.get('To')
        const id = form.get('VerificationSid') ?? (to === null ? undefined : (await store.get([await pointer(to)]))[0])
        if (id === undefined) throw invalidParameter(to === null ? 'VerificationSid' : 'To')
        if (!VE.test(id)) throw resourceNotFound(path)
        let view: EngineVerification
        try {
          view = await context.engine.check(id, code, call)
        } catch (error) {
          if (isProviderError(error) && error.kind === 'max_attempts') throw new TwilioApiError(429, 60202, 'Max check attempts reached')
          if (isProviderError(error) && error.kind === 'invalid_code_format') view = await context.engine.status(id, call).catch(notFound)
          else return notFound(error)
        }
        if (to !== null && view.to.toLowerCase() !== to.toLowerCase()) throw resourceNotFound(path)
        context.checked(client, view)
        if (view.status === 'expired') throw resourceNotFound(path)
        const status: TwilioVerificationStatus = view.status === 'approved' ? 'approved' : view.status === 'cancelled' ? 'max_attempts_reached' : 'pending'
        const body: TwilioVerificationCheck = {
          sid: view.id,
          service_sid: client.twilio!.serviceSid,
          account_sid: client.twilio!.accountSid,
          to: view.to,
          channel: view.channel,
          status,
          valid: status === 'approved',
          amount: null,
          payee: null,
          date_created: twilioDate(createdAt(view)),
          date_updated: twilioDate(Date.now()),
          sna_attempts_error_codes: [],
        }
        return twilioJson(200, body)
      }
      if (sid === undefined) {
        if (request.method !== 'POST') throw new TwilioApiError(405, 20004, 'Method not allowed', { allow: 'POST' })
        const form = await readForm(request)
        const to = form.get('To') ?? ''
        const channel = form.get('Channel') ?? ''
        if (to === '') throw invalidParameter('To')
        if (!['sms', 'call', 'email'].includes(channel)) throw invalidParameter('Channel')
        const localeTag = form.get('Locale')
        const locale = localeTag === null ? 'en' : API_LOCALE_OF_TAG.get(localeTag)
        // https://www.twilio.com/docs/verify/supported-languages: an unsupported locale is a 404.
        if (locale === undefined) throw resourceNotFound(path)
        let input: CreateRequest
        try {
          input = channel === 'email' ? { to: validateEmail(to), channel: 'email', locale } : { to, channel: channel as Channel, locale, country: validatePhone(to).country }
        } catch {
          // https://www.twilio.com/docs/api/errors/60200: an address Verify cannot use is an invalid `To`.
          throw invalidParameter('To')
        }
        const { started } = await context.startFor(client, input, store, request.signal, transactionId)
        await store.write({ set: [{ key: await pointer(started.to), value: started.id, ttlSeconds: context.lifetimeSeconds }] })
        return twilioJson(201, verificationJson(url, client, started, 'pending'))
      }
      if (!VE.test(sid)) throw resourceNotFound(path)
      if (request.method === 'GET') {
        const view = await context.engine.status(sid, call).catch(notFound)
        // Twilio keeps only pending verifications readable.
        if (view.status !== 'pending') throw resourceNotFound(path)
        return twilioJson(200, verificationJson(url, client, view, 'pending'))
      }
      if (request.method === 'POST') {
        const status = (await readForm(request)).get('Status')
        if (status !== 'canceled') throw invalidParameter('Status')
        const view = await (context.engine.cancel?.(sid, call) ?? Promise.reject(new TwilioApiError(404, 20404, 'not found'))).catch(notFound)
        return twilioJson(200, verificationJson(url, client, view, 'canceled'))
      }
      throw new TwilioApiError(405, 20004, 'Method not allowed', { allow: 'GET, POST' })
    } catch (error) {
      if (error instanceof TwilioApiError) return twilioErrorResponse(error)
      if (error instanceof SandboxApiError && error.status !== 500) {
        // Twilio's codes for the engine's refusals: 60203 max sends (https://www.twilio.com/docs/api/errors/60203).
        if (context.isMaxSends(error)) return twilioErrorResponse(new TwilioApiError(429, 60203, 'Max send attempts reached', error.headers))
        return twilioErrorResponse(fromSandboxError(error))
      }
      return twilioErrorResponse(new TwilioApiError(500, 20500, 'Internal Server Error'))
    }
  }

  const methods = Object.fromEntries(['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].map((m) => [m, dispatch]))
  return [{ path: /^\/v2(\/.*)?$/, methods }]
}
