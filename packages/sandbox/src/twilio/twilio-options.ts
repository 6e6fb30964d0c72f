/**
 * Options of the sandbox's Twilio Verify v2 dialect (`createSandbox({ twilio })`): the accounts,
 * their API keys and Verify services it accepts, and the prefixes its "Fraud Guard" blocks.
 * Defaults are public sandbox credentials in Twilio's SID formats, so the `twilio` SDK and
 * `@hakiki/twilio` work against a bare `createSandbox()`.
 */

/** An API key (`SK…`) of an account. */
export interface TwilioSandboxApiKey {
  /** `SK` and 32 hex digits. */
  sid: string
  secret: string
}

/** A Verify service (`VA…`) of an account. */
export interface TwilioSandboxService {
  /** `VA` and 32 hex digits. */
  sid: string
  /** Shown in messages as the app's name (Twilio's `FriendlyName`); default the sandbox's `appName`. */
  friendlyName?: string
}

/** A Twilio account the dialect accepts. */
export interface TwilioSandboxAccount {
  /** `AC` and 32 hex digits. */
  accountSid: string
  authToken: string
  apiKeys?: TwilioSandboxApiKey[]
  services?: TwilioSandboxService[]
}

/** Options of the Twilio dialect. */
export interface TwilioSandboxOptions {
  /** Accepted accounts; default {@link DEFAULT_TWILIO_ACCOUNT}. */
  accounts?: TwilioSandboxAccount[]
  /**
   * E.164 prefixes (`+4478`) whose sms verifications are refused with 60410, as Twilio's Verify
   * Fraud Guard blocks a prefix for SMS; default none.
   */
  blockedPrefixes?: string[]
}

/** The built-in account: public sandbox credentials, never real ones. */
export const DEFAULT_TWILIO_ACCOUNT: Readonly<Required<TwilioSandboxAccount>> = Object.freeze({
  accountSid: `AC${'a'.repeat(32)}`,
  authToken: 'sandbox-auth-token',
  apiKeys: [{ sid: `SK${'a'.repeat(32)}`, secret: 'sandbox-api-key-secret' }],
  services: [{ sid: `VA${'a'.repeat(32)}` }],
})

/** A service after defaults, with its owner. */
export interface ResolvedTwilioService {
  sid: string
  accountSid: string
  friendlyName: string | undefined
}

/** Options after defaults and checks. */
export interface ResolvedTwilioOptions {
  /** Auth token by account SID. */
  accounts: ReadonlyMap<string, string>
  /** Secret and owning account by API key SID. */
  apiKeys: ReadonlyMap<string, { secret: string; accountSid: string }>
  services: ReadonlyMap<string, ResolvedTwilioService>
  blockedPrefixes: readonly string[]
}

const SID = (prefix: string) => new RegExp(`^${prefix}[0-9a-f]{32}$`)
/** Shapes of Twilio's SIDs. */
export const ACCOUNT_SID = SID('AC')
export const API_KEY_SID = SID('SK')
export const SERVICE_SID = SID('VA')

/**
 * Applies defaults and validates.
 * @throws RangeError naming what is malformed or listed twice.
 */
export function resolveTwilioOptions(options: TwilioSandboxOptions = {}): ResolvedTwilioOptions {
  const accounts = new Map<string, string>()
  const apiKeys = new Map<string, { secret: string; accountSid: string }>()
  const services = new Map<string, ResolvedTwilioService>()
  for (const account of options.accounts ?? [DEFAULT_TWILIO_ACCOUNT]) {
    if (!ACCOUNT_SID.test(account.accountSid)) throw new RangeError('twilio.accounts[].accountSid must be AC and 32 lowercase hex digits')
    if (typeof account.authToken !== 'string' || account.authToken === '') throw new RangeError('twilio.accounts[].authToken must not be empty')
    if (accounts.has(account.accountSid)) throw new RangeError(`account ${account.accountSid} is listed twice`)
    accounts.set(account.accountSid, account.authToken)
    for (const key of account.apiKeys ?? []) {
      if (!API_KEY_SID.test(key.sid)) throw new RangeError('twilio API key sids must be SK and 32 lowercase hex digits')
      if (typeof key.secret !== 'string' || key.secret === '') throw new RangeError('twilio API key secrets must not be empty')
      if (apiKeys.has(key.sid)) throw new RangeError(`API key ${key.sid} is listed twice`)
      apiKeys.set(key.sid, { secret: key.secret, accountSid: account.accountSid })
    }
    for (const service of account.services ?? []) {
      if (!SERVICE_SID.test(service.sid)) throw new RangeError('twilio service sids must be VA and 32 lowercase hex digits')
      if (services.has(service.sid)) throw new RangeError(`service ${service.sid} is listed twice`)
      services.set(service.sid, { sid: service.sid, accountSid: account.accountSid, friendlyName: service.friendlyName })
    }
  }
  const blockedPrefixes = options.blockedPrefixes ?? []
  for (const prefix of blockedPrefixes) {
    if (!/^\+[1-9][0-9]{0,14}$/.test(prefix)) throw new RangeError("twilio.blockedPrefixes must be E.164 prefixes such as '+4478'")
  }
  return { accounts, apiKeys, services, blockedPrefixes }
}
