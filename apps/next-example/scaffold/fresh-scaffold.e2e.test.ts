// A newcomer's Next.js app, as `create-next-app@latest` scaffolds it today (from the npm registry,
// not a copy kept here), with the Getting started guide's steps applied to it: the guide's
// packages installed from the kit's packed tarballs, its `.env.local`, its files written word for
// word, then `next build` and `next start`, and a number verified in Chromium against the packed
// sandbox. `apps/next-example` copies the scaffold's config; this test is what notices when the
// scaffold changes (Cache Components turned on by default broke the guide's page before).
//
// Lean on purpose (it runs beside the other test groups): one npm install for the scaffold and the
// kit together, one build, one browser page. npm's cache lives in the clone
// (`apps/next-example/.scaffold-cache/`, git-ignored); the app is built in a temporary folder
// outside the workspace, so nothing resolves from the workspace's node_modules.
import { execFile, spawn, type ChildProcess } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { createServer as createHttpServer } from 'node:http'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { basename, dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '@hakiki/build-config/chromium'
import { chromium, type Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { readGuide, readNextGuideSteps } from './guide-steps'

const run = promisify(execFile)
const WORKSPACE_ROOT = fileURLToPath(new URL('../../..', import.meta.url))
const CACHE = fileURLToPath(new URL('../.scaffold-cache', import.meta.url))
const steps = readNextGuideSteps(readGuide())

/** Workspace packages by name: folder and manifest. */
const workspacePackages = new Map(
  readdirSync(join(WORKSPACE_ROOT, 'packages')).flatMap((folder) => {
    try {
      const manifest = JSON.parse(readFileSync(join(WORKSPACE_ROOT, 'packages', folder, 'package.json'), 'utf8')) as { name: string; private?: boolean; dependencies?: Record<string, string> }
      return manifest.private ? [] : [[manifest.name, { dir: join(WORKSPACE_ROOT, 'packages', folder), manifest }] as const]
    } catch {
      return []
    }
  }),
)

/** The guide's `@hakiki/*` packages and every kit package they depend on. */
function kitClosure(names: readonly string[]): string[] {
  const seen = new Set<string>()
  const visit = (name: string) => {
    const pkg = workspacePackages.get(name)
    if (pkg === undefined || seen.has(name)) return
    seen.add(name)
    for (const dependency of Object.keys(pkg.manifest.dependencies ?? {})) visit(dependency)
  }
  for (const name of names) visit(name)
  return [...seen].toSorted()
}

/**
 * The environment of every command: this run's npm cache and create-next-app's saved
 * preferences in the clone, and nothing of the pnpm/Vitest run around it (pnpm exports its own
 * `npm_config_*`; Vitest sets NODE_ENV=test, which `next build` refuses).
 */
function cleanEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env }
  for (const key of Object.keys(env)) {
    if (/^(npm_|pnpm_|VITEST|NODE_ENV$|NODE_OPTIONS$|INIT_CWD$)/i.test(key)) Reflect.deleteProperty(env, key)
  }
  return Object.assign(env, {
    npm_config_cache: join(CACHE, 'npm'),
    npm_config_update_notifier: 'false',
    npm_config_fund: 'false',
    npm_config_audit: 'false',
    XDG_CONFIG_HOME: join(CACHE, 'config'),
    NEXT_TELEMETRY_DISABLED: '1',
    CI: '1',
    ...extra,
  })
}

/** The setup's ceiling (scaffold, pack, npm install, next build, next start). */
const SETUP_CEILING_MS = 1_200_000

/** Aborted by `afterAll`: a setup that ran out of time must not keep writing into the folder being removed. */
const setupAbort = new AbortController()

/** Runs a command to its end; a failure carries its output. Returns the time it took, in seconds. */
async function step(command: string, args: readonly string[], cwd: string, env = cleanEnv()): Promise<number> {
  const started = performance.now()
  try {
    await run(command, [...args], { cwd, env, maxBuffer: 64 * 1024 * 1024, signal: setupAbort.signal })
  } catch (error) {
    const { stdout, stderr } = error as { stdout?: string; stderr?: string }
    throw new Error(`${command} ${args.join(' ')} failed:\n${stdout ?? ''}\n${stderr ?? ''}`, { cause: error })
  }
  return (performance.now() - started) / 1000
}

/** A free loopback port (see e2e/support/start-next-app.ts for why not `-p 0`). */
async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return port
}

/** Serves the files of `dir` on a loopback port (the font files of the build, see below). */
async function serveFiles(dir: string) {
  const server = createHttpServer((request, response) => {
    const name = basename(new URL(request.url ?? '/', 'http://x').pathname)
    try {
      const body = readFileSync(join(dir, name))
      response.writeHead(200, { 'content-type': 'font/woff2' }).end(body)
    } catch {
      response.writeHead(404).end()
    }
  })
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) }
}

