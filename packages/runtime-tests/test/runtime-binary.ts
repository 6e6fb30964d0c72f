import { existsSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'

const require = createRequire(import.meta.url)

/** The folder of a package, resolved from `from` (a package.json path). */
function packageDir(name: string, from: string): string {
  return dirname(createRequire(from).resolve(`${name}/package.json`))
}

/**
 * The binary an npm runtime package ships in its optional platform package (installed from npm):
 * Deno's `@deno/linux-x64-glibc/deno`, resolved from the `deno` package as its launcher does.
 * Bun's install script moves `@oven/bun-linux-x64`'s binary to the `bun` package's `bin/bun.exe`;
 * where that script did not run, the binary is still in the platform package.
 */
export function runtimeBinary(runtime: 'deno' | 'bun'): string {
  const home = dirname(require.resolve(`${runtime}/package.json`))
  const manifest = join(home, 'package.json')
  if (runtime === 'deno') return join(packageDir('@deno/linux-x64-glibc', manifest), 'deno')
  const platformBinary = join(packageDir('@oven/bun-linux-x64', manifest), 'bin/bun')
  return existsSync(platformBinary) ? platformBinary : join(home, 'bin/bun.exe')
}
