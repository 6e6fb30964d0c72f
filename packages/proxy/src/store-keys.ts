/**
 * Every key the proxy writes to its store, built here and nowhere else, so two roles can never
 * collide on a prefix and a reviewer sees the whole key space at once. Addresses, sessions and IPs
 * arrive as keyed hashes (`HandlerContext.keyOf`), never in clear.
 *
 * Two roles share the store: rate-limit **counters** (windowed, atomic increments) and
 * **verification records** (JSON documents updated with compare-and-set).
 *
 * One exception, under its own prefix `cg:`: the conversion guard's tallies and blocks are built by
 * `conversionKeys` in `conversion-guard.ts`, which is pure over the store port and usable alone.
 * They name number prefixes (a million numbers, no one's address) and countries in clear, so the
 * operator can read which destination is blocked.
 */
export const storeKeys = {
  // Verification records and what hangs off one verification.
  /** The record of verification `id` (JSON, compare-and-set). */
  record: (id: string) => `v:${id}`,
  /** The verification currently pending for an address. */
  addressVerification: (addressKey: string) => `d:${addressKey}`,
  /** Wrong-code attempts taken on verification `id`. */
  attempts: (id: string) => `vf:${id}`,
  /** Window in which the API was already asked about verification `id`. */
  statusAsked: (id: string) => `vg:${id}`,

  // Rate-limit counters.
  /** Resend cooldown gate of an address. */
  cooldown: (addressKey: string) => `cd:${addressKey}`,
  /** Code checks against an address. */
  checksPerAddress: (mailboxKey: string) => `cf:${mailboxKey}`,
  /** Sends from a client IP (hashed, IPv6 per /56). */
  sendsPerIp: (ipKey: string) => `si:${ipKey}`,
  /** Sends from clients without IP and cookie, all together. */
  sendsUnknownClient: () => 'su:unknown',
  /** Sends from one browser session. */
  sendsPerSession: (sessionKey: string) => `ss:${sessionKey}`,
  /** Sends to one mailbox or number from one client IP (hashed; `-` when none is known). */
  sendsPerDestination: (mailboxKey: string, ipKey: string) => `sd:${mailboxKey}.${ipKey}`,
  /** Sends to one mailbox or number from everyone. */
  sendsPerDestinationAll: (mailboxKey: string) => `sa:${mailboxKey}`,
  /** Sends through the handler in all. */
  sendsTotal: () => 'st:all',
  /** Unverified phone sends from a client IP (hashed), a day. */
  unverifiedPerIp: (ipKey: string) => `ui:${ipKey}`,
  /** Verified phone sends from a client IP (hashed), a day: each widens its unverified budget by one. */
  verifiedPerIp: (ipKey: string) => `vi:${ipKey}`,
  /** Unverified phone sends from an IPv6 /48 (hashed), a day. */
  unverifiedPerNetwork: (networkKey: string) => `un:${networkKey}`,
  /** Unverified sends to a number prefix (hashed), a day. */
  unverifiedPerPrefix: (prefixKey: string) => `up:${prefixKey}`,
  /** Unverified e-mail sends to a domain (hashed), a day. */
  unverifiedPerDomain: (domainKey: string) => `ue:${domainKey}`,
  /** E-mail sends to a domain (hashed), a day. */
  sentPerDomain: (domainKey: string) => `se:${domainKey}`,
  /** Unverified e-mail sends from a client IP (hashed), a day. */
  unverifiedEmailPerIp: (ipKey: string) => `uei:${ipKey}`,
  /** Verified e-mail sends from a client IP (hashed), a day: each widens its e-mail budget by one. */
  verifiedEmailPerIp: (ipKey: string) => `vei:${ipKey}`,
  /** Phone sends to a country, a day. */
  sentPerCountry: (country: string) => `sc:${country}`,
  /** Verified phone sends to a country, a day. */
  verifiedPerCountry: (country: string) => `vc:${country}`,
  /** Unverified spend in all, micro-USD, a day. */
  unverifiedMicros: () => 'um:all',
  /** Delivery reports received from a client IP (hashed), a minute. */
  reportsPerIp: (ipKey: string) => `rp:${ipKey}`,
  /** Upstream send failures of the whole handler (back-off after an outage). */
  upstreamFailures: () => 'uf:start',

  // Receipts.
  /** Uses of receipt `jti` (the replay guard). */
  receiptUse: (jti: string) => `jti:${jti}`,
} as const
