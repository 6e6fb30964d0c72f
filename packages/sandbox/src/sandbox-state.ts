/**
 * Everything one sandbox instance holds, shared by its route handlers.
 */
import type { SandboxClock } from './clock'
import type { FaultOperation, FaultStore } from './faults'
import type { InboxStore } from './inbox'
import type { SandboxRandom } from './random'
import type { ResolvedOptions } from './sandbox-options'
import type { TokenStore } from './token-store'
import type { VerificationStore } from './verification-store'

/** State and services of one sandbox. */
export interface SandboxState {
  options: ResolvedOptions
  clock: SandboxClock
  random: SandboxRandom
  inbox: InboxStore
  faults: FaultStore
  tokens: TokenStore
  verifications: VerificationStore
  /** Applies the next queued fault of `operation`: waits, then throws its error, if any. */
  applyFault(operation: FaultOperation, request: Request): Promise<void>
}
