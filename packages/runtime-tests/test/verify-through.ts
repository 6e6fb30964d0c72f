import { createProxyAdapter } from '@hakiki/core'
import { verifyReceipt } from '@hakiki/proxy'
import type { SandboxServer } from '@hakiki/sandbox/node'
import { expectedProxyFlow, verifyThroughProxy } from '@hakiki/test-support'
import { expect } from 'vitest'
import { BASE_PATH } from './fixtures/create-app'

/** The proxy's secret in every runtime. */
export const SECRET = 'runtime-tests-secret-0123456789-abcdef'

/**
 * A whole verification through the proxy served at `origin` by some runtime, as the browser
 * adapter runs it (`verifyThroughProxy` of `@hakiki/test-support`), with the built browser adapter,
 * and the receipt checked here, in Node, with the built `verifyReceipt`.
 */
export async function verifyThrough(origin: string, sandbox: SandboxServer, to: string): Promise<void> {
  const trace = await verifyThroughProxy({
    origin,
    sandboxUrl: sandbox.url,
    typed: to,
    to,
    locale: 'fr',
    createAdapter: (fetch) => createProxyAdapter({ baseUrl: `${origin}${BASE_PATH}`, fetch }),
    verifyReceipt: (receipt, expectedTo) => verifyReceipt(receipt, SECRET, { expectedTo, replay: 'allow' }),
  })
  expect(trace).toMatchObject(expectedProxyFlow(trace, to, 'fr'))
  expect(trace.sent.code).toMatch(/^\d{6}$/)
}