/** Starts a long-running command; resolves once `ready(output)` says so. */
function startProcess(command: string, args: readonly string[], cwd: string, env: NodeJS.ProcessEnv, ready: (output: string) => boolean) {
  const child: ChildProcess = spawn(command, [...args], { cwd, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true })
  let output = ''
  const started = new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString()
      if (ready(output)) resolve()
    }
    child.stdout!.on('data', onData)
    child.stderr!.on('data', onData)
    // Exiting before it was ready is a failure; exiting when stopped is not.
    child.once('exit', (code) => reject(new Error(`${command} ${args.join(' ')} exited with ${String(code)}:\n${output}`)))
  })
  started.catch(() => {})
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  return {
    started,
    output: () => output,
    async stop() {
      // The whole group: npx starts the sandbox as a child of its own.
      if (child.exitCode === null && child.pid !== undefined) process.kill(-child.pid, 'SIGTERM')
      await exited
    },
  }
}

let temp: string
let app: string
let browser: Browser | undefined
let fontServer: Awaited<ReturnType<typeof serveFiles>> | undefined
let sandbox: ReturnType<typeof startProcess> | undefined
let server: ReturnType<typeof startProcess> | undefined
let sandboxUrl: string
let appUrl: string
const timings: Record<string, number> = {}

beforeAll(async () => {
  temp = mkdtempSync(join(tmpdir(), 'hakiki-create-next-app-'))
  app = join(temp, 'my-app')
  const tarballs = join(temp, 'tarballs')
  mkdirSync(tarballs)
  mkdirSync(CACHE, { recursive: true })

  // The kit's packages as npm would get them (built by the root `pnpm test` first, or here).
  const kit = kitClosure([...steps.dependencies, ...steps.devDependencies])
  const packKit = (async () => {
    if (process.env.HAKIKI_PACKAGES_BUILT !== '1') {
      timings.build = await step('pnpm', [...kit.flatMap((name) => ['--filter', name]), 'build'], WORKSPACE_ROOT, process.env)
    }
    const started = performance.now()
    const packed = new Map<string, string>()
    for (const name of kit) {
      const { stdout } = await run('pnpm', ['pack', '--json', '--pack-destination', tarballs], { cwd: workspacePackages.get(name)!.dir })
      packed.set(name, (JSON.parse(stdout) as { filename: string }).filename)
    }
    timings.pack = (performance.now() - started) / 1000
    return packed
  })()

  // The guide's create-next-app command, told not to install yet (one npm install below installs
  // the scaffold's packages and the kit's together), nor to start a git repository.
  const [packed] = await Promise.all([
    packKit,
    step('npx', ['--yes', ...steps.create, '--skip-install', '--disable-git', '--use-npm'], temp).then((s) => (timings.scaffold = s)),
  ])

  // The guide's `npm install …` and `npm install -D …`, with each kit package from its tarball;
  // the kit's own dependencies on each other resolve to the tarballs too (overrides), never to a
  // registry.
  const manifestPath = join(app, 'package.json')
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, Record<string, string> | undefined>
  const fileOf = (name: string) => {
    const tarball = packed.get(name)
    return tarball === undefined ? undefined : `file:${tarball}`
  }
  // Not a kit package (@tanstack/react-query): what `npm install NAME` takes, the latest.
  const specOf = (name: string) => fileOf(name) ?? 'latest'
  manifest.dependencies = { ...manifest.dependencies, ...Object.fromEntries(steps.dependencies.map((name) => [name, specOf(name)])) }
  manifest.devDependencies = { ...manifest.devDependencies, ...Object.fromEntries(steps.devDependencies.map((name) => [name, specOf(name)])) }
  const direct = new Set([...steps.dependencies, ...steps.devDependencies])
  manifest.overrides = Object.fromEntries([...packed].filter(([name]) => !direct.has(name)).map(([name, file]) => [name, `file:${file}`]))
  writeFileSync(manifestPath, `${JSON.stringify(manifest, null, 2)}\n`)
  timings.install = await step('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error'], app)

  // The guide's files, word for word, and its .env.local with the two values a test must choose:
  // the sandbox's port and the app's (both free ports, never the guide's fixed 4010/3000).
  for (const [file, code] of Object.entries(steps.files)) {
    mkdirSync(dirname(join(app, file)), { recursive: true })
    writeFileSync(join(app, file), code)
  }
  sandbox = startProcess('npx', ['--no-install', 'hakiki-sandbox', '--port', '0'], app, cleanEnv(), (output) => /listening on http:\/\/\S+/.test(output))
  await sandbox.started
  sandboxUrl = /listening on (http:\/\/\S+)/.exec(sandbox.output())![1]!
  const port = await freePort()
  appUrl = `http://127.0.0.1:${port}`
  const env = { ...steps.env, VERIFY_API_URL: sandboxUrl, HAKIKI_PUBLIC_ORIGIN: appUrl }
  writeFileSync(join(app, '.env.local'), Object.entries(env).map(([key, value]) => `${key}=${value}\n`).join(''))

  // `npm run build` and `npm run start`, as the scaffold's README says. The scaffold's layout loads
  // its fonts with `next/font/google`, which fetches from Google Fonts at build time; this machine
  // reaches only the npm registry, so the build gets Next's own test hook for that fetch
  // (see google-fonts-mock.cjs) and the font files from a loopback server.
  const families = [...(/import\s*\{([^}]*)\}\s*from\s*["']next\/font\/google["']/.exec(readFileSync(join(app, 'app/layout.tsx'), 'utf8'))?.[1] ?? '').matchAll(/\w+/g)].map((m) => m[0].replaceAll('_', ' '))
  fontServer = await serveFiles(join(app, 'node_modules/next/dist/next-devtools/server/font'))
  const buildEnv = cleanEnv({
    NEXT_FONT_GOOGLE_MOCKED_RESPONSES: fileURLToPath(new URL('google-fonts-mock.cjs', import.meta.url)),
    HAKIKI_GOOGLE_FONTS: families.join(','),
    HAKIKI_FONT_SERVER: fontServer.url,
  })
  timings.build = (timings.build ?? 0) + (await step('npm', ['run', 'build'], app, buildEnv))
  // Ready when it answers over HTTP (the wording of its "Ready" line changes between versions).
  server = startProcess('npm', ['run', 'start', '--', '--hostname', '127.0.0.1', '--port', String(port)], app, cleanEnv(), () => false)
  const deadline = Date.now() + 90_000
  for (;;) {
    const answered = await fetch(`${appUrl}/api/verify/rates`).then((r) => r.status < 500, () => false)
    if (answered) break
    if (Date.now() > deadline) throw new Error(`next start did not answer within 90 s:\n${server.output()}`)
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS] })
  console.info(`\n  create-next-app@latest + the guide: ${Object.entries(timings).map(([name, s]) => `${name} ${s.toFixed(1)} s`).join(', ')}\n`)
  // A ceiling for a hang, not a speed limit: 4.5–7 min here at load 12–30, past 10 min at load 35–57
  // (npm install and next build share two cores with everything else).
}, SETUP_CEILING_MS)

