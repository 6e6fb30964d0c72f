/**
 * The server of the packed-tarball app (`packed.test.ts`): compiled with `tsconfig.server.json`
 * (no DOM lib) and run by Node from the app's own node_modules, installed by npm. It starts the
 * sandbox and the proxy on loopback, then plays the browser through the packed browser adapter
 * (`verifyThroughProxy`, which `packed.test.ts` copies beside this file from
 * `@hakiki/test-support`; the workspace type-check finds it there through `rootDirs`): start, the
 * code read from the sandbox's HTTP inbox, a wrong code, the right one, and the receipt checked.
 * It prints what it saw as JSON.
 */
import { createProxyAdapter } from '@hakiki/core'
import { createVerifyHandler, verifyReceipt } from '@hakiki/proxy'
import { toNodeListener } from '@hakiki/proxy/node'
import { startSandboxServer } from '@hakiki/sandbox/node'
import { createVerifyClient } from '@hakiki/verify-client'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { verifyThroughProxy } from './verify-through-proxy.js'

const SECRET = 'packed-app-secret-0123456789-abcdefghij'

const sandbox = await startSandboxServer({ port: 0 })
const verify = createVerifyHandler({
  client: createVerifyClient({ baseUrl: sandbox.url, clientId: 'sandbox-client-id', clientSecret: 'sandbox-client-secret' }),
  secret: SECRET,
  basePath: '/api/verify',
})
const server = createServer(toNodeListener(verify))
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`

try {
  const trace = await verifyThroughProxy({
    origin,
    sandboxUrl: sandbox.url,
    typed: '+233 24 123 4567',
    to: '+233241234567',
    createAdapter: (fetch) => createProxyAdapter({ baseUrl: `${origin}/api/verify`, fetch }),
    verifyReceipt: (receipt, expectedTo) => verifyReceipt(receipt, SECRET, { expectedTo, replay: 'allow' }),
  })
  console.info(JSON.stringify(trace))
} finally {
  server.close()
  server.closeAllConnections()
  await sandbox.close()
}
