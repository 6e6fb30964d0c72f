import { createProxyAdapter } from '@hakiki/core'

/** The proxy mounted by the demo server at `/api/verify`. */
export const demoAdapter = createProxyAdapter({ baseUrl: '/api/verify' })
