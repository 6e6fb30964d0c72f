/** How many reverse proxies you run in front of the app (`HAKIKI_TRUSTED_PROXIES`, default 0). */
export function trustedProxies(env: Record<string, string | undefined> = process.env): number {
  const hops = Number(env.HAKIKI_TRUSTED_PROXIES ?? '0')
  return Number.isInteger(hops) && hops > 0 ? hops : 0
}

/**
 * The client IP behind `hops` reverse proxies that each append the address they saw to
 * `X-Forwarded-For`: the entry the outermost one appended, the `hops`-th from the right. Entries
 * further left are whatever the client wrote, and are never read.
 */
export function forwardedFor(request: Request, hops: number): string | undefined {
  const entries = request.headers.get('x-forwarded-for')?.split(',') ?? []
  if (hops < 1 || entries.length < hops) return undefined
  return entries.at(-hops)?.trim() || undefined
}
