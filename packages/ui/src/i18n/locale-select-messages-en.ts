// One group of the English messages, a module of its own so that a bundle takes only the groups
// its components use (esbuild shares a module's every used part between chunks; see messages-en.ts).
/** English messages of `LocaleSelect`. */
export const localeSelectMessagesEn = {
  /** Label of the language picker. */
  'locale.label': 'Language',
} as const
