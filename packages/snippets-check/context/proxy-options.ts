// `snippet: context proxy-options.ts`: the options of the proxy built as in @hakiki/proxy's README,
// for blocks that build it again with one option more.
declare const options: import('@hakiki/proxy').VerifyHandlerOptions
