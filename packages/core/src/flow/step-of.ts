import type { FlowState } from './flow-state'

/** Which screen of the flow to show. */
export type FlowStep = 'address' | 'code' | 'problem' | 'verified'

/** Which screen a state shows. */
export function stepOf(state: FlowState): FlowStep {
  switch (state.status) {
    case 'idle':
      return 'address'
    case 'sending':
      if (state.intent === 'start') return 'address'
      return state.from === 'code_sent' || state.from === undefined ? 'code' : 'problem'
    case 'code_sent':
    case 'checking':
      return 'code'
    case 'verified':
      return 'verified'
    default:
      return 'problem'
  }
}
