// What npm users get, end to end: the six library packages packed with `pnpm pack` (after the
// build of global-setup.ts), installed with npm from the tarballs into a fresh app outside the
// workspace (no workspace links), type-checked strict (a Node server without the DOM lib, and a
// browser app), the browser app built with Vite, and a verification completed by the app's
// server on loopback with the packed sandbox. The app's sources are in `packed-app/`.
import { execFileSync, spawnSync } from 'node:child_process'
import { cpSync, existsSync, lstatSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'vite'
import { expectedProxyFlow, type ProxyFlowTrace } from '@hakiki/test-support'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LIBRARY_PACKAGES, exportTargets } from './library-packages'

const WORKSPACE_ROOT = fileURLToPath(new URL('../../..', import.meta.url))
const APP_SOURCES = fileURLToPath(new URL('packed-app', import.meta.url))
/** The flow the app's server runs, copied beside it (it imports nothing, so it compiles there as is). */
const FLOW_SOURCE = createRequire(import.meta.url).resolve('@hakiki/test-support')
const TSC = join(dirname(createRequire(import.meta.url).resolve('typescript/package.json')), 'bin/tsc')
/** The workspace's versions of what the app installs from npm, so both stay in step. */
const fromWorkspace = createRequire(join(WORKSPACE_ROOT, 'package.json'))
const versionOf = (name: string) => (JSON.parse(readFileSync(fromWorkspace.resolve(`${name}/package.json`), 'utf8')) as { version: string }).version

interface Packed {
  readonly name: string
  readonly filename: string
  readonly files: readonly { readonly path: string }[]
}

let temp: string
let app: string
const packed: Packed[] = []

