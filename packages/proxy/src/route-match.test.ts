import { describe, expect, it } from 'vitest'
import { matchRoute } from './route-match'

describe('matchRoute', () => {
  it('takes the prefix as the base when no basePath is set', () => {
    expect(matchRoute('/api/verify/verifications', '')).toEqual({ route: 'start', base: '/api/verify', methods: ['POST'] })
    expect(matchRoute('/verifications/VE1/check', '')).toEqual({ route: 'check', base: '', id: 'VE1', methods: ['POST'] })
    expect(matchRoute('/x/verifications/VE1', '')).toMatchObject({ route: 'status', id: 'VE1', base: '/x' })
    expect(matchRoute('/x/rates', '')).toMatchObject({ route: 'rates', base: '/x' })
  })

  it('with a basePath, serves only the paths right under it', () => {
    expect(matchRoute('/api/verify/rates', '/api/verify')).toMatchObject({ route: 'rates' })
    expect(matchRoute('/other/rates', '/api/verify')).toBeUndefined()
    expect(matchRoute('/api/verify/x/rates', '/api/verify')).toBeUndefined()
  })

  it('matches nothing else', () => {
    for (const path of ['/', '/x;Path=/verifications', '/a,b/rates', '/verification', '/verifications/', '/verifications/a/b', '/rates/x']) {
      expect({ path, match: matchRoute(path, '') }).toEqual({ path, match: undefined })
    }
  })
})
