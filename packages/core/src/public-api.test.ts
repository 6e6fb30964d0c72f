import { readFileSync } from 'node:fs'
import { describe, expect, expectTypeOf, it } from 'vitest'
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

  it('types the flow\'s country as the phone field\'s: any region code, the covered 14 still literal', () => {
    // A field with countries="all" reports 'DE'; the flow stores it and hands it back without a cast.
    expectTypeOf<core.FlowBase['country']>().toEqualTypeOf<core.PhoneCountryCode | undefined>()
    expectTypeOf<'DE'>().toExtend<Extract<core.FlowEvent, { type: 'SET_COUNTRY' }>['country']>()
    expectTypeOf<'DE'>().toExtend<NonNullable<Extract<core.FlowEvent, { type: 'SET_ADDRESS' }>['country']>>()
    expectTypeOf<'DE'>().toExtend<NonNullable<core.VerificationFlowOptions['country']>>()
    expectTypeOf<ReturnType<core.VerificationFlowApi['getCountryProps']>['country']>().toEqualTypeOf<core.PhoneCountryCode | undefined>()
    expectTypeOf<ReturnType<core.VerificationFlowApi['getCountryProps']>['onCountryChange']>().parameter(0).toEqualTypeOf<core.PhoneCountryCode>()
    expectTypeOf<core.VerificationFlowApi['country']>().toEqualTypeOf<core.PhoneCountryCode | undefined>()
    expectTypeOf<Extract<core.PhoneCountryCode, 'GH'>>().toEqualTypeOf<'GH'>()
  })

  it('re-exports values with `export *` only, so that esbuild never links the barrel itself into a bundle', () => {
    // A named value re-export here (`export { isFinalDelivery } from …`) put the phone region loaders
    // in VerificationFlow's up-front code with esbuild (issue 24; see the comment in index.ts).
    const barrel = readFileSync(new URL('./index.ts', import.meta.url), 'utf8')
    const named = [...barrel.matchAll(/^export\s*\{([^}]*)\}\s*from/gm)].filter(([, list = '']) => list.split(',').some((name) => name.trim() !== '' && !name.trim().startsWith('type ')))
    expect(named.map(([statement]) => statement)).toEqual([])
  })
})

describe('@hakiki/core/rules, the servers\' light entry', () => {
  it('exports the same values as the barrel, and none of the phone metadata, adapters or flow machine', async () => {
    const rules = await import('./rules-entry')
    for (const [name, value] of Object.entries(rules)) expect([name, (core as Record<string, unknown>)[name]]).toEqual([name, value])
    expect(Object.keys(rules)).toEqual(expect.arrayContaining(['COUNTRIES', 'ALL_CHANNELS', 'PROBLEM_STATUS', 'PROBLEM_TYPE_BASE', 'toApiLocale', 'isE164', 'maskAddress', 'readSubmittedCode']))
    for (const name of ['flowMachine', 'createProxyAdapter', 'createPhoneHelpers', 'loadPhoneRegions', 'withCountrySearchDeps']) expect(Object.keys(rules)).not.toContain(name)
  })
})
