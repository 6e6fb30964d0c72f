import type { ErrorCode } from '../adapters/contract'

/**
 * The HTTP status of each problem code, as the proxy answers and the memory adapter imitates:
 * one table, so a new code gets its status in one place.
 */
export const PROBLEM_STATUS: Readonly<Record<ErrorCode, number>> = {
  invalid_request: 400,
  invalid_phone_number: 400,
  invalid_email: 400,
  unsupported_country: 400,
  unsupported_number_type: 400,
  unsupported_channel: 400,
  unsupported_locale: 400,
  invalid_code_format: 400,
  rate_limited: 429,
  not_found: 404,
  expired: 410,
  too_many_attempts: 429,
  forbidden_origin: 403,
  forbidden: 403,
  upstream_unavailable: 503,
  upstream_error: 502,
  store_unavailable: 503,
}
