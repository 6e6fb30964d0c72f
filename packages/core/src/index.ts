export * from './locales'
export * from './countries'
export * from './contract'
export * from './channel-info'
export * from './normalize-code'
export * from './clean-phone-input'
export * from './phone-types'
export * from './with-phone-metadata'
export * from './phone'
export * from './create-phone-helpers'
export * from './load-phone-regions'
export * from './load-phone-region-index'
export * from './load-country-aliases'
export * from './offered-phone-countries'
export type { PhoneRegionData } from './phone-region-data'
export * from './hakiki-error'
export * from './verification-adapter'
export * from './create-proxy-adapter'
export * from './rules'
export * from './fields'
// `export *`, not a named re-export: with a named one, esbuild put the phone region loaders (reached
// through this barrel by @hakiki/react's lazy region index) in the up-front chunk of every bundle that
// imports validateEmail, such as VerificationFlow's (apps/bench size budgets).
export * from './validate-email'
export * from './create-memory-adapter'
export * from './flow-state'
export {
  FLOW_EVENT_TYPES,
  FLOW_STATUSES,
  canResendAt,
  flowGuards,
  flowMachine,
  machine,
  type FlowActivity,
  type FlowAnnouncement,
  type FlowEffect,
  type FlowEventType,
  type FlowGuard,
  type FlowGuardName,
  type FlowMachineOptions,
  type FlowStateConfig,
  type FlowStep as FlowMachineStep,
} from './flow-machine'
export { canResend, secondsUntilExpiry, secondsUntilResend } from './flow-clock'
export { getVerification, transition } from './transition'
export * from './create-verification-flow'
export * from './connect-verification-flow'
