import { addons } from 'storybook/manager-api'
import { create } from 'storybook/theming'

/** The name the site goes by: in the sidebar, the browser tab and the page's hidden heading. */
const SITE_NAME = 'Hakiki'

addons.setConfig({
  theme: create({ base: 'light', brandTitle: `${SITE_NAME} docs`, brandUrl: './', brandTarget: '_self' }),
})

/**
 * Storybook writes "<page> ⋅ Storybook" into the tab's title on every navigation, and names the
 * site "Storybook" in a heading only screen readers hear; it has no option for either, so both are
 * rewritten whenever Storybook sets them.
 */
function rebrand(): void {
  const branded = document.title.replace(/Storybook$/, SITE_NAME)
  if (branded !== document.title) document.title = branded
  const heading = document.getElementById('global-site-h1')
  if (heading && heading.textContent !== `${SITE_NAME} documentation`) heading.textContent = `${SITE_NAME} documentation`
}

new MutationObserver(rebrand).observe(document.documentElement, { subtree: true, childList: true, characterData: true })
rebrand()
