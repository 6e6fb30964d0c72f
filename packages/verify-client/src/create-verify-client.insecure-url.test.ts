import { describe, expect, it } from 'vitest'
import { createVerifyClient } from './create-verify-client'

const base = { clientId: 'id', clientSecret: 'secret' }

describe('createVerifyClient baseUrl scheme', () => {
  it('refuses http: outside loopback: the client secret would cross the network in clear', () => {
    for (const baseUrl of ['http://api.example.com', 'http://10.0.0.5:4010', 'http://[2001:db8::1]']) {
      expect(() => createVerifyClient({ ...base, baseUrl })).toThrow(/https:/)
    }
  })

  it('accepts https: anywhere and http: on loopback (a local sandbox)', () => {
    for (const baseUrl of ['https://api.example.com', 'http://127.0.0.1:4010', 'http://localhost:4010', 'http://[::1]:4010']) {
      expect(() => createVerifyClient({ ...base, baseUrl })).not.toThrow()
    }
  })
})
