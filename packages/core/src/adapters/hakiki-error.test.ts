import { describe, expect, it } from 'vitest'
import { ERROR_CODES } from './contract'
import { HakikiError, isHakikiError } from './hakiki-error'

describe('HakikiError.fromProblem', () => {
  it.each(ERROR_CODES)('keeps the proxy code %s', (code) => {
    const error = HakikiError.fromProblem({ type: `https://hakiki.dev/problems/${code}`, title: 'T', status: 400, code }, 400)
    expect(error.code).toBe(code)
    expect(error.status).toBe(400)
  })

  it('reads detail, retryAfter and attemptsLeft', () => {
    const error = HakikiError.fromProblem({ code: 'rate_limited', title: 'Slow down', detail: 'Wait a minute', retryAfter: 42, attemptsLeft: 3 }, 429)
    expect(error).toMatchObject({ code: 'rate_limited', detail: 'Wait a minute', message: 'Wait a minute', retryAfter: 42, attemptsLeft: 3 })
    expect(error).toBeInstanceOf(Error)
    expect(error.name).toBe('HakikiError')
  })

  it('takes retryAfter from the header when the body has none', () => {
    expect(HakikiError.fromProblem({ code: 'rate_limited' }, 429, '17').retryAfter).toBe(17)
    expect(HakikiError.fromProblem({ code: 'rate_limited' }, 429, 'Wed, 21 Oct 2015 07:28:00 GMT').retryAfter).toBeUndefined()
  })

  it.each([
    [{ code: 'brand_new_code' }, 429, 'rate_limited'],
    [undefined, 503, 'upstream_unavailable'],
    ['<html>Bad gateway</html>', 502, 'upstream_unavailable'],
    [null, 500, 'upstream_error'],
    [{ message: 'Not found' }, 404, 'invalid_response'],
    [[1, 2], 400, 'invalid_response'],
  ])('codes %j with status %i as %s', (body, status, code) => {
    expect(HakikiError.fromProblem(body, status).code).toBe(code)
  })

  it('ignores fields of the wrong type', () => {
    const error = HakikiError.fromProblem({ code: 'too_many_attempts', detail: 5, retryAfter: '10', attemptsLeft: -1 }, 429)
    expect(error).toMatchObject({ code: 'too_many_attempts', detail: undefined, retryAfter: undefined, attemptsLeft: undefined })
  })
})

describe('isHakikiError', () => {
  it('narrows, optionally to one code', () => {
    const error: unknown = new HakikiError('expired')
    expect(isHakikiError(error)).toBe(true)
    expect(isHakikiError(error, 'expired')).toBe(true)
    expect(isHakikiError(error, 'not_found')).toBe(false)
    expect(isHakikiError(new Error('expired'))).toBe(false)
  })
  it('recognises what the constructor made, a subclass\'s too, and nothing that only looks like it', () => {
    class Refused extends HakikiError {}
    expect(isHakikiError(new Refused('forbidden'), 'forbidden')).toBe(true)
    expect(isHakikiError(HakikiError.fromProblem({ code: 'expired' }, 410), 'expired')).toBe(true)
    const lookalike = Object.assign(new Error('x'), { name: 'HakikiError', code: 'expired' })
    for (const value of [lookalike, { name: 'HakikiError', code: 'expired' }, { ...new HakikiError('expired') }, JSON.parse(JSON.stringify(new HakikiError('expired'))), null, undefined, 'expired', 0]) {
      expect(isHakikiError(value)).toBe(false)
    }
    // Nothing is added to the error itself: its own fields and JSON are as they were.
    expect(Reflect.ownKeys(new HakikiError('expired')).toSorted()).toEqual(['attemptsLeft', 'code', 'detail', 'message', 'name', 'retryAfter', 'stack', 'status'])
    expect(JSON.stringify(new HakikiError('expired'))).toBe(JSON.stringify({ name: 'HakikiError', code: 'expired' }))
  })
})
