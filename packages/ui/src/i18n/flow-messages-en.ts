// One group of the English messages, a module of its own so that a bundle takes only the groups
// its components use (esbuild shares a module's every used part between chunks; see messages-en.ts).
/**
 * English messages of `VerificationFlow`'s first screen, the address step. The words of the steps
 * after it are `flowStepsMessagesEn`, in the chunk those steps come in.
 */
export const flowMessagesEn = {
  /** Heading of the address step for a phone number. */
  'flow.heading.phone': 'Verify your phone number',
  /** Heading of the address step for an e-mail address. */
  'flow.heading.email': 'Verify your email address',
  /** Button that sends the code. */
  'flow.send': 'Send code',
  /** Announced while the code is being sent. */
  'flow.sending': 'Sending the code…',
  /** Offered beside a number that cannot get a code, when the flow offers e-mail: switches the address step to e-mail. */
  'flow.useEmail': 'Use email instead',
  /** Back to the phone number, keeping it. */
  'flow.changePhone': 'Change number',
  /** Back to the e-mail address, keeping it. */
  'flow.changeEmail': 'Change email address',
} as const
