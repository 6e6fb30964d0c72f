/**
 * Masks a phone number or e-mail address for logs: enough to tell two users apart while
 * debugging, not enough to contact them. The kit's one rule (`maskAddress` of `@hakiki/core`),
 * shared with the proxy: `+233241234567` → `+233*******67`, `ama.mensah@example.com` →
 * `a***@example.com`, anything else only its length.
 */
export { maskAddress } from '@hakiki/core'
