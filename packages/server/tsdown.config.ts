import { libraryBuild } from '@hakiki/build-config'
import { defineConfig } from 'tsdown'

/**
 * The published build of @hakiki/server: the library (`index`, runtime-neutral; `node`, the
 * `node:http` server with Redis) and, bundled on its own without declarations, the CLI
 * (`bin: hakiki-server`), as the sandbox builds its CLI.
 */
export default defineConfig([libraryBuild('server', { entry: { index: 'src/index.ts', node: 'src/node.ts' } }), libraryBuild('server', { entry: { cli: 'src/cli.ts' }, dts: false, clean: false })])
