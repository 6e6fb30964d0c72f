import { describe, expect, it } from 'vitest'
import { parseSmsRates, parseVerificationResult } from './parse-envelope'

const verification = {
  verificationId: 'VE0123456789abcdef0123456789abcdef',
  to: '+233241234567',
  channel: 'sms',
  status: 'pending',
}
const envelope = (data: unknown) => ({
  statusCode: '200',
  statusMessage: 'OK',
  data,
  transactionId: 'tx-1',
})

const statusOf = (status: string) =>
  parseVerificationResult(envelope({ ...verification, status }))?.verification.status

describe('parseVerificationResult', () => {
  it('reads the envelope and its verification', () => {
    expect(parseVerificationResult(envelope(verification))).toEqual({
      verification,
      statusCode: '200',
      statusMessage: 'OK',
      transactionId: 'tx-1',
    })
  })

  it("maps Twilio's spellings and terminal states onto the spec's four statuses", () => {
    expect(statusOf('APPROVED')).toBe('approved')
    expect(statusOf('canceled')).toBe('cancelled')
    expect(statusOf('max_attempts_reached')).toBe('cancelled')
    expect(statusOf('expired')).toBe('expired')
    expect(statusOf('sleeping')).toBeUndefined()
  })

  it('accepts a numeric statusCode and missing envelope scalars', () => {
    const result = parseVerificationResult({ statusCode: 201, data: verification })
    expect(result).toMatchObject({ statusCode: '201', statusMessage: '', transactionId: '' })
  })

  it.each([
    ['no body', undefined],
    ['an array', [verification]],
    ['no data', { statusCode: '200' }],
    ['data not an object', envelope('pending')],
    ['an empty id', envelope({ ...verification, verificationId: '' })],
    ['an unknown channel', envelope({ ...verification, channel: 'whatsapp' })],
    ['no to', envelope({ ...verification, to: undefined })],
  ])('rejects %s', (_label, body) => {
    expect(parseVerificationResult(body)).toBeUndefined()
  })
})

describe('parseSmsRates', () => {
  const ghana = { name: 'Ghana', code: '233', fee: '0.0450' }
  const kenya = { name: 'Kenya', code: 254, fee: 0.05 }

  it('reads a list of countries, turning numbers into strings', () => {
    expect(parseSmsRates(envelope({ supportedCountries: [ghana, kenya] }))?.countries).toEqual([
      ghana,
      { name: 'Kenya', code: '254', fee: '0.05' },
    ])
  })

  it('turns a single country object into a list of one', () => {
    expect(parseSmsRates(envelope({ supportedCountries: ghana }))?.countries).toEqual([ghana])
  })

  it('rejects a missing list or an entry without a fee', () => {
    expect(parseSmsRates(envelope({}))).toBeUndefined()
    expect(parseSmsRates(envelope({ supportedCountries: [ghana, { name: 'Togo', code: '228' }] }))).toBeUndefined()
  })
})
