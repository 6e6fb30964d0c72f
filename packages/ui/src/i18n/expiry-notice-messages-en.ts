// One group of the English messages, a module of its own so that a bundle takes only the groups
// its components use (esbuild shares a module's every used part between chunks; see messages-en.ts).
/** English messages of `ExpiryNotice`. */
export const expiryNoticeMessagesEn = {
  /** Visible countdown; `{time}` is minutes and seconds, like "9:59". */
  'expiry.countdown': 'Code expires in {time}',
  /** For screen readers, and announced when one minute is left. */
  'expiry.minutes': { one: 'The code expires in {count} minute.', other: 'The code expires in {count} minutes.' },
  /** For screen readers in the last minute. */
  'expiry.seconds': { one: 'The code expires in {count} second.', other: 'The code expires in {count} seconds.' },
  /** The code's lifetime is over. */
  'expiry.expired': 'The code has expired.',
} as const
