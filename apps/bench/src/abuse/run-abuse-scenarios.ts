/**
 * The abuse bench (issue 19): each scenario replays an attack over real HTTP on loopback against
 * the proxy at its default settings, mounted as the docs mount it (node:http adapter), with the
 * sandbox upstream and one deterministic clock for proxy and sandbox. Real users arrive meanwhile,
 * each from an address and a number of their own, and verify. Per scenario it reports the
 * attacker's accepted sends, their cost at the sandbox rate table's fees, and the share of real
 * users served.
 */
import { createServer, request as httpRequest, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createVerifyHandler, verifyClientProvider, type VerifyHandlerOptions, type VerifyProviderV1 } from '@hakiki/proxy'
import { toNodeListener, type NodeAdapterOptions } from '@hakiki/proxy/node'
import { DEFAULT_TWILIO_ACCOUNT, SUPPORTED_COUNTRIES } from '@hakiki/sandbox'
import { startSandboxServer, type SandboxServer } from '@hakiki/sandbox/node'
import { createTwilioProvider } from '@hakiki/twilio'
import { createVerifyClient } from '@hakiki/verify-client'
import { randomNumber, seededRandom } from './abuse-numbers'
import { GEO_BLOCKED_PREFIX, startTwilioStandIn } from './twilio-stand-in'

/** The app's public origin in every scenario: not loopback, so the proxy runs as in production. */
const APP_ORIGIN = 'https://app.example'
const T0 = Date.parse('2030-01-01T00:00:00Z')
/** Fee assumed for destinations without a published rate (as the proxy's `defaultFeeUsd`). */
export const UNPUBLISHED_FEE_USD = 0.05
/** The 14 countries of the sandbox's rate table. */
const COVERED = ['BJ', 'BF', 'CM', 'CI', 'GH', 'KE', 'NG', 'RW', 'SN', 'ZA', 'TZ', 'TG', 'UG', 'ZW']
/** Where the issue found calls to fixed lines passing (its high-risk regions). */
const HIGH_RISK = ['CU', 'LV', 'LT', 'SO', 'AE', 'SA', 'MA', 'LK', 'BD', 'IL', 'PK', 'PS', 'AZ', 'TJ', 'OM', 'TN', 'DZ', 'KG', 'TV', 'NU', 'NR', 'PG', 'SB']

/** One attempt an attacker makes. */
interface AttackStep {
  to: string
  channel: 'sms' | 'call' | 'email'
  /** Socket address to send from (127.x.y.z), or the forwarded address an edge proxy appends. */
  localAddress?: string
  forwardedFor?: string
  /** A cookie jar to keep (the attacker's), or none (a fresh session). */
  jar?: Map<string, string>
  /** Enter the code when it arrives (an operator that receives the SMS on numbers it owns). */
  verifies?: boolean
  /** Further request headers (forged `Forwarded`, `X-Real-IP`, a huge cookie...). */
  headers?: Record<string, string | string[]>
}

/** A real user: where they come from, what they verify and how. */
interface RealUser {
  to: string
  /** Default `sms`. */
  channel?: 'sms' | 'email'
  localAddress?: string
  forwardedFor?: string
  headers?: Record<string, string>
  /** Asks for the code again (a minute later) before entering it; only with `usersPerMinute`. */
  resends?: boolean
  /** Never enters the code (served when every send was accepted); only with `usersPerMinute`. Default: enters it. */
  abandons?: boolean
}

/** A scenario of the bench. */
export interface AbuseScenario {
  name: string
  days: number
  upstream: 'verify-api' | 'twilio'
  adapter: NodeAdapterOptions
  /** Real users: where they come from and which number they verify. */
  user(n: number, random: () => number): RealUser
  /** The attacker's n-th attempt, in simulated minute `minute`; `undefined`: no attempt this minute. */
  attack(n: number, random: () => number, minute: number): AttackStep | undefined
  /** Minutes between real users; default 10. */
  userEveryMinutes?: number
  /** Attacker attempts per simulated minute; default 1. */
  attacksPerMinute?: number
  /**
   * Real users per simulated minute (fractions spread evenly), instead of one every
   * `userEveryMinutes`; such users may resend (a minute later) and may abandon.
   */
  usersPerMinute?: number
  /** False for a measurement outside the issue's cost goal (the lockout of a known number, a defence turned off). */
  costGoal?: boolean
  /**
   * Why the defaults cannot meet the goal here without refusing real users, and what the app must
   * configure (the scenario still counts as not met).
   */
  beyondDefaults?: string
  /** Options beyond the defaults (a defence turned off, for comparison: then `costGoal` is false). */
  handlerOptions?: Partial<VerifyHandlerOptions>
}

