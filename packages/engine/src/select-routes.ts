/**
 * Which routes may carry a message: those whose channels include it and, for phone channels,
 * whose countries include the number's. The order is the app's; failover walks it.
 */
import type { Channel } from '@hakiki/core'
import type { ProviderCoverage } from '@hakiki/provider'
import type { Route } from './engine-options'

/** Channels a route carries. */
export function routeChannels(route: Route): readonly Channel[] {
  return route.channels ?? route.transport.channels
}

const covers = (coverage: ProviderCoverage | undefined, country: string) => coverage === undefined || coverage === 'all' || coverage.includes(country)

/** The routes for one message, in order. `country` is left out for e-mail. */
export function selectRoutes(routes: readonly Route[], channel: Channel, country: string | undefined): Route[] {
  return routes.filter((r) => routeChannels(r).includes(channel) && (channel === 'email' || (country !== undefined && covers(r.countries, country))))
}

/** The countries the phone routes reach together: `'all'` when one of them does. */
export function coverageOf(routes: readonly Route[]): ProviderCoverage {
  const phone = routes.filter((r) => routeChannels(r).some((c) => c !== 'email'))
  if (phone.some((r) => r.countries === undefined || r.countries === 'all')) return 'all'
  return [...new Set(phone.flatMap((r) => r.countries as readonly string[]))].toSorted()
}
