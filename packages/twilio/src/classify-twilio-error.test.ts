import { describe, expect, it } from 'vitest'
import { classifyTwilioError, type TwilioFailure } from './classify-twilio-error'

describe('classifyTwilioError', () => {
  const cases: Array<[TwilioFailure, string]> = [
    [{ operation: 'check', status: 429, code: 60202 }, 'max_attempts'],
    [{ operation: 'start', status: 429, code: 60203 }, 'max_sends'],
    [{ operation: 'start', status: 403, code: 60410 }, 'fraud_blocked'],
    [{ operation: 'start', status: 400, code: 21408 }, 'unsupported_country'],
    [{ operation: 'start', status: 400, code: 60200, message: 'Invalid parameter: To', channel: 'sms' }, 'invalid_phone_number'],
    [{ operation: 'start', status: 400, code: 60200, message: 'Invalid parameter `To`: +1555', channel: 'email' }, 'invalid_email'],
    [{ operation: 'start', status: 400, code: 60200, message: 'Invalid parameter: Locale' }, 'unsupported_locale'],
    [{ operation: 'start', status: 400, code: 60200, message: 'Invalid parameter: Channel' }, 'unsupported_channel'],
    [{ operation: 'start', status: 400, code: 60200, message: 'Invalid parameter: CustomFriendlyName' }, 'misconfigured'],
    [{ operation: 'start', status: 403, code: 60605 }, 'unsupported_country'],
    [{ operation: 'start', status: 400, code: 60217 }, 'unsupported_channel'],
    [{ operation: 'start', status: 400, code: 60223 }, 'unsupported_channel'],
    [{ operation: 'check', status: 400, code: 60200, message: 'Invalid parameter: Code' }, 'invalid_code_format'],
    [{ operation: 'check', status: 404, code: 20404 }, 'not_found'],
    [{ operation: 'status', status: 404 }, 'not_found'],
    [{ operation: 'start', status: 404, code: 20404 }, 'misconfigured'],
    [{ operation: 'status', status: 429, code: 20429 }, 'rate_limited'],
    [{ operation: 'start', status: 429 }, 'rate_limited'],
    [{ operation: 'start', status: 401, code: 20003 }, 'misconfigured'],
    [{ operation: 'start', status: 403 }, 'misconfigured'],
    [{ operation: 'start', status: 503 }, 'unavailable'],
    [{ operation: 'check', status: 500, code: 20500 }, 'unavailable'],
  ]
  it.each(cases)('%j → %s', (failure, kind) => {
    expect(classifyTwilioError(failure)).toBe(kind)
  })
})
