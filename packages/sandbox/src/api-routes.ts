/**
 * The five endpoints of the Verify API spec: token, create, get, verify, rates.
 */
import type { Route, RequestContext } from './route'
import type { SandboxState } from './sandbox-state'
import { SandboxApiError } from './sandbox-api-error'
import { envelope, json } from './responses'
import { readForm, readJsonObject } from './read-body'
import { validateCreateRequest } from './validate-create-request'
import { notFound } from './engine-refusal'
import { VERIFICATION_ID } from './verification-store'
import { SUPPORTED_COUNTRIES, smsFee } from './sms-rates'
import { timingSafeEqual } from './timing-safe-equal'

/** Path of the token endpoint. */
export const TOKEN_PATH = '/oauth/client/accesstoken'
/** Path of create. */
export const VERIFICATION_PATH = '/verify/v1/identity/verification'
/** Path of the rates endpoint. */
export const RATE_PATH = '/verify/v1/identity/sms/rate'

const CODE = /^[0-9]{4,10}$/

/**
 * The client of the request's bearer token.
 * @throws SandboxApiError 401 with `WWW-Authenticate: Bearer` for a missing, unknown or expired token.
 */
function authenticate(state: SandboxState, request: Request): string {
  const header = request.headers.get('authorization') ?? ''
  const match = /^Bearer +([A-Za-z0-9\-._~+/]+=*) *$/i.exec(header)
  if (!match) {
    throw new SandboxApiError(401, 'Authorization header with a Bearer access token is required: request one from POST /oauth/client/accesstoken', {
      'www-authenticate': 'Bearer realm="verify"',
    })
  }
  const clientId = state.tokens.resolve(match[1]!)
  if (!clientId) {
    throw new SandboxApiError(401, 'Access token is invalid or expired: request a new one from POST /oauth/client/accesstoken', {
      'www-authenticate': 'Bearer realm="verify", error="invalid_token"',
    })
  }
  return clientId
}

/** Creates the spec's routes over `state`. */
export function createApiRoutes(state: SandboxState): Route[] {
  const { options, random, tokens, verifications } = state
  // A secret compared when the client id is unknown, so both failures take the same time.
  const decoySecret = random.token()

  const token = async ({ request, url }: RequestContext) => {
    await state.applyFault('token', request)
    if (url.searchParams.get('grant_type') !== 'client_credentials') {
      throw new SandboxApiError(400, 'grant_type=client_credentials is required in the query string')
    }
    const form = await readForm(request)
    const clientId = form.get('client_id') ?? ''
    const clientSecret = form.get('client_secret') ?? ''
    if (clientId === '' || clientSecret === '') {
      throw new SandboxApiError(400, 'client_id and client_secret are required form fields')
    }
    const client = options.clients.get(clientId)
    const secretMatches = timingSafeEqual(clientSecret, client?.clientSecret ?? decoySecret)
    if (!client || !secretMatches) {
      throw new SandboxApiError(401, 'Invalid client credentials: check client_id and client_secret')
    }
    return json(200, tokens.issue(clientId), { pragma: 'no-cache' })
  }

  const create = async ({ request, transactionId }: RequestContext) => {
    await state.applyFault('create', request)
    const clientId = authenticate(state, request)
    const input = validateCreateRequest(await readJsonObject(request))
    const { verification, resent } = await verifications.start(clientId, input.to, input.channel, input.locale)
    // sms is priced per destination country; call and email at one configurable price each.
    const fee = input.channel === 'sms' && input.country ? smsFee(input.country) : options.fees[input.channel === 'call' ? 'call' : 'email']
    return envelope(
      201,
      resent ? 'Verification code sent again' : 'Verification created',
      { ...verification, status: 'pending' },
      transactionId,
      { fee },
    )
  }

  const get = async ({ request, param, transactionId }: RequestContext) => {
    await state.applyFault('get', request)
    const clientId = authenticate(state, request)
    return envelope(200, 'Verification retrieved', await verifications.get(clientId, param), transactionId)
  }

  const verify = async ({ request, param, transactionId }: RequestContext) => {
    await state.applyFault('verify', request)
    const clientId = authenticate(state, request)
    if (!VERIFICATION_ID.test(param)) throw notFound()
    const body = await readJsonObject(request)
    if (typeof body.code !== 'string' || !CODE.test(body.code)) {
      throw new SandboxApiError(400, "'code' is required: a string of 4 to 10 digits")
    }
    const result = await verifications.check(clientId, param, body.code)
    const messages = {
      approved: 'Verification approved',
      pending: 'Verification code is incorrect',
      cancelled: 'Verification cancelled: too many incorrect codes. Start a new verification',
      expired: 'Verification expired: start a new verification',
    }
    return envelope(200, messages[result.status], result, transactionId)
  }

  const rates = async ({ request, transactionId }: RequestContext) => {
    await state.applyFault('rates', request)
    authenticate(state, request)
    return envelope(200, 'Rates retrieved', { supportedCountries: SUPPORTED_COUNTRIES }, transactionId)
  }

  return [
    { path: TOKEN_PATH, methods: { POST: token } },
    { path: VERIFICATION_PATH, methods: { POST: create } },
    { path: /^\/verify\/v1\/identity\/verification\/([^/]+)$/, methods: { GET: get, PATCH: verify } },
    { path: RATE_PATH, methods: { GET: rates } },
  ]
}
