import { libraryBuild } from '@hakiki/build-config'
import { defineConfig } from 'tsdown'

/**
 * The published build of @hakiki/ui: ESM for browsers and every bundler, with declarations and
 * source maps, one output file per source module (as TanStack Query ships). A bundler keeps a
 * module's `'use client'` only at the top of its own file, so per-module output is what lets the
 * components and hooks carry the directive while the helpers and message catalogs
 * (`loadMessages`, `validateEmail`, `formatMessage`, `messages-*.js`) stay plain modules that
 * Server Components can import and call. `src/dist-directives.test.ts` checks the output.
 */
export default defineConfig(libraryBuild('browser', { unbundle: true }))
