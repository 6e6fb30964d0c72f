import { parsePhoneNumber } from '@hakiki/core'

// Prefixes of mobile ranges of covered countries, completed by a counter: distinct per test, so
// the proxy's per-address limits and the sandbox's pending verifications never mix two tests.
const PREFIXES = { GH: '+23324', KE: '+2547', NG: '+234803', UG: '+25677' } as const
const LENGTHS = { GH: 7, KE: 8, NG: 7, UG: 7 } as const
let counter = 0

/** A fresh, valid mobile number of a covered country (checked, so a bad prefix fails loudly). */
export function freshPhone(country: keyof typeof PREFIXES = 'GH'): string {
  counter += 1
  const digits = String(1_000_000 + counter * 7919 + Math.floor(Math.random() * 1000)).padStart(LENGTHS[country], '1').slice(-LENGTHS[country])
  const e164 = `${PREFIXES[country]}${digits}`
  // The own-delivery demo's carrier cannot reach numbers ending in 0000 (server/demo-carrier.ts).
  if (e164.endsWith('0000')) return freshPhone(country)
  const parsed = parsePhoneNumber(e164)
  if (!parsed.isValid || !parsed.isCovered) throw new Error(`${e164} is not a valid covered number`)
  return e164
}

/** A fresh, valid number ending in 0000: the own-delivery demo's carrier reports SMS to it undelivered. */
export function unreachablePhone(country: keyof typeof PREFIXES = 'GH'): string {
  const e164 = `${freshPhone(country).slice(0, -4)}0000`
  const parsed = parsePhoneNumber(e164)
  if (!parsed.isValid || !parsed.isCovered) throw new Error(`${e164} is not a valid covered number`)
  return e164
}

/** A fresh e-mail address (lower case: the proxy lower-cases them anyway). */
export function freshEmail(): string {
  counter += 1
  return `ama.${counter}.${Math.floor(Math.random() * 1e6)}@example.com`
}
