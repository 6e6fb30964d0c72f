// `snippet: context sign-up-body.ts`: the sign-up form a handler received, with the receipt the
// browser got from the proxy.
declare const body: { phone: string; receipt: string }
