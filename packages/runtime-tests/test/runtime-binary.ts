import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'

const require = createRequire(import.meta.url)

/**
 * The binary an npm runtime package ships (from its optional platform package, installed from npm):
 * Deno's `@deno/linux-x64-glibc/deno`, resolved from the `deno` package as its launcher does; Bun's
 * `bin/bun.exe`, where the `bun` package's install script links `@oven/bun-linux-x64`'s binary.
 */
export function runtimeBinary(runtime: 'deno' | 'bun'): string {
  const home = dirname(require.resolve(`${runtime}/package.json`))
  if (runtime === 'bun') return join(home, 'bin/bun.exe')
  return join(dirname(createRequire(join(home, 'package.json')).resolve('@deno/linux-x64-glibc/package.json')), 'deno')
}
