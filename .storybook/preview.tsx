import type { Preview } from '@storybook/react-vite'
// import '@hakiki/ui/styles.css'

const preview: Preview = {
  parameters: {
    layout: 'centered',
    // Every story is an accessibility test: an axe violation fails it (WCAG 2.2 AA rules).
    a11y: {
      test: 'error',
      options: { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] } },
    },
  },
  globalTypes: {
    theme: {
      description: 'Colour scheme',
      toolbar: { title: 'Theme', items: ['light', 'dark'], dynamicTitle: true },
    },
    dir: {
      description: 'Text direction',
      toolbar: { title: 'Direction', items: ['ltr', 'rtl'], dynamicTitle: true },
    },
  },
  initialGlobals: { theme: 'light', dir: 'ltr' },
  decorators: [
    (Story, context) => {
      const theme = (context.parameters.theme as string | undefined) ?? (context.globals.theme as string)
      const dir = (context.parameters.dir as string | undefined) ?? (context.globals.dir as string)
      return (
        <div data-theme={theme} dir={dir} className="hakiki-story-frame" style={{ padding: 24, background: theme === 'dark' ? '#0f1115' : '#ffffff' }}>
          <Story />
        </div>
      )
    },
  ],
}

export default preview
