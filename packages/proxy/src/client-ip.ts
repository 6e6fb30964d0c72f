import type { RequestView } from './request-view'

/**
 * The client IP as the server adapters saw it. A Fetch `Request` has no peer address, so it is
 * attached out of band: a header would do too, but any client could then send that header itself.
 * `setClientIp` (an app's `Request`) keeps it in a WeakMap keyed by the request; the `node:http`
 * and Express adapters, on the view or `Request` they made themselves, in symbol-keyed properties
 * (no WeakMap entry per request).
 */
const addresses = new WeakMap<object, string>()
const CLIENT_IP = Symbol('hakiki.clientIp')
const UNTRUSTED_FORWARDING = Symbol('hakiki.untrustedForwarding')

/** A request view or `Request` an adapter made, with what it saw of the client. */
interface AdapterView extends RequestView {
  [CLIENT_IP]?: string
  [UNTRUSTED_FORWARDING]?: true
}

/**
 * Records the client IP of `request` for per-IP limits. The `node:http` and Express adapters call
 * it; on other runtimes call it before the handler (Deno: `info.remoteAddr.hostname`).
 */
export function setClientIp(request: Request, ip: string): void {
  addresses.set(request, ip)
}

/** {@link setClientIp} for the adapters' request views (see `request-view.ts`). */
export function recordClientIp(request: RequestView, ip: string): void {
  ;(request as AdapterView)[CLIENT_IP] = ip
}

/**
 * Marks `request` as carrying `X-Forwarded-For` that no trust setting covers: the adapter then
 * records no IP (the socket's is the proxy's, shared by every user) and the handler says so once.
 */
export function markUntrustedForwarding(request: RequestView): void {
  ;(request as AdapterView)[UNTRUSTED_FORWARDING] = true
}

/** True when an adapter saw `X-Forwarded-For` on `request` with no trust setting. */
export function hasUntrustedForwarding(request: RequestView): boolean {
  return (request as AdapterView)[UNTRUSTED_FORWARDING] === true
}

/** The client IP an adapter recorded for `request`, if any. */
export function getAdapterClientIp(request: RequestView): string | undefined {
  // An app's `setClientIp` wins (it runs inside the handler, after the adapter recorded the socket's).
  return addresses.get(request) ?? (request as AdapterView)[CLIENT_IP]
}

/**
 * The key per-IP limits count under: an IPv4 address in its one canonical spelling (`041.066.1.2`
 * is `41.66.1.2`), an IPv6 address cut to its /56, because carriers hand each subscriber a /64 or
 * more (often a /56) and rotating within it would otherwise reset the counter. IPv4-mapped IPv6
 * (`::ffff:1.2.3.4`, `::ffff:2942:102`) counts as the IPv4 address.
 */
export function ipLimitKey(ip: string): string | undefined {
  // A client's address comes back on each of its requests, and parsing it is a dozen regular
  // expressions: remembered, as the keyed hashes of IPs are (an address is no secret to its own
  // client, and a client cannot make the server see another's). Bounded: many addresses only empty
  // it, and text longer than any address (what a header-reading hook may pass on) is not kept.
  if (limitKeys.has(ip)) return limitKeys.get(ip)
  const key = parseLimitKey(ip)
  if (ip.length > MAX_ADDRESS_TEXT) return key
  if (limitKeys.size >= MAX_REMEMBERED_LIMIT_KEYS) limitKeys.clear()
  limitKeys.set(ip, key)
  return key
}

const MAX_REMEMBERED_LIMIT_KEYS = 4096
/** `[` + an IPv6 address with an IPv4 tail and a zone + `]:65535`, with room to spare. */
const MAX_ADDRESS_TEXT = 80
const limitKeys = new Map<string, string | undefined>()

function parseLimitKey(ip: string): string | undefined {
  // Some proxies (Azure's) write a port after the address: `1.2.3.4:5678`, `[2001:db8::1]:443`.
  const withoutPort = ip.trim().replace(/^(\d{1,3}(?:\.\d{1,3}){3}):\d{1,5}$/, '$1').replace(/^\[([^\]]*)\]:\d{1,5}$/, '$1')
  const trimmed = withoutPort.replace(/%[^\]]*/, '').replace(/^\[|\]$/g, '')
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(trimmed)
  const v4 = mapped ? mapped[1] : trimmed
  if (v4 !== undefined && /^\d{1,3}(?:\.\d{1,3}){3}$/.test(v4)) {
    const octets = v4.split('.').map(Number)
    return octets.every((o) => o <= 255) ? octets.join('.') : undefined
  }
  const groups = expandIpv6(trimmed)
  if (!groups) return undefined
  // IPv4-mapped in hex (`::ffff:2942:102`): the IPv4 address, not the /64 all of them share.
  if (groups.slice(0, 5).every((g) => g === '0') && groups[5] === 'ffff') {
    const [high = 0, low = 0] = groups.slice(6).map((g) => Number.parseInt(g, 16))
    return [high >> 8, high & 255, low >> 8, low & 255].join('.')
  }
  // The /56: the first three groups and the high byte of the fourth.
  const fourth = (Number.parseInt(groups[3] ?? '0', 16) & 0xff00).toString(16)
  return `${groups.slice(0, 3).join(':')}:${fourth}::/56`
}

function expandIpv6(ip: string): string[] | undefined {
  if (!/^[0-9a-f:]+$/i.test(ip) || ip.split('::').length > 2) return undefined
  const [head = '', tail] = ip.split('::')
  const left = head === '' ? [] : head.split(':')
  const right = tail === undefined || tail === '' ? [] : tail.split(':')
  const missing = 8 - left.length - right.length
  if (tail === undefined ? missing !== 0 : missing < 1) return undefined
  const groups = [...left, ...Array<string>(missing).fill('0'), ...right]
  if (!groups.every((g) => /^[0-9a-f]{1,4}$/i.test(g))) return undefined
  return groups.map((g) => g.toLowerCase().replace(/^0+(?=.)/, ''))
}

/**
 * A `getClientIp` that reads a header your host sets and overwrites on every request, so a client
 * cannot write it: `clientIpFromHeader('cf-connecting-ip')` on Cloudflare, `'x-real-ip'` on Vercel,
 * `'x-nf-client-connection-ip'` on Netlify, `'fly-client-ip'` on Fly.io. Only a header the host
 * itself sets is safe; anything a client may send would let it pick its own rate-limit key.
 */
export function clientIpFromHeader(name: string): (request: Request) => string | undefined {
  const header = name.toLowerCase()
  return (request) => request.headers.get(header)?.split(',')[0]?.trim() || undefined
}

/**
 * A `getClientIp` for a Fetch mount behind `hops` reverse proxies you run, each appending the
 * address it saw to `X-Forwarded-For` (nginx `$proxy_add_x_forwarded_for`): the entry the outermost
 * one appended, the `hops`-th from the right. Entries further left are whatever the client wrote
 * and are never read; a request with fewer entries than `hops` did not come through them and gets
 * no address.
 */
export function forwardedClientIp(hops: number): (request: Request) => string | undefined {
  if (!Number.isInteger(hops) || hops < 1) throw new TypeError('forwardedClientIp: hops must be a positive integer')
  return (request) => {
    const entries = (request.headers.get('x-forwarded-for') ?? '').split(',').map((entry) => entry.trim())
    if (entries.length < hops) return undefined
    return entries[entries.length - hops] || undefined
  }
}
