// Type tests of the public API. `expectTypeOf` does nothing at run time: these assertions are
// checked by `tsc` (`pnpm --filter @hakiki/react typecheck`), where a wrong type fails the build.
import type {
  CheckCodeResponse,
  CountryCode,
  FlowCommand,
  FlowState,
  HakikiError,
  RatesResponse,
  SentVerification,
  StartVerificationRequest,
  StartVerificationResponse,
  VerificationAdapter,
  VerificationFlowApi,
  VerificationStatusResponse,
} from '@hakiki/core'
import type { QueryClient, UseMutationResult, UseQueryResult } from '@tanstack/react-query'
import type { ReactNode, RefCallback } from 'react'
import { readFileSync } from 'node:fs'
import { describe, expect, expectTypeOf, it } from 'vitest'
import * as kit from './index'

describe('public types', () => {
  it('types the mutations with HakikiError', () => {
    expectTypeOf(kit.useStartVerification).returns.toEqualTypeOf<UseMutationResult<StartVerificationResponse, HakikiError, StartVerificationRequest>>()
    expectTypeOf(kit.useCheckCode).returns.toEqualTypeOf<UseMutationResult<CheckCodeResponse, HakikiError, kit.CheckCodeVariables>>()
    expectTypeOf<kit.CheckCodeVariables>().toEqualTypeOf<{ id: string; code: string }>()
    expectTypeOf<kit.UseStartVerificationOptions>().not.toHaveProperty('mutationFn')
  })

  it('types the queries with HakikiError', () => {
    expectTypeOf(kit.useVerification).parameter(0).toEqualTypeOf<string | undefined>()
    expectTypeOf(kit.useVerification).returns.toEqualTypeOf<UseQueryResult<VerificationStatusResponse, HakikiError>>()
    expectTypeOf(kit.useRates).returns.toEqualTypeOf<UseQueryResult<RatesResponse, HakikiError>>()
  })

  it('types the provider props', () => {
    expectTypeOf<kit.VerificationProviderProps>().toEqualTypeOf<{
      adapter: VerificationAdapter
      queryClient?: QueryClient
      now?: () => number
      children?: ReactNode
    }>()
  })

  it('types the countdowns and the flow', () => {
    expectTypeOf(kit.useExpiryCountdown).parameter(0).toEqualTypeOf<SentVerification | StartVerificationResponse | undefined>()
    expectTypeOf(kit.useExpiryCountdown).returns.toEqualTypeOf<{ secondsLeft: number; isExpired: boolean }>()
    expectTypeOf(kit.useResendCooldown).returns.toEqualTypeOf<{ secondsLeft: number; canResend: boolean }>()
    expectTypeOf<kit.UseVerificationFlowResult['state']>().toEqualTypeOf<FlowState>()
    expectTypeOf<kit.UseVerificationFlowResult['send']>().toEqualTypeOf<(command: FlowCommand) => void>()
    expectTypeOf<kit.UseVerificationFlowResult['getAddressInputProps']>().returns.toHaveProperty('data-state')
    // The hook returns core's connect() API, not a copy of it.
    expectTypeOf<kit.UseVerificationFlowResult>().toExtend<VerificationFlowApi>()
    expectTypeOf<kit.UseVerificationFlowOptions['onStateChange']>().toEqualTypeOf<((state: FlowState) => void) | undefined>()
    expectTypeOf<kit.UseVerificationFlowOptions['state']>().toEqualTypeOf<FlowState | undefined>()
    expectTypeOf(kit.useWebOTP).returns.toEqualTypeOf<{ isSupported: boolean | undefined }>()
  })

  it('names every hook result one way: Use<Hook>Result', () => {
    expectTypeOf(kit.useCodeInput).returns.toEqualTypeOf<kit.UseCodeInputResult>()
    expectTypeOf(kit.usePhoneInput).returns.toEqualTypeOf<kit.UsePhoneInputResult>()
    expectTypeOf(kit.useEmailInput).returns.toEqualTypeOf<kit.UseEmailInputResult>()
    expectTypeOf(kit.useExpiryCountdown).returns.toEqualTypeOf<kit.UseExpiryCountdownResult>()
    expectTypeOf(kit.useResendCooldown).returns.toEqualTypeOf<kit.UseResendCooldownResult>()
    expectTypeOf(kit.useWebOTP).returns.toEqualTypeOf<kit.UseWebOTPResult>()
    expectTypeOf(kit.useVerificationFlow).returns.toEqualTypeOf<kit.UseVerificationFlowResult>()
  })

  it('types the input observer by the property it observes', () => {
    expectTypeOf(kit.useObservedInput).returns.toEqualTypeOf<RefCallback<HTMLInputElement>>()
    expectTypeOf<NonNullable<kit.UseObservedInputOptions['accept']>>().parameter(0).toEqualTypeOf<string>()
    expectTypeOf<NonNullable<kit.UseObservedInputOptions<'checked'>['accept']>>().parameter(0).toEqualTypeOf<boolean>()
  })

  it('widens the phone field to every country without losing the covered codes', () => {
    // The 14 stay literal members (what editors autocomplete); any other region code is accepted.
    expectTypeOf<CountryCode>().toExtend<kit.PhoneCountryCode>()
    expectTypeOf<'DE'>().toExtend<kit.PhoneCountryCode>()
    expectTypeOf<Extract<kit.PhoneCountryCode, 'GH'>>().toEqualTypeOf<'GH'>()
    expectTypeOf<'all'>().toExtend<NonNullable<kit.UsePhoneInputOptions['countries']>>()
    expectTypeOf<readonly CountryCode[]>().toExtend<NonNullable<kit.UsePhoneInputOptions['countries']>>()
    expectTypeOf<kit.UsePhoneInputResult['isLoading']>().toEqualTypeOf<boolean>()
    expectTypeOf<'unavailable'>().toExtend<kit.PhoneInputError>()
    expectTypeOf(kit.usePhoneCountries).returns.toEqualTypeOf<readonly kit.PhoneCountryCode[]>()
    // The flow takes and reports what the field gives, with no cast.
    expectTypeOf<'DE'>().toExtend<NonNullable<kit.UseVerificationFlowOptions['country']>>()
    expectTypeOf<ReturnType<typeof kit.useVerificationFlow>['country']>().toEqualTypeOf<kit.PhoneCountryCode | undefined>()
  })

  it('keeps the query keys as literal tuples', () => {
    expectTypeOf(kit.hakikiKeys.verification).returns.toEqualTypeOf<readonly ['hakiki', 'verification', string]>()
    expectTypeOf(kit.hakikiKeys.rates).returns.toEqualTypeOf<readonly ['hakiki', 'rates']>()
  })

  it('re-exports values with `export *` only, so that esbuild never links the barrel itself into a bundle', () => {
    // A named value re-export makes esbuild (with code splitting) put every module this barrel
    // imports into the up-front code wherever it is live: the lazy steps' hooks of VerificationFlow
    // (issue 24; see the comment in @hakiki/core's index.ts).
    const barrel = readFileSync(new URL('./index.ts', import.meta.url), 'utf8')
    const named = [...barrel.matchAll(/^export\s*\{([^}]*)\}\s*from/gm)].filter(([, list = '']) => list.split(',').some((name) => name.trim() !== '' && !name.trim().startsWith('type ')))
    expect(named.map(([statement]) => statement)).toEqual([])
  })
})
