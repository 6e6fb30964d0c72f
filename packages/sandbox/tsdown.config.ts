import { libraryBuild } from '@hakiki/build-config'
import { defineConfig } from 'tsdown'

/** The published build of @hakiki/sandbox: ESM for Node (>= 20.19, the workspace's engines), with declarations and source maps. */
/**
 * Two builds, not two entries of one: with a shared chunk, `dist/index.js` would shrink to a
 * re-export facade. The CLI (`bin: hakiki-sandbox`) is bundled on its own, after the library,
 * without declarations and without cleaning `dist/`.
 */
export default defineConfig([libraryBuild('server'), libraryBuild('server', { entry: { cli: 'src/cli.ts' }, dts: false, clean: false })])