/** What a scenario measured. */
export interface AbuseResult {
  name: string
  days: number
  attempts: number
  accepted: number
  costUsd: number
  costPerDayUsd: number
  /** Accepted sends and cost on the worst day. */
  worstDayUsd: number
  /** Of the accepted sends, how many the attacker verified. */
  verified: number
  users: number
  usersServed: number
  servedShare: number
  /** Why refused real users were refused (`429 rate_limited`: 3). */
  userRefusals: Record<string, number>
}

const RATES = SUPPORTED_COUNTRIES.map((c) => ({ prefix: `+${c.code}`, fee: Number(c.fee) }))
/** The rate table's fee of a send to `to`; e-mail costs nothing here, unpublished destinations {@link UNPUBLISHED_FEE_USD}. */
const feeOf = (to: string): number => (to.includes('@') ? 0 : (RATES.find((r) => to.startsWith(r.prefix))?.fee ?? UNPUBLISHED_FEE_USD))

interface Answer {
  status: number
  json: Record<string, unknown>
}

/** One HTTP request to the proxy, from `localAddress`, keeping cookies in `jar`. */
function call(origin: string, path: string, body: unknown, options: { localAddress?: string; forwardedFor?: string; jar?: Map<string, string>; headers?: Record<string, string | string[]> }): Promise<Answer> {
  const url = new URL(origin)
  const payload = JSON.stringify(body)
  const headers: Record<string, string | string[]> = { origin: APP_ORIGIN, 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(payload)) }
  if (options.forwardedFor) headers['x-forwarded-for'] = options.forwardedFor
  if (options.jar && options.jar.size > 0) headers.cookie = [...options.jar].map(([k, v]) => `${k}=${v}`).join('; ')
  if (options.headers) Object.assign(headers, options.headers)
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: url.hostname, port: url.port, path, method: 'POST', headers, agent: false, ...(options.localAddress ? { localAddress: options.localAddress } : {}) },
      (res) => {
        let text = ''
        res.setEncoding('utf8')
        res.on('data', (chunk: string) => (text += chunk))
        res.on('end', () => {
          for (const cookie of res.headers['set-cookie'] ?? []) {
            const pair = cookie.split(';')[0] ?? ''
            const eq = pair.indexOf('=')
            options.jar?.set(pair.slice(0, eq), pair.slice(eq + 1))
          }
          let json: Record<string, unknown> = {}
          try {
            json = JSON.parse(text) as Record<string, unknown>
          } catch {
            // Not JSON: kept empty.
          }
          resolve({ status: res.statusCode ?? 0, json })
        })
      },
    )
    req.on('error', reject)
    req.end(payload)
  })
}

const listen = async (server: Server): Promise<string> => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}

