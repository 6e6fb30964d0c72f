/** The e-mail typo hint's rule (`email-suggestion.ts`), loaded once per page with `import()`. */
export type SuggestAddress = (address: string) => string | undefined

let loaded: SuggestAddress | undefined
let loading: Promise<SuggestAddress> | undefined

/** Loads the typo hint's rule once; a failed load is tried again on the next call (no hint meanwhile). */
export function loadEmailSuggestion(): Promise<SuggestAddress> {
  loading ??= import('./email-suggestion').then(
    (module) => (loaded = module.suggestAddress),
    (error: unknown) => {
      loading = undefined
      throw error
    },
  )
  return loading
}

/** The typo hint's rule if it is loaded already, else `undefined`. */
export function loadedEmailSuggestion(): SuggestAddress | undefined {
  return loaded
}
