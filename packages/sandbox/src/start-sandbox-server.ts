/**
 * Runs a sandbox as a Node HTTP server on loopback, for the CLI, the demo and tests over real HTTP.
 */
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createSandbox, type Sandbox } from './create-sandbox'
import type { SandboxOptions } from './sandbox-options'
import { toNodeListener } from './node-listener'

/** Options of {@link startSandboxServer}. */
export interface SandboxServerOptions extends SandboxOptions {
  /** Interface to listen on; default `127.0.0.1`. */
  host?: string
  /** Port; default 4010; 0 picks a free one. */
  port?: number
}

/** A running sandbox server. */
export interface SandboxServer {
  /** Base URL, without a trailing slash (`http://127.0.0.1:4010`). */
  url: string
  /** The sandbox behind the server, for in-process access to its inbox, clock and faults. */
  sandbox: Sandbox
  /** Stops listening and ends every open connection (SSE streams included). */
  close(): Promise<void>
}

/** Default port of the sandbox. */
export const DEFAULT_PORT = 4010

/**
 * Starts a sandbox server.
 * @throws RangeError for a bad port or sandbox option; rejects when the port is taken.
 */
export async function startSandboxServer(options: SandboxServerOptions = {}): Promise<SandboxServer> {
  const { host = '127.0.0.1', port = DEFAULT_PORT, ...sandboxOptions } = options
  if (!Number.isInteger(port) || port < 0 || port > 65_535) throw new RangeError('port must be an integer from 0 to 65535')
  const sandbox = createSandbox(sandboxOptions)
  const server = createServer(toNodeListener(sandbox.fetch))
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, host, () => {
      server.off('error', reject)
      resolve()
    })
  })
  const address = server.address() as AddressInfo
  const hostname = address.family === 'IPv6' ? `[${address.address}]` : address.address
  return {
    url: `http://${hostname}:${address.port}`,
    sandbox,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()))
        // Open SSE streams would keep close() waiting forever.
        server.closeAllConnections()
      }),
  }
}