/** Runs one scenario: an attack attempt each simulated minute, a real user every 10 minutes (or as the scenario says). */
export async function runScenario(scenario: AbuseScenario, seed = 19): Promise<AbuseResult> {
  let t = T0
  const now = () => t
  const sandbox: SandboxServer = await startSandboxServer({ port: 0, now })
  const standIn = scenario.upstream === 'twilio' ? await startTwilioStandIn(sandbox.url) : undefined
  const serviceSid = DEFAULT_TWILIO_ACCOUNT.services[0]?.sid ?? ''
  const provider: VerifyProviderV1 = standIn
    ? createTwilioProvider({ accountSid: DEFAULT_TWILIO_ACCOUNT.accountSid, authToken: DEFAULT_TWILIO_ACCOUNT.authToken }, { serviceSid, baseUrl: standIn.url })
    : verifyClientProvider(createVerifyClient({ baseUrl: sandbox.url, clientId: 'sandbox-client-id', clientSecret: 'sandbox-client-secret', now }))
  // Default settings: only what every deployment must say (secret, mount path, public origin).
  const options: VerifyHandlerOptions = { provider, secret: 'abuse-bench-secret-0123456789abcdef!', basePath: '/api/verify', publicOrigin: APP_ORIGIN, now, logger: {}, ...scenario.handlerOptions }
  const proxy = createServer(toNodeListener(createVerifyHandler(options), scenario.adapter))
  const origin = await listen(proxy)
  const random = seededRandom(seed)

  let attempts = 0
  let accepted = 0
  let verified = 0
  let costUsd = 0
  const costByDay: number[] = []
  let users = 0
  let usersServed = 0
  const userRefusals: Record<string, number> = {}
  const minutes = scenario.days * 24 * 60
  const resending: { user: RealUser; jar: Map<string, string>; id: string }[] = []
  /** Enters the latest code sent to the user; true when approved (else the refusal is counted). */
  const enterCode = async (user: RealUser, id: string, jar: Map<string, string>): Promise<boolean> => {
    const code = sandbox.sandbox.inbox.list({ to: user.to })[0]?.code ?? ''
    const checked = await call(origin, `/api/verify/verifications/${id}/check`, { code }, { ...user, jar })
    const approved = checked.status === 200 && checked.json.status === 'approved'
    if (!approved) userRefusals[`check ${checked.status} ${String(checked.json.code)}`] = (userRefusals[`check ${checked.status} ${String(checked.json.code)}`] ?? 0) + 1
    return approved
  }
  try {
    for (let minute = 0; minute < minutes; minute++) {
      const day = Math.floor(minute / 1440)
      for (let a = 0; a < (scenario.attacksPerMinute ?? 1); a++) {
        const step = scenario.attack(attempts, random, minute)
        if (step === undefined) continue
        const jar = step.jar ?? (step.verifies ? new Map<string, string>() : undefined)
        const answer = await call(origin, '/api/verify/verifications', { to: step.to, channel: step.channel }, { ...step, ...(jar ? { jar } : {}) })
        attempts++
        if (answer.status !== 201) continue
        accepted++
        const fee = feeOf(step.to)
        costUsd += fee
        costByDay[day] = (costByDay[day] ?? 0) + fee
        if (step.verifies) {
          const code = sandbox.sandbox.inbox.list({ to: String(answer.json.to ?? step.to) })[0]?.code ?? ''
          const checked = await call(origin, `/api/verify/verifications/${String(answer.json.id)}/check`, { code }, { ...step, ...(jar ? { jar } : {}) })
          if (checked.status === 200 && checked.json.status === 'approved') verified++
        }
      }
      // Users of a busy app: last minute's resenders resend and enter their code, then this
      // minute's arrive.
      if (scenario.usersPerMinute !== undefined) {
        const refuse = (why: string) => void (userRefusals[why] = (userRefusals[why] ?? 0) + 1)
        for (const waiting of resending.splice(0)) {
          const again = await call(origin, '/api/verify/verifications', { to: waiting.user.to, channel: waiting.user.channel ?? 'sms' }, { ...waiting.user, jar: waiting.jar })
          if (again.status !== 201) {
            refuse(`resend ${again.status} ${String(again.json.code)}`)
            continue
          }
          if (waiting.user.abandons || (await enterCode(waiting.user, waiting.id, waiting.jar))) usersServed++
        }
        const due = Math.floor((minute + 1) * scenario.usersPerMinute) - Math.floor(minute * scenario.usersPerMinute)
        for (let u = 0; u < due; u++) {
          const user = scenario.user(users, random)
          users++
          const jar = new Map<string, string>()
          const started = await call(origin, '/api/verify/verifications', { to: user.to, channel: user.channel ?? 'sms' }, { ...user, jar })
          if (started.status !== 201) {
            refuse(`${started.status} ${String(started.json.code)}`)
            continue
          }
          if (user.resends) resending.push({ user, jar, id: String(started.json.id) })
          else if (user.abandons || (await enterCode(user, String(started.json.id), jar))) usersServed++
        }
      } else if (minute % (scenario.userEveryMinutes ?? 10) === 5) {
        const user = scenario.user(users, random)
        users++
        const jar = new Map<string, string>()
        const started = await call(origin, '/api/verify/verifications', { to: user.to, channel: 'sms' }, { ...user, jar })
        let served = false
        if (started.status === 201) {
          const code = sandbox.sandbox.inbox.list({ to: user.to })[0]?.code ?? ''
          const checked = await call(origin, `/api/verify/verifications/${String(started.json.id)}/check`, { code }, { ...user, jar })
          served = checked.status === 200 && checked.json.status === 'approved'
          if (!served) userRefusals[`check ${checked.status} ${String(checked.json.code)}`] = (userRefusals[`check ${checked.status} ${String(checked.json.code)}`] ?? 0) + 1
        } else {
          const key = `${started.status} ${String(started.json.code)}`
          userRefusals[key] = (userRefusals[key] ?? 0) + 1
        }
        if (served) usersServed++
      }
      t += 60_000
    }
  } finally {
    await new Promise<void>((resolve) => {
      proxy.close(() => resolve())
      proxy.closeAllConnections()
    })
    await standIn?.close()
    await sandbox.close()
  }
  return {
    name: scenario.name,
    days: scenario.days,
    attempts,
    accepted,
    costUsd,
    costPerDayUsd: costUsd / scenario.days,
    worstDayUsd: Math.max(0, ...Array.from(costByDay, (c) => c ?? 0)),
    verified,
    users,
    usersServed,
    servedShare: users === 0 ? 1 : usersServed / users,
    userRefusals,
  }
}

