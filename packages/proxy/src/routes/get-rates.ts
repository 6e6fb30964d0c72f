/**
 * `GET {base}/rates`: SMS fees of the covered countries, from the API's rate endpoint, cached in
 * memory. One fetch at a time (concurrent requests share it), and a stale list is served when
 * the API fails, since fees change rarely and a picker without them still works.
 */
import type { CountryRate, RatesResponse } from '@hakiki/core/rules'
import { COUNTRIES } from '@hakiki/core/rules'
import type { HandlerContext, RequestState } from '../handler-context'
import { providerCall, reportUpstreamFailure } from '../handler-context'
import { ProxyError } from '../problem'
import { upstreamProblem } from '../upstream-problem'

/** Seconds the API is left alone after a failed rates request. */
export const RATES_RETRY_SECONDS = 30

/** Serves the rates route of one handler. */
export type RatesRoute = (ctx: HandlerContext, state: RequestState) => Promise<Response>

/** Builds the rates route with its own cache. */
export function createRatesRoute(): RatesRoute {
  let cached: { body: RatesResponse; fetchedAt: number } | undefined
  let inflight: Promise<RatesResponse> | undefined
  // After a failure the API is left alone for a while: the route needs no session, and asking
  // again on every request would turn an outage into unauthenticated load on the API.
  let backoff: { until: number; problem: ProxyError } | undefined

  async function load(ctx: HandlerContext, state: RequestState): Promise<RatesResponse> {
    try {
      if (!ctx.provider.rates) throw new ProxyError('not_found')
      const countries = await ctx.provider.rates(providerCall(ctx))
      const body: RatesResponse = { currency: 'USD', countries: toCountryRates(countries) }
      cached = { body, fetchedAt: ctx.now() }
      backoff = undefined
      return body
    } catch (error) {
      if (error instanceof ProxyError) throw error
      reportUpstreamFailure(ctx, state, 'rates', error)
      const problem = upstreamProblem(error)
      backoff = { until: ctx.now() + Math.max(RATES_RETRY_SECONDS, problem.extras.retryAfter ?? 0) * 1000, problem }
      if (cached) {
        ctx.log.warn('serving the cached rates after a failed refresh')
        return cached.body
      }
      throw problem
    }
  }

  function current(ctx: HandlerContext, state: RequestState): RatesResponse | Promise<RatesResponse> {
    const now = ctx.now()
    if (cached && now - cached.fetchedAt < ctx.ratesTtlSeconds * 1000) return cached.body
    if (backoff && now < backoff.until) {
      if (cached) return cached.body
      throw backoff.problem
    }
    return (inflight ??= load(ctx, state).finally(() => (inflight = undefined)))
  }

  return async (ctx, state) => {
    const body = await current(ctx, state)
    return new Response(JSON.stringify(body), {
      status: 200,
      headers: { 'Content-Type': 'application/json', 'Cache-Control': 'public, max-age=300' },
    })
  }
}

/**
 * Keeps the covered countries the API priced, matched by dialing code, with their ISO code.
 * Fees that are not plain decimals are dropped rather than shown.
 */
function toCountryRates(rates: ReadonlyArray<{ name: string; code: string; fee: string }>): CountryRate[] {
  const out: CountryRate[] = []
  for (const country of COUNTRIES) {
    const rate = rates.find((r) => r.code.replace(/^\+/, '').trim() === country.dialCode)
    if (!rate || !/^[0-9]+(\.[0-9]+)?$/.test(rate.fee.trim())) continue
    out.push({ name: country.name, iso2: country.iso2, dialCode: country.dialCode, fee: rate.fee.trim() })
  }
  return out
}
