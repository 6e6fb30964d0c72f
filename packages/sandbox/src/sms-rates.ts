/**
 * Sandbox SMS fees per covered country, from `data/sms-rates.json`. These are made-up values for
 * development; the live API's rate endpoint is the only source of real prices.
 */
import { COUNTRIES, type CountryCode } from '@hakiki/core'
import rates from './data/sms-rates.json' with { type: 'json' }

/** One entry of the rate endpoint's `supportedCountries`. */
export interface SupportedCountry {
  /** Country name. */
  name: string
  /** Dialing code without `+` (`"234"`). */
  code: string
  /** USD per SMS verification, as a decimal string (`"0.0250"`). */
  fee: string
}

const fees: Record<string, string | undefined> = rates.fees

/** The rate endpoint's list: the 14 covered countries in the spec's order. */
export const SUPPORTED_COUNTRIES: readonly SupportedCountry[] = COUNTRIES.map((c) => ({
  name: c.name,
  code: c.dialCode,
  fee: fees[c.iso2] ?? '0.0000',
}))

/** Sandbox SMS fee (USD string) to a covered country. */
export function smsFee(country: CountryCode): string {
  return fees[country] ?? '0.0000'
}