/** The number whose owner the lockout scenarios follow. */
const VICTIM = '+233241234567'

const pick = <T>(random: () => number, items: readonly T[]): T => items[Math.floor(random() * items.length)] as T
const SMS = ['MOBILE', 'FIXED_LINE_OR_MOBILE']

/** A real user of a covered country, from an address of their own (the n-th), forwarded by the edge. */
const coveredUser = (countries: readonly string[]) => (n: number, random: () => number) => ({
  to: randomNumber(random, pick(random, countries), SMS),
  forwardedFor: `102.176.${Math.floor(n / 250) % 250}.${(n % 250) + 1}`,
})

/** The million-number block of Ghana (`+233201xxxxxx`) the slow pump works through. */
const PUMPED_PREFIX = '+233201'

/**
 * A pump that starts where it looks like nothing (one attempt an hour) and doubles its rate every
 * day up to one a minute, from 50 addresses, spread over the whole million-number block (so over
 * a hundred of the 10,000-number prefixes the prefix budget counts), nobody ever verifying; real
 * users of Ghana verify on other prefixes, giving the country a baseline.
 */
const slowPump = (handlerOptions?: Partial<VerifyHandlerOptions>): AbuseScenario => ({
  name: `a pump rising slowly in one prefix of Ghana (1 → 60 an hour over 7 days), real users verifying on other prefixes${handlerOptions ? ', conversion guard off' : ''}`,
  days: 7,
  upstream: 'verify-api',
  adapter: { trustProxy: 1 },
  ...(handlerOptions ? { handlerOptions, costGoal: false } : {}),
  user: (n, random) => {
    let to = randomNumber(random, 'GH', SMS)
    while (to.startsWith(PUMPED_PREFIX)) to = randomNumber(random, 'GH', SMS)
    return { to, forwardedFor: `102.176.${Math.floor(n / 250) % 250}.${(n % 250) + 1}` }
  },
  attack: (n, random, minute) => {
    const perHour = Math.min(60, 2 ** Math.floor(minute / 1440))
    if (minute % Math.round(60 / perHour) !== 0) return undefined
    return { to: randomNumber(random, 'GH', SMS, PUMPED_PREFIX), channel: 'sms', forwardedFor: `198.51.100.${(n % 50) + 1}` }
  },
})

