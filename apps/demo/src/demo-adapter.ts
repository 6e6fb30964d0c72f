import { createProxyAdapter } from '@hakiki/core'
import { observeStarts } from './observe-starts'

/** The proxy mounted by the demo server at `/api/verify`, observed so the device preview knows where codes went. */
export const demoAdapter = observeStarts(createProxyAdapter({ baseUrl: '/api/verify' }))
