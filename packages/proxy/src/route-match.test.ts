import { describe, expect, it } from 'vitest'
import { matchRoute, pathnameOf } from './route-match'

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

describe('pathnameOf', () => {
  it("is the URL parser's pathname for every serialised request URL", () => {
    const urls = [
      'http://a.example/api/verify/verifications',
      'https://a.example:8443/x/verifications/VE1/check?y=1#z',
      'http://127.0.0.1:3000/rates?next=/verifications',
      'http://[::1]:3000/a/rates#frag?x',
      'http://a.example/p%20q/a@b:c/rates',
      'http://a.example?x=/y',
      'http://a.example',
      'https://a.example/%2e%2e/verifications',
    ]
    for (const url of urls) {
      const serialised = new Request(url).url
      expect({ url, path: pathnameOf(serialised) }).toEqual({ url, path: new URL(serialised).pathname })
    }
  })
})