/** Countries outside the rate table and outside the curated high-risk list, reached with Twilio's `countries: 'all'`. */
const FAR_MOBILE = ['GM', 'GN', 'SL', 'LR', 'MR', 'ML', 'NE', 'TD', 'CF', 'GW', 'ST', 'KM', 'ER', 'MV', 'TO', 'WS', 'VU', 'FJ', 'KI', 'FM']

/** A fresh IPv4 address per attempt, across 2,000 /16s (a residential proxy pool). */
const residential = (n: number) => `${11 + (n % 200)}.${(Math.floor(n / 200) % 10) * 17}.${Math.floor(n / 2000) % 250}.${1 + (n % 250)}`

/** Real users who solve the app's captcha when it asks (the `x-captcha` header stands for a solved one). */
const captchaWhenElevated: Partial<VerifyHandlerOptions> = { authorize: (request, context) => !context.elevated || request.headers.get('x-captcha') === 'solved' }

/** Ghana's webmail-heavy e-mail: most users of one provider. */
const MAIL_DOMAINS = ['gmail.com', 'gmail.com', 'gmail.com', 'gmail.com', 'gmail.com', 'gmail.com', 'gmail.com', 'yahoo.com', 'outlook.com', 'example.com.gh']

/**
 * A bigger app's real users (the lead's model): 2,000 sign-ups a day in Ghana, numbers over all of
 * its mobile prefixes (more than 50 a day in many million-number blocks), one in ten asking for
 * the code again, three in ten behind carrier-grade NAT (three IPv4 addresses, hundreds of users
 * a day each), one in four never entering the code, one in five by e-mail (mostly gmail.com).
 */
const bigAppUser = (n: number, random: () => number): RealUser => {
  const email = random() < 0.2
  const natted = random() < 0.3
  return {
    to: email ? `user${n}@${pick(random, MAIL_DOMAINS)}` : randomNumber(random, 'GH', SMS),
    ...(email ? { channel: 'email' as const } : {}),
    forwardedFor: natted ? `41.66.0.${1 + (n % 3)}` : `102.${176 + Math.floor(n / 60_000)}.${Math.floor(n / 240) % 250}.${(n % 240) + 1}`,
    ...(random() < 0.1 ? { resends: true } : {}),
    ...(random() < 0.25 ? { abandons: true } : {}),
  }
}

/**
 * Session 8's attacks: pumps that verify, a residential botnet, e-mail floods, calls to mobiles of
 * far countries, and header and cookie tricks against the documented client-IP settings.
 */
