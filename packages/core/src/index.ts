export * from './rules/locales'
export * from './phone/countries'
export * from './adapters/contract'
export * from './rules/channel-info'
export * from './fields/normalize-code'
export * from './phone/clean-phone-input'
export * from './phone/phone-types'
export * from './phone/with-phone-metadata'
export * from './phone/phone'
export * from './phone/create-phone-helpers'
export * from './phone/load-phone-regions'
export * from './phone/load-phone-region-index'
export * from './phone/load-country-aliases'
export * from './phone/region-names'
export * from './phone/load-country-search'
export * from './phone/offered-phone-countries'
export type { PhoneRegionData } from './phone/phone-region-data'
export * from './adapters/hakiki-error'
export * from './adapters/verification-adapter'
export * from './adapters/create-proxy-adapter'
export * from './rules'
export * from './fields'
// `export *`, not a named re-export: with a named one, esbuild put the phone region loaders (reached
// through this barrel by @hakiki/react's lazy region index) in the up-front chunk of every bundle that
// imports validateEmail, such as VerificationFlow's (apps/bench size budgets).
export * from './rules/validate-email'
export * from './adapters/create-memory-adapter'
export * from './flow/flow-state'
export {
  FLOW_EVENT_TYPES,
  FLOW_STATUSES,
  canResendAt,
  isFinalDelivery,
  flowGuards,
  flowMachine,
  machine,
  type FlowActivity,
  type FlowAnnouncement,
  type FinalDelivery,
  type FlowEffect,
  type FlowEventType,
  type FlowGuard,
  type FlowGuardName,
  type FlowMachineOptions,
  type FlowStateConfig,
  type FlowStep as FlowMachineStep,
} from './flow/flow-machine'
export { canResend, secondsUntilExpiry, secondsUntilResend } from './flow/flow-clock'
export { getVerification, transition } from './flow/transition'
export * from './flow/create-verification-flow'
export * from './flow/connect-verification-flow'
export { spokenAnnouncement } from './flow/flow-announcements'
