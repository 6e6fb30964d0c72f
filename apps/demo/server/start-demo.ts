import { fileURLToPath } from 'node:url'
import { startSandboxServer } from '@hakiki/sandbox/node'
import type { Sandbox } from '@hakiki/sandbox'
import { createServer, preview } from 'vite'
import type { Plugin } from 'vite'
import { createDemoApi, type DemoProviderName } from './create-demo-api'
import { createDemoClock } from './demo-clock'
import type { DemoClock } from './demo-clock'
import { createDemoMiddleware } from './demo-middleware'
import { findLocalSmtp, type LocalSmtp } from './find-local-smtp'

/** Options of {@link startDemo}. */
export interface StartDemoOptions {
  /** `dev` serves the source with Vite's dev server; `preview` serves the production build in `dist/`. */
  mode?: 'dev' | 'preview'
  host?: string
  /** Port of the demo (0: any free port). Default 5173. */
  port?: number
  /** Port of the sandbox (0: any free port). Default 4010. */
  sandboxPort?: number
  /** Log only the proxy's errors (the end-to-end tests). */
  quiet?: boolean
  /**
   * What the proxy uses: the sandbox's `verify-api` dialect (default) or its `twilio` dialect
   * (Twilio Verify v2 under `/v2/`), or `engine`, the kit's own delivery (see `createDemoApi`).
   */
  provider?: DemoProviderName
  /**
   * `engine` only: the mail server e-mail goes through; default the one `findLocalSmtp()` finds
   * (a Postfix on 127.0.0.1:25, or `HAKIKI_DEMO_SMTP`); `false` for none (e-mail to the inbox).
   */
  smtp?: LocalSmtp | false
}

/** A running demo: the page with its proxy, and the sandbox it talks to. */
export interface RunningDemo {
  url: string
  sandboxUrl: string
  /** Which provider the proxy uses. */
  provider: DemoProviderName
  /** `engine` only: the mail server e-mail goes through, when there is one. */
  smtp?: LocalSmtp
  sandbox: Sandbox
  clock: DemoClock
  close(): Promise<void>
}

const root = fileURLToPath(new URL('..', import.meta.url))

/** A port the demo needs is taken: which one, whose, and the variable that moves it. */
export class PortInUseError extends Error {
  override readonly name = 'PortInUseError'
  /** Stable reason. */
  readonly code = 'port_in_use' as const
  constructor(
    readonly port: number,
    readonly service: 'sandbox' | 'demo page',
    readonly variable: 'HAKIKI_SANDBOX_PORT' | 'HAKIKI_DEMO_PORT',
  ) {
    super(`port ${port} (the ${service}) is already in use. Is \`pnpm dev\` or \`pnpm sandbox\` already running? Stop it, or choose another port: ${variable}=0 pnpm dev (0 picks a free one)`)
  }
}

/** Vite's strictPort refusal ("Port 5173 is already in use") or Node's EADDRINUSE. */
function isPortInUse(error: unknown): boolean {
  return (error as { code?: unknown }).code === 'EADDRINUSE' || (error instanceof Error && /^Port \d+ is already in use/.test(error.message))
}

/**
 * Starts the sandbox, then the demo page with the proxy mounted at `/api/verify`, on loopback.
 * The sandbox and the proxy share one clock, so moving it shows the expired path end to end.
 */
export async function startDemo(options: StartDemoOptions = {}): Promise<RunningDemo> {
  const host = options.host ?? '127.0.0.1'
  const clock = createDemoClock()
  const clientId = 'demo-client-id'
  const clientSecret = 'demo-client-secret'
  const sandboxPort = options.sandboxPort ?? 4010
  const sandboxServer = await startSandboxServer({ host, port: sandboxPort, now: clock.now, clients: [{ clientId, clientSecret, applicationName: 'Hakiki demo' }], appName: 'Hakiki demo' }).catch((error: unknown) => {
    throw isPortInUse(error) ? new PortInUseError(sandboxPort, 'sandbox', 'HAKIKI_SANDBOX_PORT') : error
  })
  const provider = options.provider ?? 'verify-api'
  const smtp = provider === 'engine' ? (options.smtp === false ? undefined : (options.smtp ?? (await findLocalSmtp()))) : undefined
  const api = createDemoApi({
    apiUrl: sandboxServer.url,
    provider,
    clientId,
    clientSecret,
    now: clock.now,
    quiet: options.quiet ?? false,
    ...(provider === 'engine' ? { inbox: sandboxServer.sandbox.transport, ...(smtp ? { smtp } : {}) } : {}),
  })
  const middleware = createDemoMiddleware({ api, sandboxUrl: sandboxServer.url, clock })
  const plugin: Plugin = {
    name: 'hakiki-demo-api',
    configureServer: (server) => void server.middlewares.use(middleware),
    configurePreviewServer: (server) => void server.middlewares.use(middleware),
  }
  const port = options.port ?? 5173
  const common = { root, configFile: `${root}/vite.config.ts`, plugins: [plugin], logLevel: 'warn' as const }
  let url: string
  let closeServer: () => Promise<void>
  try {
    if ((options.mode ?? 'dev') === 'dev') {
      const server = await createServer({ ...common, server: { host, port, strictPort: true } })
      closeServer = () => server.close()
      await server.listen().catch(async (error: unknown) => {
        await server.close()
        throw error
      })
      url = server.resolvedUrls?.local[0]?.replace(/\/$/, '') ?? `http://${host}:${port}`
    } else {
      const server = await preview({ ...common, preview: { host, port, strictPort: true } })
      url = server.resolvedUrls?.local[0]?.replace(/\/$/, '') ?? `http://${host}:${port}`
      closeServer = () => new Promise<void>((resolve) => server.httpServer.close(() => resolve()))
    }
  } catch (error) {
    // The sandbox is already listening: close it, or the process would stay up serving nothing.
    await api.close()
    await sandboxServer.close()
    throw isPortInUse(error) ? new PortInUseError(port, 'demo page', 'HAKIKI_DEMO_PORT') : error
  }
  return {
    url,
    sandboxUrl: sandboxServer.url,
    provider,
    ...(smtp ? { smtp } : {}),
    sandbox: sandboxServer.sandbox,
    clock,
    async close() {
      await closeServer()
      await api.close()
      await sandboxServer.close()
    },
  }
}
