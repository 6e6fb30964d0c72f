/**
 * The rules every package applies alike (the memory adapter, `@hakiki/proxy`, the sandbox): code
 * format and separators, e-mail addresses, E.164 bounds, masking, problem statuses. One place, so
 * the browser's stand-in, the server and the fake API cannot drift apart.
 */
export * from './code-format'
export * from './e164'
export * from './is-email-address'
export * from './mask-address'
export * from './problem-status'
export * from './verification-limits'
