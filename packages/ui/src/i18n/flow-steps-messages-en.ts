// One group of the English messages, a module of its own so that a bundle takes only the groups
// its components use (esbuild shares a module's every used part between chunks; see messages-en.ts).
/**
 * English messages of `VerificationFlow`'s steps after the address step (the code, the outcome):
 * they come with those steps, in the chunk loaded when the address is submitted.
 */
export const flowStepsMessagesEn = {
  /** Heading of the code step after an SMS: where the code went (the formatted number). */
  'flow.heading.code.sms': 'Enter the code sent to {address}',
  /** Heading of the code step after a voice call: the number being called. */
  'flow.heading.code.call': 'Enter the code from our call to {address}',
  /** Heading of the code step after an e-mail: the address it went to. */
  'flow.heading.code.email': 'Enter the code sent to {address}',
  /** Heading of the code step for a channel without a heading of its own (WhatsApp); `{channel}` is its name. */
  'flow.heading.code': 'Enter the code sent by {channel} to {address}',
  /** Heading once the address is verified. */
  'flow.heading.verified': 'Verified',
  /** Heading when the code's lifetime is over. */
  'flow.heading.expired': 'Your code has expired',
  /** Heading after too many wrong codes. */
  'flow.heading.locked': 'Too many wrong codes',
  /** Heading when the verification cannot go on. */
  'flow.heading.failed': 'Something went wrong',
  /** Button that checks the code. */
  'flow.verify': 'Verify',
  /** Announced once an SMS is sent (the code step's heading shows where it went); `{address}` is the formatted number. */
  'flow.sent.sms': 'We sent a code by SMS to {address}.',
  /** Announced once a call is placed. */
  'flow.sent.call': 'We are calling {address} to read you a code.',
  /** Announced once an e-mail is sent. */
  'flow.sent.email': 'We sent a code to {address}. It may take a minute to arrive.',
  /** Announced once a code went by a channel without a sentence of its own (WhatsApp); `{channel}` is its name. */
  'flow.sent': 'We sent a code by {channel} to {address}.',
  /** Resend the code by a voice call. */
  'flow.callInstead': 'Call me instead',
  /** Resend the code by SMS after a call. */
  'flow.smsInstead': 'Text me instead',
  /** After expiry, too many wrong codes or a lost verification: send a new code. */
  'flow.newCode': 'Send a new code',
  /** Under the expired heading. */
  'flow.expiredBody': 'Codes work for a limited time. Send a new code to continue.',
  /** Under the too-many-wrong-codes heading. */
  'flow.lockedBody': 'For your security, this code no longer works. Send a new code to continue.',
  /** Shown and announced once verified. */
  'flow.verified': '{address} is verified.',
  /** Under the code field when the code is checked on its last digit (WCAG 3.2.2: said before it happens). */
  'flow.autoSubmitHint': 'The code is checked as soon as you type the last digit.',
  /** Shown under the code field and announced once "Resend code" sent a new code. */
  'flow.resent': 'New code sent.',
  /**
   * Two sentences said as one announcement ("Too many wrong codes. …" then "You can ask for a new
   * code in 25 seconds."): how the language puts one sentence after another (no space in Japanese
   * and Chinese).
   */
  'flow.sentences': '{first} {second}',
  /** Beside the code's clock, and said once, when the provider reports the message arrived. */
  'flow.delivery.delivered': 'Delivered',
  /** The message with the code will never arrive (failed, undelivered), and no other channel is offered. */
  'flow.delivery.failed': 'Couldn’t be delivered',
  /** As `flow.delivery.failed`, when "Call me instead" is offered beside it. */
  'flow.delivery.failed.call': 'Couldn’t be delivered — try a call',
  /** As `flow.delivery.failed`, when "Text me instead" is offered beside it. */
  'flow.delivery.failed.sms': 'Couldn’t be delivered — try a text message',
} as const
