/**
 * The steps after the address step, in one module that `VerificationFlow` loads with `import()`
 * when the address is submitted (see `use-later-steps.ts`): they and what only they draw (the code
 * field, the expiry and attempts notices, `ResendButton`'s countdown) are not needed for the first screen.
 */
export { CodeStep } from './code-step'
export { ProblemStep } from './problem-step'
export { VerifiedStep } from './verified-step'
// "Send code" with its countdown, and the refusal's words ticking beside it, for the address step
// once a refused start makes it wait.
export { ResendButton } from '../resend-button'
export { RetryText } from './retry-text'
export { spokenStepText, stepErrorText } from './step-text'
