// One group of the English messages, a module of its own so that a bundle takes only the groups
// its components use (esbuild shares a module's every used part between chunks; see messages-en.ts).
/** English messages of `AttemptsNotice`. */
export const attemptsNoticeMessagesEn = {
  /** Wrong codes the user may still try. */
  'attempts.left': { one: '{count} attempt left', other: '{count} attempts left' },
  /** After a wrong code, with the attempts left. */
  'attempts.wrongCode': {
    one: 'That code is not right. {count} attempt left.',
    other: 'That code is not right. {count} attempts left.',
  },
  /** No attempt is left: only a new code helps. */
  'attempts.none': 'No attempts left. Ask for a new code.',
} as const
