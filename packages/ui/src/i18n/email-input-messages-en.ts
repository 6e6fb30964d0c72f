// One group of the English messages, a module of its own so that a bundle takes only the groups
// its components use (esbuild shares a module's every used part between chunks; see messages-en.ts).
/** English messages of `EmailInput` (its typo hint's: `emailSuggestionMessagesEn`). */
export const emailInputMessagesEn = {
  /** Label of the e-mail address field. */
  'email.label': 'Email address',
  /** Placeholder of the e-mail field: an example address, never a real one. */
  'email.placeholder': 'name@example.com',
  /** The field is required and empty. */
  'email.error.required': 'Enter your email address.',
  /** The text is not an address a code can be sent to. */
  'email.error.invalid': 'Enter a valid email address, like name@example.com.',
} as const