const NEW_SCENARIOS: readonly AbuseScenario[] = [
  {
    name: 'a bigger app: 2,000 sign-ups a day in Ghana (resends, carrier NAT, 25 % never finishing, e-mail mostly gmail), no attack (2 days)',
    days: 2,
    upstream: 'verify-api',
    adapter: { trustProxy: 1 },
    usersPerMinute: 2000 / 1440,
    user: bigAppUser,
    attack: () => undefined,
  },
  {
    name: 'the same bigger app while a pump from 50 addresses hits its prefixes, nobody verifying (2 days)',
    days: 2,
    upstream: 'verify-api',
    adapter: { trustProxy: 1 },
    usersPerMinute: 2000 / 1440,
    user: bigAppUser,
    attack: (n, random) => ({ to: randomNumber(random, 'GH', SMS), channel: 'sms', forwardedFor: `198.51.100.${(n % 50) + 1}` }),
  },
  {
    name: 'the same bigger app while a pump verifying its own codes hits one of its million-number blocks from 50 addresses (2 days)',
    days: 2,
    upstream: 'verify-api',
    adapter: { trustProxy: 1 },
    usersPerMinute: 2000 / 1440,
    user: bigAppUser,
    beyondDefaults: 'it converts like real users; needs authorize, a captcha on elevated starts, which a surge asks',
    attack: (n, random) => ({ to: randomNumber(random, 'GH', SMS, PUMPED_PREFIX), channel: 'sms', forwardedFor: `198.51.100.${(n % 50) + 1}`, verifies: true }),
  },
  ...([0.5, 1] as const).flatMap((share) =>
    ([false, true] as const).map((captcha): AbuseScenario => ({
      name: `a pump that verifies ${share === 1 ? 'every code' : 'half its codes'} (numbers it owns in one Ghana million-block, 50 addresses, 2 a minute)${captcha ? ', app with an authorize hook asking a captcha when elevated' : ''}`,
      days: 1,
      upstream: 'verify-api',
      adapter: { trustProxy: 1 },
      attacksPerMinute: 2,
      ...(captcha
        ? { handlerOptions: captchaWhenElevated, costGoal: false, user: (n: number, random: () => number) => ({ ...coveredUser(COVERED)(n, random), headers: { 'x-captcha': 'solved' } }) }
        : { beyondDefaults: 'it converts like real users; needs authorize, a captcha on elevated starts, which a surge asks', user: coveredUser(COVERED) }),
      attack: (n, random) => ({ to: randomNumber(random, 'GH', SMS, PUMPED_PREFIX), channel: 'sms', forwardedFor: `198.51.100.${(n % 50) + 1}`, verifies: share === 1 || n % 2 === 0 }),
    })),
  ),
  ...([false, true] as const).map((captcha): AbuseScenario => ({
    name: `a pump that verifies every code across all of Ghana's prefixes (a rogue aggregator on the route), 50 addresses, 10 a minute${captcha ? ', app with an authorize hook asking a captcha when elevated' : ''}`,
    days: 1,
    upstream: 'verify-api',
    adapter: { trustProxy: 1 },
    attacksPerMinute: 10,
    ...(captcha
      ? { handlerOptions: captchaWhenElevated, costGoal: false, user: (n: number, random: () => number) => ({ ...coveredUser(COVERED)(n, random), headers: { 'x-captcha': 'solved' } }) }
      : { beyondDefaults: 'it converts like real users in a country they use; needs authorize, a captcha on elevated starts, which a surge asks', user: coveredUser(COVERED) }),
    attack: (n, random) => ({ to: randomNumber(random, 'GH', SMS), channel: 'sms', forwardedFor: `198.51.100.${(n % 50) + 1}`, verifies: true }),
  })),
  {
    name: 'a residential botnet: a fresh IPv4 address per attempt (2,000 /16s), numbers spread over the 14 countries, nobody verifying (2 days)',
    beyondDefaults: 'every attempt is a clean new client; needs authorize, a captcha on elevated starts',
    days: 2,
    upstream: 'verify-api',
    adapter: { trustProxy: 1 },
    user: coveredUser(COVERED),
    attack: (n, random) => ({ to: randomNumber(random, pick(random, COVERED), SMS), channel: 'sms', forwardedFor: residential(n) }),
  },
  {
    name: 'the same botnet, app with an authorize hook asking a captcha when elevated (bots fail it)',
    days: 2,
    upstream: 'verify-api',
    adapter: { trustProxy: 1 },
    handlerOptions: captchaWhenElevated,
    costGoal: false,
    user: (n, random) => ({ ...coveredUser(COVERED)(n, random), headers: { 'x-captcha': 'solved' } }),
    attack: (n, random) => ({ to: randomNumber(random, pick(random, COVERED), SMS), channel: 'sms', forwardedFor: residential(n) }),
  },
  {
    name: 'store pressure: the botnet at 6 a minute, every attempt new keys (session, IP, number, prefix) in the memory store',
    beyondDefaults: 'every attempt is a clean new client; needs authorize, a captcha on elevated starts',
    days: 1,
    upstream: 'verify-api',
    adapter: { trustProxy: 1 },
    attacksPerMinute: 6,
    user: coveredUser(COVERED),
    attack: (n, random) => ({ to: randomNumber(random, pick(random, COVERED), SMS), channel: 'sms', forwardedFor: residential(n) }),
  },
  {
    name: 'mail bombing one mailbox from 50 addresses (every minute, 1 day; accepted = mails in the victim’s inbox)',
    days: 1,
    upstream: 'verify-api',
    adapter: { trustProxy: 1 },
    user: coveredUser(COVERED),
    attack: (n) => ({ to: n % 2 === 0 ? 'victim@example.org' : 'vic.tim+x@example.org', channel: 'email', forwardedFor: `198.51.100.${(n % 50) + 1}` }),
  },
  {
    name: 'codes to many mailboxes of one domain from 50 addresses (10 a minute, 1 day; accepted = mails to the domain)',
    days: 1,
    upstream: 'verify-api',
    adapter: { trustProxy: 1 },
    attacksPerMinute: 10,
    user: coveredUser(COVERED),
    attack: (n) => ({ to: `staff${n}@victim-corp.example`, channel: 'email', forwardedFor: `198.51.100.${(n % 50) + 1}` }),
  },
  {
    name: 'calls to mobiles of 20 far countries outside the high-risk list (Twilio, all countries, 50 addresses)',
    days: 1,
    upstream: 'twilio',
    adapter: { trustProxy: 1 },
    user: (n, random) => ({ to: randomNumber(random, 'GB', SMS, '+447400'), forwardedFor: `81.2.${Math.floor(n / 250) % 250}.${(n % 250) + 1}` }),
    attack: (n, random) => ({ to: randomNumber(random, pick(random, FAR_MOBILE), ['MOBILE', 'FIXED_LINE_OR_MOBILE']), channel: 'call', forwardedFor: `198.51.100.${(n % 50) + 1}` }),
  },
  {
    name: 'one address facing the Internet, forging Forwarded, X-Real-IP, two X-Forwarded-For headers and an 8 KB cookie',
    days: 1,
    upstream: 'verify-api',
    adapter: {},
    user: (n, random) => ({ to: randomNumber(random, pick(random, COVERED), SMS), localAddress: `127.0.${1 + (Math.floor(n / 250) % 250)}.${(n % 250) + 1}` }),
    attack: (n, random) => {
      const forged = `${1 + (n % 220)}.${Math.floor(random() * 255)}.${Math.floor(random() * 255)}.${1 + (n % 250)}`
      return {
        to: randomNumber(random, pick(random, COVERED), SMS),
        channel: 'sms',
        localAddress: '127.0.0.1',
        headers: { forwarded: `for=${forged};proto=https`, 'x-real-ip': forged, 'x-forwarded-for': [forged, `10.0.0.${n % 250}`], cookie: `junk=${'x'.repeat(8000)}` },
      }
    },
  },
  {
    name: 'behind one proxy: one kept session cookie replayed from 50 addresses',
    days: 1,
    upstream: 'verify-api',
    adapter: { trustProxy: 1 },
    user: coveredUser(COVERED),
    attack: (() => {
      const jar = new Map<string, string>()
      return (n, random) => ({ to: randomNumber(random, pick(random, COVERED), SMS), channel: 'sms', forwardedFor: `198.51.100.${(n % 50) + 1}`, jar })
    })(),
  },
]

