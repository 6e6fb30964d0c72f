import * as ui from '@hakiki/ui'
import type { Preview } from '@storybook/react-vite'
import { ComponentDocsPage } from './component-docs-page'
import { applyDocCommentDefaults } from './doc-comment-defaults'
import { storyPreview } from './story-preview'

// The props tables' Default column comes from the components' `@default` doc tags.
applyDocCommentDefaults(Object.values(ui))

/** The site's preview: how every story renders and is checked (story-preview.tsx), and the docs pages. */
const preview: Preview = {
  ...storyPreview,
  // Every component gets a docs page: its props (from the doc comments), controls and stories.
  tags: ['autodocs'],
  parameters: {
    ...storyPreview.parameters,
    docs: { page: ComponentDocsPage, toc: true },
    options: { storySort: { order: ['Introduction', 'Guides', ['Getting started', 'Server setup', 'Security and abuse', 'Theming', 'Accessibility', 'Languages', 'Forms with react-hook-form', 'Testing your app', 'Phone numbers of every country', 'Twilio Verify'], 'Hooks', 'Components', 'Flow', 'API reference', 'Problems', 'Search'] } },
  },
}

export default preview
