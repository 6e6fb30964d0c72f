/**
 * Chinese messages (`zh`): the API's `zh` is Mandarin in Simplified characters, the same as
 * `zh-CN`, so this module re-exports those rather than keep a second copy that would drift.
 * A bundler still gives `zh` its own tiny chunk that points at the `zh-CN` one.
 */
export { messages } from './messages-zh-CN'
