/**
 * `GET {base}/rates`: SMS fees of the covered countries, from the API's rate endpoint, cached in
 * memory. One fetch at a time (concurrent requests share it), and a stale list is served when
 * the API fails, since fees change rarely and a picker without them still works.
 */
import type { CountryRate, RatesResponse } from '@hakiki/core'
import { COUNTRIES } from '@hakiki/core'
import type { HandlerContext, RequestState } from '../handler-context'
import { reportUpstreamFailure } from '../handler-context'
import { upstreamProblem } from '../upstream-problem'

/** Serves the rates route of one handler. */
export type RatesRoute = (ctx: HandlerContext, state: RequestState) => Promise<Response>

/** Builds the rates route with its own cache. */
export function createRatesRoute(): RatesRoute {
  let cached: { body: RatesResponse; fetchedAt: number } | undefined
  let inflight: Promise<RatesResponse> | undefined

  async function load(ctx: HandlerContext, state: RequestState): Promise<RatesResponse> {
    try {
      const result = await ctx.client.getSmsRates()
      const body: RatesResponse = { currency: 'USD', countries: toCountryRates(result.countries) }
      cached = { body, fetchedAt: ctx.now() }
      return body
    } catch (error) {
      reportUpstreamFailure(ctx, state, 'rates', error)
      if (cached) {
        ctx.log.warn('serving the cached rates after a failed refresh')
        return cached.body
      }
      throw upstreamProblem(error, { operation: 'rates' })
    }
  }

  return async (ctx, state) => {
    const fresh = cached && ctx.now() - cached.fetchedAt < ctx.ratesTtlSeconds * 1000
    const body = fresh && cached ? cached.body : await (inflight ??= load(ctx, state).finally(() => (inflight = undefined)))
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
