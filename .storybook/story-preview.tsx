import { LOCALES, getLocaleInfo, toApiLocale } from '@hakiki/core'
import { LocaleProvider } from '@hakiki/ui'
import type { Preview } from '@storybook/react-vite'
import { configure } from 'storybook/test'
// The theme is imported for its side effect, as an app would (see packages/ui/README.md).
// oxlint-disable-next-line import/no-unassigned-import
import '@hakiki/ui/styles.css'

// `waitFor`/`findBy*` in the play functions give up after 1 s by default: a wait, not a ceiling, and
// one a busy 2-core machine misses (the CodeInput Arabic story's locale load did, in Firefox at load
// ~25). Conditions still end the wait as soon as they hold.
configure({ asyncUtilTimeout: 15_000 })

/**
 * What every story is rendered and tested with, on the site (preview.tsx adds the docs pages' part)
 * and in the stories' tests (stories.browser.test.tsx): the frame with the theme, direction and
 * locale, the toolbar's globals, and the axe check that fails a story.
 */
export const storyPreview = {
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
      description: 'Text direction (the locale sets it too: ar and he are right to left)',
      toolbar: { title: 'Direction', items: ['ltr', 'rtl'], dynamicTitle: true },
    },
    locale: {
      description: 'Language of the components (translations load lazily)',
      toolbar: { title: 'Locale', icon: 'globe', items: LOCALES.map((l) => ({ value: l.tag, title: l.nativeName })), dynamicTitle: true },
    },
  },
  initialGlobals: { theme: 'light', dir: 'ltr', locale: 'en' },
  decorators: [
    (Story, context) => {
      const theme = (context.parameters.theme as string | undefined) ?? (context.globals.theme as string)
      const locale = (context.parameters.locale as string | undefined) ?? (context.globals.locale as string | undefined) ?? 'en'
      const localeDir = getLocaleInfo(toApiLocale(locale) ?? 'en')?.dir
      const dir = (context.parameters.dir as string | undefined) ?? (localeDir === 'rtl' ? 'rtl' : (context.globals.dir as string))
      return (
        <div
          data-theme={theme}
          dir={dir}
          lang={locale}
          className="hakiki-story-frame"
          style={{ padding: 24, background: theme === 'dark' ? '#0f1115' : '#ffffff', color: theme === 'dark' ? '#e6edf3' : '#1b1f24' }}
        >
          <LocaleProvider locale={locale}>
            <Story />
          </LocaleProvider>
        </div>
      )
    },
  ],
} satisfies Preview