afterAll(async () => {
  setupAbort.abort()
  await browser?.close()
  await server?.stop()
  await sandbox?.stop()
  await fontServer?.close()
  // Retried: an aborted npm or next build may still be closing files in it (ENOTEMPTY).
  if (temp !== undefined) rmSync(temp, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 })
})

describe("a fresh create-next-app@latest with the guide's Next.js steps", () => {
  test('the guide is read whole: its create command, its packages, its .env.local and its three files', () => {
    expect(steps.create[0]).toBe('create-next-app@latest')
    expect(steps.dependencies).toContain('@hakiki/ui')
    expect(steps.devDependencies).toEqual(['@hakiki/sandbox'])
    expect(Object.keys(steps.env).toSorted()).toEqual(['HAKIKI_PUBLIC_ORIGIN', 'HAKIKI_SECRET', 'VERIFY_API_URL', 'VERIFY_CLIENT_ID', 'VERIFY_CLIENT_SECRET'])
    expect(Object.keys(steps.files).toSorted()).toEqual(['app/api/verify/[...path]/route.ts', 'app/sign-up/page.tsx', 'app/sign-up/verify-phone.tsx', 'server/verify.ts'])
  })

  test('the scaffold is the current one (Cache Components on), and every kit package came from a packed tarball', () => {
    expect(readFileSync(join(app, 'next.config.ts'), 'utf8')).toMatch(/cacheComponents:\s*true/)
    const lock = JSON.parse(readFileSync(join(app, 'package-lock.json'), 'utf8')) as { packages: Record<string, { resolved?: string; version?: string }> }
    const kit = Object.entries(lock.packages).filter(([path]) => /node_modules\/@hakiki\//.test(path))
    expect(kit.length).toBeGreaterThanOrEqual(steps.dependencies.filter((name) => name.startsWith('@hakiki/')).length)
    expect(kit.filter(([, entry]) => !entry.resolved?.startsWith('file:')).map(([path]) => path)).toEqual([])
  })

  test('/sign-up is prerendered with the flow in it, and a number is verified in the browser', async () => {
    const html = await (await fetch(`${appUrl}/sign-up`)).text()
    expect(html).toContain('Create your account')
    expect(html).toContain('Send code')

    const page = await browser!.newPage({ locale: 'en-US' })
    const errors: string[] = []
    page.on('pageerror', (error) => errors.push(error.message))
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text())
    })
    await page.goto(`${appUrl}/sign-up`)
    // The guide's number, typed as a Ghanaian reads it.
    await page.getByRole('textbox', { name: 'Phone number' }).fill('024 123 4567')
    await page.getByRole('button', { name: 'Send code' }).click()
    let code: string | undefined
    await expect
      .poll(
        async () => {
          const inbox = (await (await fetch(`${sandboxUrl}/sandbox/messages?to=%2B233241234567`)).json()) as { messages: { code: string }[] }
          code = inbox.messages.at(-1)?.code
          return code
        },
        { timeout: 60_000, message: 'a code in the sandbox inbox' },
      )
      .toMatch(/^\d{6}$/)
    await page.getByRole('textbox', { name: 'Verification code' }).click()
    await page.keyboard.type(code!)
    await page.getByRole('heading', { name: 'Verified' }).waitFor({ timeout: 60_000 })
    expect(errors).toEqual([])
  })
})
