import type { FlowBase, IdleState } from './flow-state'

/** The first state: an empty address on `channel` (default `sms`). */
export function initialFlowState(init: Partial<FlowBase> = {}): IdleState {
  return {
    status: 'idle',
    to: init.to ?? '',
    channel: init.channel ?? 'sms',
    ...(init.locale ? { locale: init.locale } : {}),
    ...(init.country ? { country: init.country } : {}),
  }
}
