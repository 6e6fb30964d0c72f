const displayNames = /* @__PURE__ */ new Map<string, Intl.DisplayNames | undefined>()

/**
 * `Intl.DisplayNames` of regions (countries) in `tag`'s language, made once per tag, or `undefined`
 * where the runtime lacks it: what `@hakiki/ui` names countries with.
 */
export function regionNames(tag: string): Intl.DisplayNames | undefined {
  if (!displayNames.has(tag)) {
    let names: Intl.DisplayNames | undefined
    try {
      names = new Intl.DisplayNames([tag], { type: 'region', fallback: 'none' })
    } catch {
      names = undefined
    }
    displayNames.set(tag, names)
  }
  return displayNames.get(tag)
}
