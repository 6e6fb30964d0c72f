import { spawnSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import type { StorybookConfig } from '@storybook/react-vite'
import remarkGfm from 'remark-gfm'
import { defaultClientConditions } from 'vite'

// The API reference pages (docs/api/*.mdx, not committed) are written from the packages' doc
// comments before the site is built, again only when a package's sources changed. TypeDoc needs
// TypeScript 5.9's library API, so it runs in its own package and process.
const generated = spawnSync(process.execPath, ['--import', 'tsx', 'src/cli.ts', '--if-stale'], {
  cwd: fileURLToPath(new URL('../packages/api-reference', import.meta.url)),
  stdio: 'inherit',
})
if (generated.status !== 0) throw new Error('the API reference (packages/api-reference) could not be generated')

/**
 * The documentation site of Hakiki (`pnpm docs`, `pnpm docs:build`): the guides in docs/**, and a
 * docs page per component of `@hakiki/ui` built from its stories, whose play functions and axe
 * checks also run as browser tests (stories.browser.test.tsx, in @hakiki/ui's browser projects).
 */
const config: StorybookConfig = {
  // docs/public: the pages the problem types' URIs name (hakiki.dev/problems/<code>), which lead to
  // each code's docs page.
  staticDirs: ['../docs/public'],
  stories: ['../docs/**/*.mdx', '../docs/**/*.stories.@(ts|tsx)', '../packages/ui/src/**/*.stories.@(ts|tsx)'],
  addons: [
    // MDX alone knows no tables: GitHub-flavoured Markdown (tables, strikethrough, autolinks) as the
    // READMEs are written, or every `| a | b |` row shows as raw text on the site.
    { name: '@storybook/addon-docs', options: { mdxPluginOptions: { mdxCompileOptions: { remarkPlugins: [remarkGfm] } } } },
    '@storybook/addon-a11y',
  ],
  framework: { name: '@storybook/react-vite', options: {} },
  // react-docgen reads the props' doc comments from the sources; react-docgen-typescript needs the
  // TypeScript compiler API, which TypeScript 7 no longer has.
  typescript: { reactDocgen: 'react-docgen' },
  core: { disableTelemetry: true, disableWhatsNewNotifications: true },
  // Workspace packages are read from their TypeScript source (the `source` export condition).
  viteFinal: async (viteConfig) => {
    viteConfig.resolve ??= {}
    viteConfig.resolve.conditions = ['source', ...defaultClientConditions]
    viteConfig.build ??= {}
    // A documentation site, not the product: its chunks are big by nature (the product's budgets
    // are enforced by apps/bench). Any other warning fails `pnpm docs:build`'s test.
    viteConfig.build.chunkSizeWarningLimit = 4096
    const rolldownOptions = viteConfig.build.rolldownOptions ?? {}
    viteConfig.build.rolldownOptions = {
      ...rolldownOptions,
      // Timing hints on a busy machine are not problems of the site.
      checks: { ...rolldownOptions.checks, pluginTimings: false },
      onwarn(warning, warn) {
        // 'use client' at the top of TanStack Query's and our modules means nothing in a browser-only bundle.
        if (warning.code === 'MODULE_LEVEL_DIRECTIVE') return
        if (rolldownOptions.onwarn) rolldownOptions.onwarn(warning, warn)
        else warn(warning)
      },
    }
    return viteConfig
  },
}

export default config
