import { fileURLToPath } from 'node:url'
import { build } from 'vite'

/** The demo's root folder (where `vite.config.ts` and `dist/` are). */
export const DEMO_ROOT = fileURLToPath(new URL('../..', import.meta.url))

/** Builds the demo once into `dist/`, which every test file then serves with `vite preview`. */
export async function buildDemo(): Promise<void> {
  // Vite builds React's development bundle when NODE_ENV says so, and Vitest sets it to `test`:
  // the tests (and Lighthouse) must see the production build users get.
  const nodeEnv = process.env.NODE_ENV
  process.env.NODE_ENV = 'production'
  try {
    await build({ root: DEMO_ROOT, configFile: `${DEMO_ROOT}/vite.config.ts`, mode: 'production', logLevel: 'warn' })
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV
    else process.env.NODE_ENV = nodeEnv
  }
}
