import { describe, expect, it } from 'vitest'
import * as core from './index'

describe('public exports of @hakiki/core', () => {
  it('exports the flow machine, its store and connect()', () => {
    expect(Object.keys(core)).toEqual(
      expect.arrayContaining(['flowMachine', 'flowGuards', 'machine', 'transition', 'canResendAt', 'createVerificationFlow', 'connectVerificationFlow', 'stepOf']),
    )
  })

  it('keeps internals out: the initial state builder, the server clock, the proxy error', () => {
    for (const name of ['initialFlowState', 'serverNow', 'ProxyError', 'VerificationFlow']) {
      expect(Object.keys(core)).not.toContain(name)
    }
  })
})
