/**
 * What a Worker and the store's Durable Object say to each other: one `POST` per store call to
 * `https://hakiki-store/<method>` with the method's argument as JSON; the object answers
 * `200 {"result": …}`, or `400 {"error": "TypeError", "message": …}` for arguments a caller got
 * wrong. Anything else is an outage.
 */

/** The store methods the object serves. */
export const STORE_METHODS = ['take', 'give', 'add', 'get', 'write'] as const

/** One of {@link STORE_METHODS}. */
export type StoreMethod = (typeof STORE_METHODS)[number]

/** The origin of the object's requests (never leaves the Cloudflare runtime). */
export const STORE_ORIGIN = 'https://hakiki-store'

/** The most bytes of a call's JSON the object reads. */
export const MAX_CALL_BYTES = 262_144
