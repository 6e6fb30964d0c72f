/**
 * Conformance of `GET /verify/v1/identity/sms/rate`, and the sandbox rate data file.
 */
import { COUNTRIES } from '@hakiki/core'
import { describe, expect, test } from 'vitest'
import { createSandbox } from '../src/create-sandbox'
import rates from '../src/data/sms-rates.json' with { type: 'json' }
import { call, getToken } from './support'

describe('rates', () => {
  test('answers the envelope with the 14 covered countries as a list of name, dialing code and USD fee', async () => {
    const s = createSandbox()
    const response = await call(s, 'GET', '/verify/v1/identity/sms/rate', { token: await getToken(s) })
    expect(response.status).toBe(200)
    const body = (await response.json()) as { statusCode: string; transactionId: string; data: { supportedCountries: Array<Record<string, unknown>> } }
    expect(Object.keys(body).toSorted()).toEqual(['data', 'statusCode', 'statusMessage', 'transactionId'])
    expect(body.statusCode).toBe('200')
    expect(Object.keys(body.data)).toEqual(['supportedCountries'])
    const list = body.data.supportedCountries
    expect(list).toHaveLength(14)
    list.forEach((entry, i) => {
      const country = COUNTRIES[i]!
      expect(Object.keys(entry).toSorted()).toEqual(['code', 'fee', 'name'])
      expect(entry).toEqual({ name: country.name, code: country.dialCode, fee: (rates.fees as Record<string, string>)[country.iso2] })
      expect(entry.code).toMatch(/^[1-9][0-9]{0,2}$/)
      expect(entry.fee).toMatch(/^[0-9]+\.[0-9]{4}$/)
    })
  })

  test('the data file prices exactly the covered countries and says its values are sandbox values', () => {
    expect(Object.keys(rates.fees).toSorted()).toEqual(COUNTRIES.map((c) => c.iso2).toSorted())
    expect(rates.currency).toBe('USD')
    expect(rates.$comment).toMatch(/SANDBOX VALUES/)
    for (const fee of Object.values(rates.fees)) expect(Number(fee)).toBeGreaterThan(0)
  })
})
