// `snippet: context proxy-handler.ts`: the proxy built as in @hakiki/proxy's README, for blocks
// that show where to mount it.
declare const verify: import('@hakiki/proxy').VerifyHandler
