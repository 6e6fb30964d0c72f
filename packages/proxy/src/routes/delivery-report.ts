/**
 * `POST {base}/reports/{transport}`: a gateway's delivery report (its webhook), handed to the
 * provider's `deliveryReport` with the request's store and clock, and its answer sent back to the
 * gateway as is. The gateway is no browser: no origin or session check (the provider
 * authenticates each report: a signature, a secret in the callback URL). Bounded all the same: a
 * body of at most 64 KiB arriving within `bodyTimeoutMs`, and a cap per client IP
 * (`limits.deliveryReportsPerIpPerMinute`), so the route
 * cannot be used to flood the store or the provider's checks.
 */
import { ipLimitKey } from '../client-ip'
import type { HandlerContext, RequestState } from '../handler-context'
import { providerCall, reportUpstreamFailure } from '../handler-context'
import { ProxyError } from '../problem'
import { readBodyBytes } from '../read-json-body'
import { fetchRequestOf } from '../request-view'
import { storeKeys } from '../store-keys'
import { upstreamProblem } from '../upstream-problem'

/** Largest delivery report accepted (gateways send a few hundred bytes; some batch several). */
export const MAX_REPORT_BYTES = 64 * 1024

/** Handles a delivery report. */
export async function deliveryReport(ctx: HandlerContext, state: RequestState): Promise<Response> {
  const handle = ctx.provider.deliveryReport?.bind(ctx.provider)
  if (!handle) throw new ProxyError('not_found')
  const ip = await ctx.getClientIp(state.request)
  const ipKey = ip === undefined || ip.trim() === '' ? '-' : (ipLimitKey(ip) ?? `raw:${ip.trim().slice(0, 100)}`)
  const taken = await ctx.store.take([{ key: storeKeys.reportsPerIp(await ctx.keyOf('ip', ipKey)), windowSeconds: 60, limit: ctx.limits.deliveryReportsPerIpPerMinute }])
  if (!taken.ok) throw new ProxyError('rate_limited', { retryAfter: taken.retryAfterSeconds })
  const body = await readBodyBytes(state.request, ctx.bodyTimeoutMs, MAX_REPORT_BYTES)
  // The same URL (the provider reads the transport from its last segment, and some gateways sign
  // it) and headers, with the body already read and bounded.
  const report = new Request(state.request.url, { method: 'POST', headers: fetchRequestOf(state.request).headers, body })
  try {
    return await handle(report, providerCall(ctx))
  } catch (error) {
    reportUpstreamFailure(ctx, state, 'report', error)
    throw upstreamProblem(error)
  }
}
