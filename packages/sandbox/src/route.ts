/**
 * A minimal router: a fixed table of paths, each with its methods. A hand-written table rather than
 * a router library because the sandbox has nine fixed paths, one with a parameter, and must answer
 * unknown paths (404) and wrong methods (405 with `Allow`) in the spec's error body.
 */

/** What a handler gets for one request. */
export interface RequestContext {
  request: Request
  url: URL
  /** The path parameter of a parameterized route (the verification id). */
  param: string
  /** The fresh `transactionId` of this answer. */
  transactionId: string
}

/** A request handler. */
export type Handler = (context: RequestContext) => Response | Promise<Response>

/** One path and its handlers by method. */
export interface Route {
  /** An exact path, or a pattern whose first group is the parameter. */
  path: string | RegExp
  methods: Partial<Record<string, Handler>>
}

/** A route matched against a path. */
export interface RouteMatch {
  route: Route
  param: string
}

/** The route for `pathname`, or `undefined`. */
export function matchRoute(routes: readonly Route[], pathname: string): RouteMatch | undefined {
  for (const route of routes) {
    if (typeof route.path === 'string') {
      if (route.path === pathname) return { route, param: '' }
    } else {
      const m = route.path.exec(pathname)
      if (m) return { route, param: m[1] ?? '' }
    }
  }
  return undefined
}
