/**
 * The props tables' Default column from the doc comments. react-docgen (the docgen that works with
 * TypeScript 7) fills a prop's `defaultValue` only from a destructuring default in code, and
 * Storybook's JSDoc reading keeps only `@param`, `@returns` and `@deprecated`; the components
 * document their defaults as `@default …` in the prop's doc comment, so the table showed that tag
 * raw in the description and "-" as the default. {@link applyDocCommentDefaults} moves each
 * `@default` into the docgen data, where the table reads it, before any story is prepared.
 */

/** What a prop's entry in react-docgen's `__docgenInfo` holds that this module reads or writes. */
interface DocgenProp {
  description?: string
  defaultValue?: { value: string; computed: boolean } | null
}

/** Where react-docgen's Vite plugin attaches a component's docgen data (Storybook's name for it). */
const DOCGEN_KEY = '__docgenInfo'

/** A description without its `@default`, and that default, when it had one. */
export interface SplitDescription {
  description: string
  defaultValue?: string
}

/**
 * Splits `@default` (inline at the end, or on a line of its own) off a prop's description. A default
 * followed by `; more words` keeps those words in the description: "`@default true; turn it off
 * for a second button`" gives `true`, and "Turn it off for a second button" in the description.
 */
export function splitDocDefault(text: string): SplitDescription {
  const match = /(?:^|\s)@default\s+([\s\S]+)$/.exec(text)
  if (!match?.[1]) return { description: text }
  const before = text.slice(0, match.index).trim()
  const tag = match[1].replace(/\s+/g, ' ').trim()
  const semicolon = tag.indexOf('; ')
  if (semicolon === -1) return { description: before, defaultValue: tag }
  const rest = tag.slice(semicolon + 2)
  return { description: `${before} ${rest.charAt(0).toUpperCase()}${rest.slice(1)}`.trim(), defaultValue: tag.slice(0, semicolon) }
}

/**
 * Rewrites, in place, the `__docgenInfo` of each component given: every prop whose description
 * carries `@default` loses it there and gets it as `defaultValue`, unless the code already has one
 * (a destructuring default is the truth). Call it once, before stories are prepared.
 */
export function applyDocCommentDefaults(components: Iterable<unknown>): void {
  for (const component of components) {
    if ((typeof component !== 'function' && typeof component !== 'object') || component === null) continue
    const docgen = (component as Record<string, { props?: Record<string, DocgenProp> } | undefined>)[DOCGEN_KEY]
    const props = docgen?.props
    for (const prop of Object.values(props ?? {})) {
      if (typeof prop.description !== 'string') continue
      const { description, defaultValue } = splitDocDefault(prop.description)
      if (defaultValue === undefined) continue
      prop.description = description
      prop.defaultValue ??= { value: defaultValue, computed: false }
    }
  }
}
