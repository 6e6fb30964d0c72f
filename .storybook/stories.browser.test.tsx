import * as a11yAnnotations from '@storybook/addon-a11y/preview'
import { type ReactRenderer, composeStories, setProjectAnnotations } from '@storybook/react-vite'
import type { ComposedStoryFn, Store_CSFExports } from 'storybook/internal/types'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { commands, page, server } from 'vitest/browser'
import { storyPreview } from './story-preview'

/**
 * Every story of the site (main.ts's `stories`) as a test: rendered with the site's decorators and
 * parameters (story-preview.tsx, which the site's preview.tsx spreads), its play function run, then axe with the site's rules (the a11y addon's
 * `afterEach`, `a11y.test: 'error'`): a play function that throws or any axe violation fails it.
 *
 * These are Storybook's portable stories (`composeStories`, `run()`), which is what
 * @storybook/addon-vitest runs for each story too (its `testStory`). Run here, in @hakiki/ui's
 * browser projects (packages/ui/vitest.config.ts includes this file), the stories need no Storybook
 * build of their own: the addon's Vitest plugin builds the whole Storybook preview (presets, the
 * docs pages' MDX, its own Vite server) in a browser session of its own, a second build beside the
 * static site snippets-check builds and reads, and it cannot test that static build
 * (storybookjs/storybook#35672). Here the stories share the ui tests' page and modules.
 */

// The site's project annotations for stories, as its preview composes them: the a11y addon's (axe
// after each story) and ours (decorators, the WCAG 2.2 AA rules, `a11y.test: 'error'`). The React
// renderer's and Storybook's core annotations come with `setProjectAnnotations` itself. (The docs
// pages' part of preview.tsx, with the docs addon's blocks, is not loaded: no story renders it.)
const annotations = setProjectAnnotations([a11yAnnotations, storyPreview])

/**
 * The stories files of main.ts's `stories` (its MDX docs pages hold no story). Keep the two lists
 * alike: a stories file missing here is untested. Loaded lazily: each engine imports only its own.
 */
const STORY_FILES = import.meta.glob<Store_CSFExports<ReactRenderer>>(['../docs/**/*.stories.tsx', '../packages/ui/src/**/*.stories.tsx'])

/**
 * Stories files that run in Chromium only, each for a reason:
 * - verification-flow: the whole flow's 46 stories, for time; the components it is made of run as
 *   stories in every engine, and the flow's own browser tests run in all three.
 * - four small components: every play function of theirs repeats a test of the component's own
 *   browser test file, which runs in all three engines, and their dark and Arabic stories' axe check
 *   runs there too (packages/ui/src/component-themes.browser.test.tsx).
 */
const CHROMIUM_ONLY = /\/(verification-flow|attempts-notice|expiry-notice|channel-picker|locale-select)\.stories\.tsx$/

const files = Object.keys(STORY_FILES)
  .filter((file) => server.browser === 'chromium' || !CHROMIUM_ONLY.test(file))
  .toSorted()
const modules = await Promise.all(files.map((file) => STORY_FILES[file]!()))

/** What a failed report of a story says (the a11y addon's: axe's violations, or the error axe threw). */
function describeReport(report: { type: string; result?: unknown }): string {
  const result = report.result as { violations?: { id: string; help: string; nodes: { target: unknown[] }[] }[]; error?: unknown } | undefined
  if (result?.violations?.length) return result.violations.map((v) => `${report.type} ${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`).join('; ')
  return `${report.type}: ${String(result?.error ?? 'failed')}`
}

/** The last story run: its React root is unmounted when the next one runs, or after the last. */
let last: ComposedStoryFn<ReactRenderer> | undefined

beforeAll(async () => {
  await annotations.beforeAll?.()
  // The size @storybook/addon-vitest gives every story (its default viewport), so a story renders
  // as it did there (axe's contrast check reads what is on screen).
  await page.viewport(1200, 900)
})

afterAll(async () => {
  // Storybook unmounts a story when the next one runs; the other tests of this page come next.
  await last?.load()
  const { width, height } = server.config.browser.viewport
  await page.viewport(width, height)
})

/** Each stories file (as main.ts names it) and its stories, composed. */
const cases = files.map((file, index) => [file.replace(/^\.\.\//, ''), composeStories(modules[index]!) as Record<string, ComposedStoryFn<ReactRenderer>>] as const)

describe.for(cases)('%s', ([, stories]) => {
  // Storybook's `test` tag (on by default; `!test` takes a story out of the tests).
  test.for(Object.entries(stories).filter(([, story]) => story.tags.includes('test')))('%s', async ([, story]) => {
    // A pointer left over a field by the last test can give it :hover in Chromium (as the addon
    // does: the pointer off the page before each story).
    await (commands as unknown as { resetMousePosition(): Promise<void> }).resetMousePosition()
    last = story
    await story.run()
    expect(story.reporting.reports.filter((report) => report.status === 'failed').map(describeReport)).toEqual([])
  })
})
