/**
 * Destinations with a history of SMS pumping and international revenue share fraud, where a
 * verification code costs a lot and verifies little. Curated from the findings (SMS to
 * mobile ranges passed in all of them with Twilio's `countries: 'all'`), which match the regions
 * Twilio's own fraud guidance and geo-permission defaults flag. Refused when a handler's country
 * policy is `'all'` (its own or its provider's), until the app opens them (`openHighRiskCountries`)
 * or lists them in `countries`.
 */
export const HIGH_RISK_COUNTRIES: readonly string[] = [
  'AZ', 'BD', 'CU', 'DO', 'DZ', 'IL', 'IO', 'KG', 'LK', 'LT', 'LV', 'MA', 'NR', 'NU', 'OM',
  'PG', 'PK', 'PS', 'SA', 'AE', 'SB', 'SO', 'TJ', 'TK', 'TN', 'TV',
]
