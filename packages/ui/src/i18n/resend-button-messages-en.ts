// One group of the English messages, a module of its own so that a bundle takes only the groups
// its components use (esbuild shares a module's every used part between chunks; see messages-en.ts).
/** English messages of `ResendButton`. */
export const resendButtonMessagesEn = {
  /** The button, once a new code may be requested. */
  'resend.button': 'Resend code',
  /**
   * The seconds left, drawn beside a waiting button (after it in reading order): "Resend code"
   * [button] "in 25 s". Short, and readable on its own next to any of the kit's buttons (Resend
   * code, Send code, Send a new code, Call me instead, Text me instead); it is not part of the
   * button's name, which stays the text the button shows (WCAG 2.5.3).
   */
  'resend.countdown.suffix': { one: 'in {count} s', other: 'in {count} s' },
  /** Described and announced during the cooldown (once, not every second). */
  'resend.wait': {
    one: 'You can ask for a new code in {count} second.',
    other: 'You can ask for a new code in {count} seconds.',
  },
  /** The same for a wait of two minutes or more, in whole minutes (rounded up). */
  'resend.waitMinutes': {
    one: 'You can ask for a new code in {count} minute.',
    other: 'You can ask for a new code in {count} minutes.',
  },
  /** Announced when the cooldown is over. */
  'resend.ready': 'You can ask for a new code now.',
  /** Announced while a new code is being sent. */
  'resend.sending': 'Sending a new code…',
} as const
