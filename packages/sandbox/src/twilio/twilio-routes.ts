/**
 * The Twilio Verify v2 dialect of the sandbox: `/v2/Services/{ServiceSid}/Verifications`,
 * `…/Verifications/{Sid}` (fetch, and update to `canceled`/`approved`), `…/VerificationCheck`
 * and `/v2/Services/{ServiceSid}`, with Basic auth, form-encoded bodies, Twilio's field names and
 * Twilio's error bodies. It shares the verification state machine, inbox, clock and faults with
 * the spec's dialect; what differs from it is mapped here, each rule citing the Twilio page it
 * follows (see the README's "Twilio Verify dialect").
 */
import { ALL_CHANNELS, LOCALES, type ApiLocale, type Channel } from '@hakiki/core'
import { parsePhoneNumberFromString } from 'libphonenumber-js/max'
import type { Route, RequestContext } from '../route'
import type { SandboxState } from '../sandbox-state'
import { SandboxApiError } from '../sandbox-api-error'
import { readForm } from '../read-body'
import { validateEmail } from '../validate-address'
import { resolveTwilioOptions, SERVICE_SID, type ResolvedTwilioService, type TwilioSandboxOptions } from './twilio-options'
import { authenticateTwilio } from './twilio-auth'
import { TwilioApiError, fromSandboxError, invalidParameter, resourceNotFound, twilioErrorResponse, twilioJson } from './twilio-api-error'
import { twilioDate, type SendCodeAttempt, type TwilioVerification, type TwilioVerificationCheck, type TwilioVerificationStatus } from './twilio-resources'

/** What the dialect keeps beside the shared record of each verification. */
interface TwilioMeta {
  service: ResolvedTwilioService
  createdAt: number
  updatedAt: number
  attempts: SendCodeAttempt[]
  /** Times of status fetches, for Twilio's status check rate limits. */
  fetches: number[]
}

const E164 = /^\+[1-9][0-9]{1,14}$/
const CODE = /^[0-9]{4,10}$/
// Twilio spells Brazilian Portuguese `pt-BR`; the templates use the spec API's `pr-BR`.
const LOCALE_BY_TAG = new Map<string, ApiLocale>(LOCALES.map((l) => [l.tag, l.api]))
// https://www.twilio.com/docs/verify/api/rate-limits-and-timeouts: "You may request the status of
// a verification no more than 60 requests in one minute, 180 in one hour, 250 in one day".
const STATUS_LIMITS: ReadonlyArray<readonly [windowMs: number, max: number]> = [
  [60_000, 60],
  [3_600_000, 180],
  [86_400_000, 250],
]
const MAX_META = 10_000
const OWNER = (service: ResolvedTwilioService) => `twilio:${service.sid}`
/** Key of the pending verification per service and address; e-mail addresses match case-insensitively. */
const toKey = (service: ResolvedTwilioService, to: string) => `${service.sid}\u0000${to.toLowerCase()}`

