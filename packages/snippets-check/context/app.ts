// `snippet: context app.ts`: what an example app already has (its own sign-up code), declared so
// that a block can call it without implementing it.
declare function signUp(receipt: string): void
declare function finishSignUp(receipt: string): void
declare function check(code: string): void
declare function render(state: import('@hakiki/core').FlowState): void
