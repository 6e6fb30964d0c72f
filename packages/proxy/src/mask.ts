/**
 * Masking of personal data for logs and events. Phone numbers and e-mail addresses are personal
 * data; a log line needs enough to correlate ("a Ghanaian number ending in 67"), never the address.
 * The rule is the kit's one (`maskAddress` of `@hakiki/core`), shared with the sandbox.
 */
export { maskAddress } from '@hakiki/core/rules'
