// One group of the English messages, a module of its own so that a bundle takes only the groups
// its components use (esbuild shares a module's every used part between chunks; see messages-en.ts).
/** English messages of `CodeInput`. */
export const codeInputMessagesEn = {
  /** Accessible name of the code field. */
  'code.label': 'Verification code',
  /** Description of the code field when the address is not known. */
  'code.hint': { one: 'Enter the {count}-digit code.', other: 'Enter the {count}-digit code.' },
  /** Description of the code field: where the code was sent (a masked phone number or e-mail address). */
  'code.hintSentTo': {
    one: 'Enter the {count}-digit code sent to {address}.',
    other: 'Enter the {count}-digit code sent to {address}.',
  },
  /** Announced while the code is being checked. */
  'code.checking': 'Checking the code…',
} as const
