// One group of the English messages, a module of its own so that a bundle takes only the groups
// its components use (esbuild shares a module's every used part between chunks; see messages-en.ts).
/**
 * English messages of the errors only the code step meets, all three made by the flow itself
 * (never a server's answer to a send): they come in the later steps' chunk (`flow/step-text.ts`),
 * not up front with `errorMessagesEn`.
 */
export const codeErrorMessagesEn = {
  /** The code was checked and is not the one sent. */
  'error.wrong_code': 'That code is not right.',
  /** Verify was pressed before every digit was typed. */
  'error.incomplete_code': { one: 'Enter all {count} digits of the code.', other: 'Enter all {count} digits of the code.' },
  /** The code the server just refused was typed again; it is not checked by itself. */
  'error.already_tried': 'You already tried this code.',
} as const