/** Creates the `/v2/*` route of the Twilio dialect over the shared `state`. */
export function createTwilioRoutes(state: SandboxState, twilioOptions?: TwilioSandboxOptions): Route[] {
  const options = resolveTwilioOptions(twilioOptions)
  const { clock, random, verifications } = state
  const decoy = random.token()
  const servicesCreatedAt = clock.now()
  const meta = new Map<string, TwilioMeta>()
  // Pending verification sid per service and address, for checks by `To`.
  const pendingByTo = new Map<string, string>()

  const remember = (sid: string, entry: TwilioMeta) => {
    meta.delete(sid)
    meta.set(sid, entry)
    // The shared store forgets old verifications on its own; this map follows it at the same cap.
    if (meta.size > MAX_META) meta.delete(meta.keys().next().value!)
  }

  const verificationJson = (url: URL, sid: string, to: string, channel: Channel, status: TwilioVerificationStatus, m: TwilioMeta): TwilioVerification => ({
    sid,
    service_sid: m.service.sid,
    account_sid: m.service.accountSid,
    to,
    channel,
    status,
    valid: status === 'approved',
    lookup: {},
    amount: null,
    payee: null,
    send_code_attempts: m.attempts.map((a) => ({ ...a })),
    date_created: twilioDate(m.createdAt),
    date_updated: twilioDate(m.updatedAt),
    sna: null,
    url: `${url.origin}/v2/Services/${m.service.sid}/Verifications/${sid}`,
  })

  /** The service of the path, if the caller's account owns it; else 20404, as for a missing one. */
  const serviceOf = (accountSid: string, serviceSid: string, path: string) => {
    const service = SERVICE_SID.test(serviceSid) ? options.services.get(serviceSid) : undefined
    if (!service || service.accountSid !== accountSid) throw resourceNotFound(path)
    return service
  }

  /** A shared-store read, in Twilio's terms: only pending verifications exist. */
  const pendingVerification = async (service: ResolvedTwilioService, sid: string, path: string) => {
    let data
    try {
      data = await verifications.get(OWNER(service), sid)
    } catch (error) {
      if (error instanceof SandboxApiError && error.status === 404) throw resourceNotFound(path)
      throw error
    }
    const m = meta.get(sid)
    if (!m) throw resourceNotFound(path)
    return { data, meta: m }
  }

  const create = async (service: ResolvedTwilioService, { request, url }: RequestContext, path: string) => {
    const form = await readForm(request)
    const to = form.get('To') ?? ''
    const channel = form.get('Channel') ?? ''
    if (to === '') throw invalidParameter('To')
    // https://www.twilio.com/docs/api/errors/60200: a Channel that is not an accepted option (or
    // not enabled for you, as sna is not here) is an invalid parameter. `whatsapp` is accepted:
    // https://www.twilio.com/docs/verify/whatsapp ("Channel=whatsapp" on the same Verifications
    // resource; the code goes out as a WhatsApp authentication template to the number's account).
    if (!ALL_CHANNELS.includes(channel as Channel)) throw invalidParameter('Channel')
    const localeParam = form.get('Locale')
    let locale: ApiLocale = 'en'
    if (localeParam !== null) {
      // https://www.twilio.com/docs/verify/supported-languages: "If an unsupported override locale
      // is given, a 404 error will be returned."
      const known = LOCALE_BY_TAG.get(localeParam)
      if (!known) throw resourceNotFound(path)
      locale = known
    }
    if (channel === 'email') {
      try {
        validateEmail(to)
      } catch {
        throw invalidParameter('To')
      }
    } else {
      // https://www.twilio.com/docs/api/errors/60200: "To parameter is incorrectly formatted or
      // missing the leading +". Every country is reachable, not only the spec's covered 14.
      const phone = E164.test(to) ? parsePhoneNumberFromString(to) : undefined
      if (!phone || !phone.isValid() || phone.number !== to) throw invalidParameter('To')
      // https://www.twilio.com/docs/api/errors/60205: "SMS is not supported by landline phone number".
      if (channel === 'sms' && phone.getType() === 'FIXED_LINE') throw new TwilioApiError(400, 60205, 'SMS is not supported by landline phone number')
      // https://www.twilio.com/docs/api/errors/60410: Fraud Guard blocks a whole prefix "for SMS channels".
      if (channel === 'sms' && options.blockedPrefixes.some((p) => to.startsWith(p))) {
        throw new TwilioApiError(403, 60410, 'Verification delivery attempt blocked')
      }
    }
    let started
    try {
      const friendly = form.get('CustomFriendlyName') ?? service.friendlyName
      started = await verifications.start(OWNER(service), to, channel as Channel, locale, friendly ? friendly.slice(0, 60) : undefined)
    } catch (error) {
      // https://www.twilio.com/docs/api/errors/60203 (HTTP 429): more than 5 sends of one verification.
      if (error instanceof SandboxApiError && error.status === 429) throw new TwilioApiError(429, 60203, 'Max send attempts reached')
      throw error
    }
    const { verification: record, resent } = started
    const now = clock.now()
    // The message the engine just put in the inbox is this attempt (newest first).
    const attemptSid = state.inbox.list({ to: record.to }).find((m) => m.verificationId === record.verificationId)?.id ?? `SM${random.hex(16)}`
    const previous = resent ? meta.get(record.verificationId) : undefined
    const m: TwilioMeta = previous ?? { service, createdAt: now, updatedAt: now, attempts: [], fetches: [] }
    m.updatedAt = now
    m.attempts.push({ attempt_sid: attemptSid, channel: channel as Channel, time: twilioDate(now) })
    remember(record.verificationId, m)
    const key = toKey(service, record.to)
    pendingByTo.delete(key)
    pendingByTo.set(key, record.verificationId)
    // Stale entries (expired verifications) go oldest first, at the same cap as the records.
    if (pendingByTo.size > MAX_META) pendingByTo.delete(pendingByTo.keys().next().value!)
    return twilioJson(201, verificationJson(url, record.verificationId, record.to, record.channel, 'pending', m))
  }

  const fetchVerification = async (service: ResolvedTwilioService, sid: string, { url }: RequestContext, path: string) => {
    const { data, meta: m } = await pendingVerification(service, sid, path)
    // Twilio deletes a verification once it expires, is approved or runs out of checks
    // (https://www.twilio.com/docs/verify/api/verification-check): only pending ones are found.
    if (data.status !== 'pending') throw resourceNotFound(path)
    const now = clock.now()
    m.fetches = m.fetches.filter((t) => t > now - 86_400_000)
    if (STATUS_LIMITS.some(([windowMs, max]) => m.fetches.filter((t) => t > now - windowMs).length >= max)) {
      throw new TwilioApiError(429, 20429, 'Too Many Requests')
    }
    m.fetches.push(now)
    return twilioJson(200, verificationJson(url, sid, data.to, data.channel, 'pending', m))
  }

  const update = async (service: ResolvedTwilioService, sid: string, { request, url }: RequestContext, path: string) => {
    const form = await readForm(request)
    const status = form.get('Status')
    if (status !== 'canceled' && status !== 'approved') throw invalidParameter('Status')
    const { data, meta: m } = await pendingVerification(service, sid, path)
    if (data.status !== 'pending') throw resourceNotFound(path)
    await verifications.finish(OWNER(service), sid, status === 'approved' ? 'approved' : 'cancelled')
    pendingByTo.delete(toKey(service, data.to))
    m.updatedAt = clock.now()
    return twilioJson(200, verificationJson(url, sid, data.to, data.channel, status, m))
  }

  const check = async (service: ResolvedTwilioService, { request }: RequestContext, path: string) => {
    const form = await readForm(request)
    const code = form.get('Code') ?? ''
    // https://www.twilio.com/docs/api/errors/60200: "Code parameter is not between 4-10 numbers long".
    if (!CODE.test(code)) throw invalidParameter('Code')
    const sidParam = form.get('VerificationSid')
    const toParam = form.get('To')
    if (sidParam === null && toParam === null) throw invalidParameter('VerificationSid')
    const sid = sidParam ?? pendingByTo.get(toKey(service, toParam!)) ?? ''
    const { data, meta: m } = await pendingVerification(service, sid, path)
    // A verification that ran out of checks answers 60202 (HTTP 429); an expired one is deleted.
    if (data.status === 'cancelled') throw new TwilioApiError(429, 60202, 'Max check attempts reached')
    if (data.status !== 'pending') throw resourceNotFound(path)
    if (toParam !== null && sidParam !== null && toParam.toLowerCase() !== data.to.toLowerCase()) throw resourceNotFound(path)
    const result = await verifications.check(OWNER(service), sid, code)
    const now = clock.now()
    m.updatedAt = now
    const status: TwilioVerificationStatus = result.status === 'approved' ? 'approved' : result.status === 'cancelled' ? 'max_attempts_reached' : 'pending'
    if (status === 'approved') pendingByTo.delete(toKey(service, data.to))
    const body: TwilioVerificationCheck = {
      sid,
      service_sid: service.sid,
      account_sid: service.accountSid,
      to: data.to,
      channel: data.channel,
      status,
      valid: status === 'approved',
      amount: null,
      payee: null,
      date_created: twilioDate(m.createdAt),
      date_updated: twilioDate(now),
      sna_attempts_error_codes: [],
    }
    return twilioJson(200, body)
  }

  const serviceJson = (service: ResolvedTwilioService, url: URL) => ({
    sid: service.sid,
    account_sid: service.accountSid,
    friendly_name: service.friendlyName ?? state.options.appName,
    code_length: state.options.codeLength,
    lookup_enabled: false,
    psd2_enabled: false,
    skip_sms_to_landlines: false,
    dtmf_input_required: false,
    tts_name: null,
    do_not_share_warning_enabled: false,
    custom_code_enabled: false,
    date_created: twilioDate(servicesCreatedAt),
    date_updated: twilioDate(servicesCreatedAt),
    url: `${url.origin}/v2/Services/${service.sid}`,
    links: {
      verification_checks: `${url.origin}/v2/Services/${service.sid}/VerificationCheck`,
      verifications: `${url.origin}/v2/Services/${service.sid}/Verifications`,
    },
  })

  /** Routes one `/v2/…` request; every failure becomes Twilio's error body. */
  const dispatch = async (context: RequestContext): Promise<Response> => {
    const { request, url } = context
    // Twilio names resources without the version prefix in its 20404 messages.
    const path = url.pathname.slice('/v2'.length)
    try {
      const segments = path.split('/').slice(1)
      const [services, serviceSid = '', resource, sid, extra] = segments
      const allow = (methods: string[]) => {
        if (methods.includes(request.method)) return
        throw new TwilioApiError(405, 20004, 'Method not allowed', { allow: methods.join(', ') })
      }
      const known = services === 'Services' && extra === undefined
      const accountSid = authenticateTwilio(options, request, decoy)
      if (known && resource === undefined && serviceSid !== '') {
        allow(['GET'])
        return twilioJson(200, serviceJson(serviceOf(accountSid, serviceSid, path), url))
      }
      if (known && resource === 'Verifications' && sid === undefined) {
        allow(['POST'])
        await state.applyFault('create', request)
        return await create(serviceOf(accountSid, serviceSid, path), context, path)
      }
      if (known && resource === 'Verifications' && sid !== undefined) {
        allow(['GET', 'POST'])
        const service = serviceOf(accountSid, serviceSid, path)
        if (request.method === 'POST') return await update(service, sid, context, path)
        await state.applyFault('get', request)
        return await fetchVerification(service, sid, context, path)
      }
      if (known && resource === 'VerificationCheck' && sid === undefined) {
        allow(['POST'])
        await state.applyFault('verify', request)
        return await check(serviceOf(accountSid, serviceSid, path), context, path)
      }
      throw resourceNotFound(path)
    } catch (error) {
      if (error instanceof TwilioApiError) return twilioErrorResponse(error)
      if (error instanceof SandboxApiError) return twilioErrorResponse(fromSandboxError(error))
      // Internal details stay inside, as in the spec dialect.
      return twilioErrorResponse(new TwilioApiError(500, 20500, 'Internal Server Error'))
    }
  }

  const methods = Object.fromEntries(['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].map((m) => [m, dispatch]))
  return [{ path: /^\/v2(\/.*)?$/, methods }]
}
