/**
 * HTTP Basic authentication of the Twilio dialect: the account SID and auth token, or an API key
 * SID and its secret (Twilio's two documented schemes, https://www.twilio.com/docs/iam/api-keys
 * and https://www.twilio.com/docs/usage/requests-to-twilio). Either way the caller acts as one
 * account, which must own the service in the path.
 */
import { timingSafeEqual } from '../timing-safe-equal'
import type { ResolvedTwilioOptions } from './twilio-options'
import { TwilioApiError } from './twilio-api-error'

const utf8 = new TextDecoder('utf-8', { fatal: true })

/** The `user:password` of a Basic `Authorization` header, or `undefined` when malformed. */
function basicCredentials(header: string): [string, string] | undefined {
  const match = /^Basic +([A-Za-z0-9+/]+=*) *$/i.exec(header)
  if (!match) return undefined
  let text: string
  try {
    text = utf8.decode(Uint8Array.from(atob(match[1]!), (c) => c.charCodeAt(0)))
  } catch {
    return undefined
  }
  const colon = text.indexOf(':')
  return colon < 0 ? undefined : [text.slice(0, colon), text.slice(colon + 1)]
}

const unauthorized = () => new TwilioApiError(401, 20003, 'Authenticate', { 'www-authenticate': 'Basic realm="Twilio API"' })

/**
 * The account SID the request acts as.
 * @throws TwilioApiError 401 / 20003 for missing, malformed or wrong credentials (one answer for all).
 */
export function authenticateTwilio(options: ResolvedTwilioOptions, request: Request, decoy: string): string {
  const credentials = basicCredentials(request.headers.get('authorization') ?? '')
  if (!credentials) throw unauthorized()
  const [user, password] = credentials
  const key = options.apiKeys.get(user)
  const expected = key ? key.secret : options.accounts.get(user)
  // Compared even when the user is unknown, against a decoy, so both failures take the same time.
  const matches = timingSafeEqual(password, expected ?? decoy)
  if (expected === undefined || !matches) throw unauthorized()
  return key ? key.accountSid : user
}
