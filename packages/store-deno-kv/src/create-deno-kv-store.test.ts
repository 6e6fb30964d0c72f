// The Deno KV store in real Deno (`deno` from npm): two Deno processes, each with two KV handles,
// on one local KV file (SQLite), so the contract's instances are separate connections in separate
// processes.
import { describeStoreContract } from '@hakiki/store/contract'
import { storeOverHttp } from '@hakiki/test-support/store-over-http'
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'

/** Deno's binary, from the optional platform package the `deno` npm package installs. */
function denoBinary(): string {
  const manifest = createRequire(import.meta.url).resolve('deno/package.json')
  return join(dirname(createRequire(manifest).resolve('@deno/linux-x64-glibc/package.json')), 'deno')
}

/** Starts `deno run` on the bundled server and resolves its origin once it prints its port. */
async function startDeno(script: string, kvPath: string, denoDir: string) {
  const child = spawn(denoBinary(), ['run', '--no-lock', '--unstable-kv', '--allow-net=127.0.0.1', `--allow-read=${dirname(kvPath)}`, `--allow-write=${dirname(kvPath)}`, script, kvPath], {
    env: { ...process.env, DENO_DIR: denoDir, DENO_NO_UPDATE_CHECK: '1', NO_COLOR: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (output += chunk))
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      output += chunk
      const line = /^\{"port":(\d+)\}$/m.exec(output)
      if (line) resolve(Number(line[1]))
    })
    child.once('exit', (code) => reject(new Error(`deno exited with ${String(code)}:\n${output}`)))
  })
  return {
    origin: `http://127.0.0.1:${port}`,
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return
      const gone = once(child, 'exit')
      child.kill('SIGTERM')
      await gone
    },
  }
}

/** The store behind one KV handle of a Deno process. */
const throughDeno = (origin: string, handle: number) => storeOverHttp((method, body) => fetch(`${origin}/${handle}/${method}`, { method: 'POST', body }))

describeStoreContract('Deno KV (two Deno processes, one local KV file)', async () => {
  const temp = mkdtempSync(join(tmpdir(), 'hakiki-deno-kv-'))
  const bundle = await build({
    entryPoints: [fileURLToPath(new URL('../test/fixtures/kv-server.ts', import.meta.url))],
    bundle: true,
    format: 'esm',
    platform: 'neutral',
    conditions: ['source', 'deno'],
    target: 'es2022',
    write: false,
    logLevel: 'silent',
  })
  const script = join(temp, 'kv-server.js')
  writeFileSync(script, bundle.outputFiles[0]?.text ?? '')
  const kvPath = join(temp, 'kv', 'store.sqlite')
  mkdirSync(dirname(kvPath))
  const denoDir = join(temp, 'deno-dir')
  const servers = await Promise.all([startDeno(script, kvPath, denoDir), startDeno(script, kvPath, denoDir)])
  return {
    // Process A's first handle, process B's, process A's second: three connections, two processes.
    stores: [throughDeno(servers[0].origin, 0), throughDeno(servers[1].origin, 0), throughDeno(servers[0].origin, 1)],
    close: async () => {
      await Promise.all(servers.map((s) => s.stop()))
      rmSync(temp, { recursive: true, force: true })
    },
  }
})
