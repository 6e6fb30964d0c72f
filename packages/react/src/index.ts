'use client'
/**
 * React bindings of Hakiki: TanStack Query hooks over the adapter of `@hakiki/core`, the flow
 * state machine as a hook, countdowns and WebOTP, the headless code and phone inputs, and the
 * observer that lets any input see the writes form libraries make behind React's back.
 * Nothing here touches `window` at import time; everything renders on the server.
 */
export * from './verification-provider'
export * from './use-verification-context'
export type { VerificationContextValue } from './verification-context'
export * from './query-keys'
export * from './use-start-verification'
export * from './use-check-code'
export * from './use-verification'
export * from './use-rates'
export type { CountdownSource } from './use-clock'
export * from './use-expiry-countdown'
export * from './use-resend-cooldown'
export * from './use-verification-flow'
export * from './use-web-otp'
export * from './use-code-input'
export * from './use-phone-input'
export * from './use-phone-countries'
// The phone field's country types live in @hakiki/core (plain modules of @hakiki/ui use them on the server); here for the hook's users.
export type { PhoneCountries, PhoneCountryCode } from '@hakiki/core'
export * from './use-email-input'
export * from './use-observed-input'
export * from './use-controllable-state'
export * from './use-latest-ref'
