/** The Verify API conformance suite and what a target must provide; see `describe-verify-api-conformance.ts`. */
export { describeVerifyApiConformance, freshEmail, freshPhone, wrongCode } from './describe-verify-api-conformance'
export type { ConformanceClient, ConformanceTarget, SentMessage } from './conformance-target'
