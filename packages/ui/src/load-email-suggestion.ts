import type * as EmailSuggestionModule from './email-suggestion'

/** The e-mail typo hint's rule (`email-suggestion.tsx`), loaded once per page with `import()`. */
export type SuggestAddress = (address: string) => string | undefined

/** The typo hint's chunk: its rule and how the hint is drawn. */
let loaded: typeof EmailSuggestionModule | undefined
let loading: Promise<SuggestAddress> | undefined

/** Loads the typo hint's chunk once; a failed load is tried again on the next call (no hint meanwhile). */
export function loadEmailSuggestion(): Promise<SuggestAddress> {
  loading ??= import('./email-suggestion').then(
    (module) => (loaded = module).suggestAddress,
    (error: unknown) => {
      loading = undefined
      throw error
    },
  )
  return loading
}

/** The typo hint's rule if it is loaded already, else `undefined`. */
export function loadedEmailSuggestion(): SuggestAddress | undefined {
  return loaded?.suggestAddress
}

/** How the hint is drawn (`SuggestionHint`), once the chunk is loaded (as the rule that finds one). */
export function loadedSuggestionHint(): typeof EmailSuggestionModule.SuggestionHint | undefined {
  return loaded?.SuggestionHint
}
