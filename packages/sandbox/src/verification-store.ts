/**
 * The sandbox's verifications are `@hakiki/engine`'s: one engine per owner (a client of the spec's
 * dialect, a service of Twilio's) over one in-memory store on the sandbox clock, delivering into the
 * sandbox's inbox (`sandbox-transport.ts`). The rules (codes, re-sends, attempts, expiry, races)
 * are the engine's, so the sandbox, `@hakiki/server` and an app running the engine behind its proxy
 * answer alike. What this file adds is the dialects' view of them, following Twilio Verify v2 where
 * the spec says "not shown":
 *
 * - create → `pending`; creating again for the same owner and address while one is pending re-sends
 *   the same code under the same id, at most `maxSends` sends in all (then 429);
 * - a correct code → `approved`, answered once; the verification is then gone, so Get and Verify
 *   answer 404 exactly as for an unknown id;
 * - the `maxChecks`-th wrong code → `cancelled` (a code of another length is wrong and spends no attempt);
 * - `codeTtlSeconds` after creation → `expired` (re-sends do not extend it);
 * - Twilio's update to `approved`/`canceled` ends it without a code, and it is then unknown (404).
 */
import { toLanguageTag, type ApiLocale, type Channel, type VerificationStatus } from '@hakiki/core'
import { createEngineProvider, type EngineProvider, type Transport } from '@hakiki/engine'
import { isProviderError, type ProviderCall, type ProviderVerification } from '@hakiki/provider'
import { createMemoryStore } from '@hakiki/store'
import type { SandboxClock } from './clock'
import type { ResolvedOptions } from './sandbox-options'
import { engineRefusal, notFound } from './engine-refusal'

/** The spec's Verification object. */
export interface VerificationData {
  to: string
  channel: Channel
  verificationId: string
  status: VerificationStatus
}

/** Result of {@link VerificationStore.start}. */
export interface StartResult {
  verification: VerificationData
  /** True when an existing pending verification was re-sent. */
  resent: boolean
}

/** The verifications of one sandbox, as both dialects use them. Owners never see each other's. */
export interface VerificationStore {
  /**
   * Creates a verification or re-sends the pending one for the same owner and address, and sends
   * its code. `appName` overrides the sandbox's in this message (Twilio's `CustomFriendlyName`).
   * @throws SandboxApiError 429 with `Retry-After` after `maxSends` sends.
   */
  start(owner: string, to: string, channel: Channel, locale: ApiLocale, appName?: string): Promise<StartResult>
  /** The verification as Get sees it. @throws SandboxApiError 404. */
  get(owner: string, id: string): Promise<VerificationData>
  /** Checks a code and returns the resulting state. @throws SandboxApiError 404. */
  check(owner: string, id: string, code: string): Promise<VerificationData>
  /**
   * Ends a pending verification without a code (Twilio's `Status=approved|canceled` update); it is
   * then unknown, as an approved one is. @throws SandboxApiError 404 when it is not pending.
   */
  finish(owner: string, id: string, status: 'approved' | 'cancelled'): Promise<VerificationData>
}

/** Shape of a verification id: Twilio's `VE` and 32 lowercase hex digits (the engine's ids). */
export const VERIFICATION_ID = /^VE[0-9a-f]{32}$/
/** Verifications kept at most (each is three records and two counters in the store). */
export const MAX_VERIFICATIONS = 10_000
/** Verifications ended by Twilio's update, remembered so they answer 404 (oldest forgotten first). */
const MAX_FINISHED = 10_000


const data = (v: ProviderVerification, status: VerificationStatus = v.status): VerificationData => ({ to: v.to, channel: v.channel, verificationId: v.id, status })

/** Creates the verifications of a sandbox: engines over one store, delivering through `transport`. */
export function createVerificationStore(options: ResolvedOptions, clock: SandboxClock, transport: Transport, secret: string): VerificationStore {
  const store = createMemoryStore({ now: () => clock.now(), maxRecords: MAX_VERIFICATIONS * 3, maxCounters: MAX_VERIFICATIONS * 2 })
  const settings = {
    secret,
    appName: options.appName,
    ...(options.autofillHost === undefined ? {} : { webOtpHost: options.autofillHost }),
    routes: [{ transport }],
    codeLength: options.codeLength,
    lifetimeSeconds: options.codeTtlSeconds,
    maxAttempts: options.maxChecks,
    maxSends: options.maxSends,
  }
  // One engine per owner: its keys live under the owner's prefix, so an id of one client is unknown
  // to another (404, no existence oracle) and two clients verifying one address get two verifications.
  // Owners are the configured clients and services only, so the map is bounded.
  const engines = new Map<string, EngineProvider>()
  const engineFor = (owner: string, appName?: string) => {
    const keyPrefix = `${owner}\u0000`
    // A per-request app name changes only the message's wording; the state is the owner's all the same.
    if (appName !== undefined && appName !== options.appName) return createEngineProvider({ ...settings, appName, keyPrefix })
    let engine = engines.get(owner)
    if (!engine) engines.set(owner, (engine = createEngineProvider({ ...settings, keyPrefix })))
    return engine
  }
  const finished = new Set<string>()
  const call = (now = clock.now()): ProviderCall => ({ store, clock: { now: () => now } })

  /** The API's answer to an engine refusal (`engineRefusal`, shared with `@hakiki/server`); anything else is rethrown (a 500). */
  const refusal = (error: unknown): never => {
    throw engineRefusal(error, options) ?? error
  }
  const lookup = (owner: string, id: string) => {
    if (!VERIFICATION_ID.test(id) || finished.has(`${owner}\u0000${id}`)) throw notFound()
    return engineFor(owner)
  }

  return {
    async start(owner, to, channel, locale, appName) {
      // One instant for the whole start: a verification it creates expires exactly one lifetime later.
      const now = clock.now()
      const started = await engineFor(owner, appName)
        .start({ to, channel, locale: toLanguageTag(locale) }, call(now))
        .catch(refusal)
      return { verification: data(started), resent: started.expiresAt !== now + options.codeTtlSeconds * 1000 }
    },
    async get(owner, id) {
      return data(await lookup(owner, id).status(id, call()).catch(refusal))
    },
    async check(owner, id, code) {
      const engine = lookup(owner, id)
      try {
        return data(await engine.check(id, code, call()))
      } catch (error) {
        // Out of attempts, or a code of another length (wrong, spending none): the state as it is.
        if (isProviderError(error) && (error.kind === 'max_attempts' || error.kind === 'invalid_code_format')) return data(await engine.status(id, call()).catch(refusal))
        return refusal(error)
      }
    },
    async finish(owner, id, status) {
      const ended = await lookup(owner, id).cancel!(id, call()).catch(refusal)
      finished.add(`${owner}\u0000${id}`)
      if (finished.size > MAX_FINISHED) finished.delete(finished.values().next().value!)
      return data(ended, status)
    },
  }
}
