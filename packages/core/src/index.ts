// Only `export *` here (public-api.test.ts checks it): a named re-export makes esbuild link this
// barrel itself into an app's bundle, and with code splitting every module the barrel imports then
// joins the up-front code wherever it is live at all: the phone region loaders, which the lazy
// region index uses, landed in a shared chunk VerificationFlow loaded up front (+2.5 kB gzip;
// issue 24). So each module re-exported here exports only public names (internals live in
// modules of their own, such as flow/client-time.ts), and the published index keeps the form
// (build-config's star-re-exports.js).
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
export * from './phone/with-country-search-deps'
export * from './phone/offered-phone-countries'
export type { PhoneRegionData } from './phone/phone-region-data'
export * from './adapters/hakiki-error'
export * from './adapters/verification-adapter'
export * from './adapters/create-proxy-adapter'
export * from './rules'
export * from './fields'
export * from './rules/validate-email'
export * from './rules/suggest-email-address'
export * from './flow/flow-state'
export * from './flow/flow-machine'
export * from './flow/flow-clock'
export * from './flow/transition'
export * from './flow/step-of'
export * from './flow/create-verification-flow'
export * from './flow/connect-verification-flow'
export * from './flow/flow-announcements'