beforeAll(() => {
  temp = mkdtempSync(join(tmpdir(), 'hakiki-packed-'))
  app = join(temp, 'app')
  const tarballs = join(temp, 'tarballs')
  for (const pkg of LIBRARY_PACKAGES) {
    const output = execFileSync('pnpm', ['pack', '--json', '--pack-destination', tarballs], { cwd: pkg.dir, encoding: 'utf8' })
    packed.push(JSON.parse(output) as Packed)
  }
  cpSync(APP_SOURCES, app, { recursive: true })
  cpSync(FLOW_SOURCE, join(app, 'verify-through-proxy.ts'))
  const manifest = {
    name: 'packed-hakiki-app',
    private: true,
    type: 'module',
    dependencies: {
      ...Object.fromEntries(packed.map((p) => [p.name, `file:${p.filename}`])),
      react: versionOf('react'),
      'react-dom': versionOf('react-dom'),
      '@tanstack/react-query': versionOf('@tanstack/react-query'),
    },
    devDependencies: { '@types/node': versionOf('@types/node'), '@types/react': versionOf('@types/react'), '@types/react-dom': versionOf('@types/react-dom') },
  }
  writeFileSync(join(app, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`)
  // npm, not pnpm: what most users run. The registry is reachable; the cache is preferred.
  execFileSync('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: app, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] })
}, 300_000)

afterAll(() => {
  if (temp !== undefined) rmSync(temp, { recursive: true, force: true })
})

let serverCompiled: ReturnType<typeof compile> | undefined
/** The server's type-check, which also emits `out/server.js`: run once, whichever test needs it first. */
function compileServer() {
  serverCompiled ??= compile('tsconfig.server.json')
  return serverCompiled
}

function compile(project: string) {
  const result = spawnSync(process.execPath, [TSC, '-p', join(app, project), '--singleThreaded'], { cwd: app, encoding: 'utf8' })
  return { status: result.status, errors: result.stdout.split('\n').filter((line) => line.includes('error TS')), stderr: result.stderr }
}

describe('the packed packages', () => {
  it('ship dist/ (and the stylesheet), no src/, and publish exports without the source condition', () => {
    expect(packed.map((p) => p.name).toSorted()).toEqual(LIBRARY_PACKAGES.map((p) => p.name).toSorted())
    for (const pack of packed) {
      const pkg = LIBRARY_PACKAGES.find((p) => p.name === pack.name)
      const stray = pack.files.map((f) => f.path).filter((path) => !/^(dist\/|templates\/|package\.json$|README\.md$|LICENSE)/.test(path) && path !== 'src/styles.css')
      const manifest = JSON.parse(execFileSync('tar', ['-xzOf', pack.filename, 'package/package.json'], { encoding: 'utf8' })) as { exports: object; publishConfig?: unknown }
      const conditions = pkg === undefined ? [] : exportTargets({ ...pkg.manifest, exports: manifest.exports as never }).flatMap((t) => t.conditions)
      expect({ name: pack.name, stray, source: conditions.includes('source'), exports: manifest.exports }).toEqual({
        name: pack.name,
        stray: [],
        source: false,
        exports: pkg?.manifest.publishConfig?.exports,
      })
      expect(pack.files.map((f) => f.path)).toContain('dist/index.js')
    }
  })

  it('ship the workspace root LICENSE (MIT) in every tarball, as their manifests declare', () => {
    const root = readFileSync(join(WORKSPACE_ROOT, 'LICENSE'), 'utf8')
    expect(root).toMatch(/^MIT License\n\nCopyright \(c\) \d{4} Hakiki contributors\n/)
    for (const pack of packed) {
      const shipped = pack.files.some((f) => f.path === 'LICENSE')
      const text = shipped ? execFileSync('tar', ['-xzOf', pack.filename, 'package/LICENSE'], { encoding: 'utf8' }) : undefined
      const manifest = JSON.parse(execFileSync('tar', ['-xzOf', pack.filename, 'package/package.json'], { encoding: 'utf8' })) as { license?: string }
      expect({ name: pack.name, shipped, sameAsRoot: text === root, license: manifest.license }).toEqual({ name: pack.name, shipped: true, sameAsRoot: true, license: 'MIT' })
    }
  })

  it('install with npm as real folders in the app, not links into the workspace', () => {
    const installed = readdirSync(join(app, 'node_modules/@hakiki')).toSorted()
    expect(installed).toEqual(LIBRARY_PACKAGES.map((p) => p.name.slice('@hakiki/'.length)).toSorted())
    for (const name of installed) {
      const dir = join(app, 'node_modules/@hakiki', name)
      expect({ name, link: lstatSync(dir).isSymbolicLink(), src: existsSync(join(dir, 'src/index.ts')) }).toEqual({ name, link: false, src: false })
    }
  })

  it('give npm users the sandbox CLI: npx hakiki-sandbox', () => {
    const result = spawnSync('npx', ['--no-install', 'hakiki-sandbox', '--help'], { cwd: app, encoding: 'utf8', timeout: 60_000 })
    expect({ status: result.status, usage: /--port/.test(result.stdout + result.stderr) }).toEqual({ status: 0, usage: true })
  })

  it('type-check a Node server strict, without the DOM lib', () => {
    expect(compileServer()).toEqual({ status: 0, errors: [], stderr: '' })
  })

  it('type-check a browser app strict', () => {
    expect(compile('tsconfig.browser.json')).toEqual({ status: 0, errors: [], stderr: '' })
  })

  it('build the browser app with Vite, without Node built-ins or server code', async () => {
    const outDir = join(app, 'dist')
    await build({ root: app, configFile: false, logLevel: 'silent', build: { outDir, emptyOutDir: true } })
    const assets = readdirSync(join(outDir, 'assets'))
    const js = assets.filter((file) => file.endsWith('.js')).map((file) => readFileSync(join(outDir, 'assets', file), 'utf8')).join('\n')
    expect(assets.some((file) => file.endsWith('.css'))).toBe(true)
    expect(js).toContain('/api/verify')
    expect(js).not.toMatch(/["']node:/)
    expect(js).not.toContain('createVerifyClient')
  })

  it('complete a verification: the packed proxy and sandbox on loopback, driven by the packed browser adapter', () => {
    // The type-check emitted out/server.js; Node resolves its imports from the app's node_modules.
    expect(compileServer().status).toBe(0)
    const output = execFileSync(process.execPath, [join(app, 'out/server.js')], { cwd: app, encoding: 'utf8', timeout: 60_000 })
    const trace = JSON.parse(output.trim().split('\n').at(-1) ?? '{}') as ProxyFlowTrace
    expect(trace).toMatchObject(expectedProxyFlow(trace, '+233241234567'))
    expect(trace.sent.code).toMatch(/^\d{6}$/)
  })
})
