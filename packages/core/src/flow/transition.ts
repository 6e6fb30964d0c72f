import type { FlowEvent, FlowState, SentVerification } from './flow-state'
import { machine } from './flow-machine'

/**
 * The flow's pure reducer: the next state for an event, or the same object when the event does not
 * apply (so `Object.is` tells a no-op). The state half of {@link machine}, which also returns the
 * effects; auto-check is off here (a `CHECK` checks). See `flowMachine` for the state×event table.
 */
export function transition(state: FlowState, event: FlowEvent): FlowState {
  return machine(state, event, { autoCheck: false }).state
}

/** The verification of a state, if it has one. */
export function getVerification(state: FlowState): SentVerification | undefined {
  return 'verification' in state ? state.verification : undefined
}
