import type { StorybookConfig } from '@storybook/react-vite'
import { defaultClientConditions } from 'vite'

/** Storybook for visual review of `@hakiki/ui`; its stories also run as browser tests (see vitest.config.ts). */
const config: StorybookConfig = {
  stories: ['../packages/ui/src/**/*.stories.@(ts|tsx)'],
  addons: ['@storybook/addon-a11y', '@storybook/addon-vitest'],
  framework: { name: '@storybook/react-vite', options: {} },
  core: { disableTelemetry: true, disableWhatsNewNotifications: true },
  // Workspace packages are read from their TypeScript source (the `source` export condition).
  viteFinal: async (viteConfig) => {
    viteConfig.resolve ??= {}
    viteConfig.resolve.conditions = ['source', ...defaultClientConditions]
    return viteConfig
  },
}

export default config
