// One group of the English messages, a module of its own so that a bundle takes only the groups
// its components use (esbuild shares a module's every used part between chunks; see messages-en.ts).
/**
 * English messages of `EmailInput`'s typo hint, in the chunk that draws it (`email-suggestion.tsx`,
 * loaded on the field's first focus): not up front, and no module of the field's shared with it.
 */
export const emailSuggestionMessagesEn = {
  /** The domain looks like a typo of a popular one; `{address}` is the address meant, drawn as a button that puts it in the field. */
  'email.suggestion': 'Did you mean {address}?',
} as const
