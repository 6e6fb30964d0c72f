/**
 * Which countries a handler accepts: the `countries` option when given, else the provider's
 * coverage. An explicit option wins outright, and may also name countries beyond the provider's
 * declared coverage: that coverage is a snapshot in code, while the service's real reach moves
 * (the API adds a country; a Twilio service's geo-permissions are set in its console), so the
 * operator's list is the better-informed one. Widening is logged once at creation, since for a
 * provider that means what it declares it only buys refused upstream calls. Either way the
 * number-type policy (toll fraud) still applies to every accepted country.
 */
import type { ProxyLogger } from './events'
import { HIGH_RISK_COUNTRIES } from './high-risk-countries'
import { createCountryCheck, type CountryCheck, type CountryPolicy } from './validate'
import type { VerifyProvider } from './verify-provider'

/**
 * The handler's country check, from its option and its provider; throws at creation on an unknown
 * code. Where the policy is `'all'` (the option's, or a provider that reaches every country), the
 * curated {@link HIGH_RISK_COUNTRIES} stay closed except those in `openHighRisk`: toll fraud
 * through ordinary numbers passed in every one of them.
 */
export function resolveCountryCheck(
  option: CountryPolicy | undefined,
  provider: VerifyProvider,
  log: Required<ProxyLogger>,
  openHighRisk: readonly string[] = [],
): CountryCheck {
  const open = createCountryCheck(openHighRisk, 'openHighRiskCountries')
  const closed = new Set(HIGH_RISK_COUNTRIES.filter((code) => !open(code)))
  const withoutHighRisk = (check: CountryCheck): CountryCheck => (iso2) => !closed.has(iso2) && check(iso2)
  const coverage = provider.countries
  const coverageCheck = createCountryCheck(coverage, `provider "${provider.name}" countries`)
  if (option === undefined) return coverage === 'all' ? withoutHighRisk(coverageCheck) : coverageCheck
  const check = option === 'all' ? withoutHighRisk(createCountryCheck(option)) : createCountryCheck(option)
  if (coverage !== undefined && coverage !== 'all') {
    const beyond = option === 'all' ? ['all'] : option.filter((code) => !coverageCheck(code))
    if (beyond.length > 0) {
      log.warn('countries option goes beyond the provider\'s declared coverage; the provider may refuse these numbers', { provider: provider.name, countries: beyond.join(',') })
    }
  }
  return check
}
