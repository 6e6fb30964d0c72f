import type { UserConfig } from 'tsdown'

/**
 * The build of a published Hakiki package: ESM with `.js`/`.d.ts` names matching `exports`,
 * declarations and source maps, unminified. `browser` packages (core, react, ui) use Web APIs
 * only; `server` packages (sandbox, verify-client, proxy) keep `node:` imports.
 */
export declare function libraryBuild(kind: 'browser' | 'server', overrides?: UserConfig): UserConfig