/** The issue's scenarios, then session 8's. */
export const SCENARIOS: readonly AbuseScenario[] = [
  {
    name: 'one address, forged X-Forwarded-For, kept cookies (5 days)',
    days: 5,
    upstream: 'verify-api',
    // Facing the Internet with no trust setting, as the docs mount it.
    adapter: {},
    user: (n, random) => ({ to: randomNumber(random, pick(random, COVERED), SMS), localAddress: `127.0.${1 + (Math.floor(n / 250) % 250)}.${(n % 250) + 1}` }),
    attack: (() => {
      const jars = Array.from({ length: 200 }, () => new Map<string, string>())
      return (n, random) => ({
        to: randomNumber(random, 'GH', SMS),
        channel: 'sms',
        localAddress: '127.0.0.1',
        forwardedFor: `${1 + Math.floor(random() * 220)}.${Math.floor(random() * 255)}.${Math.floor(random() * 255)}.${1 + Math.floor(random() * 250)}`,
        jar: jars[n % jars.length],
      })
    })(),
  },
  {
    name: '50 IPv4 addresses, fresh sessions, 14 countries',
    days: 1,
    upstream: 'verify-api',
    adapter: { trustProxy: 1 },
    user: coveredUser(COVERED),
    attack: (n, random) => ({ to: randomNumber(random, pick(random, COVERED), SMS), channel: 'sms', forwardedFor: `198.51.100.${(n % 50) + 1}` }),
  },
  {
    name: 'one IPv6 /48 (every /56 and /64 of it)',
    days: 1,
    upstream: 'verify-api',
    adapter: { trustProxy: 1 },
    user: coveredUser(COVERED),
    attack: (n, random) => ({
      to: randomNumber(random, pick(random, COVERED), SMS),
      channel: 'sms',
      forwardedFor: `2001:db8:77:${(n % 256).toString(16)}${Math.floor(random() * 256).toString(16).padStart(2, '0')}::${(1 + Math.floor(random() * 65_000)).toString(16)}`,
    }),
  },
  {
    name: 'attacker-provoked Twilio errors (60605, 60223, e-mail)',
    days: 1,
    upstream: 'twilio',
    adapter: { trustProxy: 1 },
    user: (n, random) => ({ to: randomNumber(random, 'GB', SMS, '+447400'), forwardedFor: `81.2.${Math.floor(n / 250) % 250}.${(n % 250) + 1}` }),
    attack: (n, random) => {
      const kind = n % 3
      const forwardedFor = `198.51.100.${(n % 50) + 1}`
      if (kind === 0) return { to: randomNumber(random, 'GB', SMS, GEO_BLOCKED_PREFIX), channel: 'sms', forwardedFor }
      if (kind === 1) return { to: randomNumber(random, 'GB', SMS, '+447700'), channel: 'call', forwardedFor }
      return { to: `mallory${n}@example.com`, channel: 'email', forwardedFor }
    },
  },
  {
    name: 'pumping one prefix of Ghana while real users verify elsewhere',
    days: 1,
    upstream: 'verify-api',
    adapter: { trustProxy: 1 },
    user: coveredUser(COVERED.filter((c) => c !== 'GH')),
    attack: (n, random) => ({ to: randomNumber(random, 'GH', SMS, '+2332410'), channel: 'sms', forwardedFor: `198.51.100.${(n % 50) + 1}` }),
  },
  {
    name: 'pumping the very prefix real users are in (lockout check)',
    days: 1,
    upstream: 'verify-api',
    adapter: { trustProxy: 1 },
    user: (n, random) => ({ to: randomNumber(random, 'GH', SMS, '+23324100'), forwardedFor: `102.176.${Math.floor(n / 250) % 250}.${(n % 250) + 1}` }),
    attack: (n, random) => ({ to: randomNumber(random, 'GH', SMS, '+23324100'), channel: 'sms', forwardedFor: `198.51.100.${(n % 50) + 1}` }),
  },
  ...([1, 50] as const).map((addresses): AbuseScenario => ({
    name: `lockout of a known number: codes requested for it every minute from ${addresses === 1 ? 'one address' : `${addresses} addresses`} (2 days)`,
    days: 2,
    upstream: 'verify-api',
    adapter: { trustProxy: 1 },
    userEveryMinutes: 120,
    costGoal: false,
    // The owner, at some moment of the day, from wherever they are.
    user: (n) => ({ to: VICTIM, forwardedFor: `102.176.9.${(n % 250) + 1}` }),
    attack: (n) => ({ to: VICTIM, channel: 'sms', forwardedFor: `198.51.100.${(n % addresses) + 1}` }),
  })),
  {
    name: 'calls to fixed lines in high-risk regions (Twilio, all countries)',
    days: 1,
    upstream: 'twilio',
    adapter: { trustProxy: 1 },
    user: (n, random) => ({ to: randomNumber(random, 'GB', SMS, '+447400'), forwardedFor: `81.2.${Math.floor(n / 250) % 250}.${(n % 250) + 1}` }),
    attack: (n, random) => ({ to: randomNumber(random, pick(random, HIGH_RISK), ['FIXED_LINE', 'FIXED_LINE_OR_MOBILE']), channel: 'call', forwardedFor: `198.51.100.${(n % 50) + 1}` }),
  },
  slowPump(),
  // The same without the conversion guard: what the day budgets alone let through.
  slowPump({ conversionGuard: false }),
  ...NEW_SCENARIOS,
]
