/**
 * The other half of the machine's state×event table (`flowMachine`, flow-machine.ts): the events
 * each state ignores on purpose (e.g. a late answer after the user walked away). `machine()` needs
 * only the handlers, so these lists live apart and no app bundles them; `flow-machine.test.ts`
 * walks every state × every event and checks that each is handled or listed here, never both, and
 * that an ignored one changes nothing.
 */
import type { FlowEventType } from './flow-machine'
import type { FlowStatus } from './flow-state'

/** For each state, the events it ignores on purpose: all the events its config does not handle. */
export const flowIgnoredEvents: { readonly [S in FlowStatus]: readonly FlowEventType[] } = {
  idle: ['TYPE_CODE', 'CHECK', 'RESEND', 'REFRESH', 'CHANGE_ADDRESS', 'EXPIRE', 'START_DONE', 'START_FAILED', 'CHECK_DONE', 'CHECK_FAILED', 'STATUS_DONE', 'STATUS_FAILED'],
  sending: ['SET_ADDRESS', 'SET_COUNTRY', 'SUBMIT', 'TYPE_CODE', 'CHECK', 'RESEND', 'SWITCH_CHANNEL', 'REFRESH', 'EXPIRE', 'CHECK_DONE', 'CHECK_FAILED', 'STATUS_DONE', 'STATUS_FAILED'],
  code_sent: ['SET_ADDRESS', 'SET_COUNTRY', 'SUBMIT', 'START_DONE', 'START_FAILED', 'CHECK_DONE', 'CHECK_FAILED'],
  checking: ['SET_ADDRESS', 'SET_COUNTRY', 'SUBMIT', 'TYPE_CODE', 'CHECK', 'RESEND', 'SWITCH_CHANNEL', 'REFRESH', 'EXPIRE', 'START_DONE', 'START_FAILED', 'STATUS_DONE', 'STATUS_FAILED'],
  verified: ['SET_ADDRESS', 'SET_COUNTRY', 'SUBMIT', 'TYPE_CODE', 'CHECK', 'RESEND', 'SWITCH_CHANNEL', 'REFRESH', 'EXPIRE', 'START_DONE', 'START_FAILED', 'CHECK_DONE', 'CHECK_FAILED', 'STATUS_DONE', 'STATUS_FAILED'],
  expired: ['SET_ADDRESS', 'SET_COUNTRY', 'SUBMIT', 'TYPE_CODE', 'CHECK', 'REFRESH', 'EXPIRE', 'START_DONE', 'START_FAILED', 'CHECK_DONE', 'CHECK_FAILED', 'STATUS_DONE', 'STATUS_FAILED'],
  locked: ['SET_ADDRESS', 'SET_COUNTRY', 'SUBMIT', 'TYPE_CODE', 'CHECK', 'REFRESH', 'EXPIRE', 'START_DONE', 'START_FAILED', 'CHECK_DONE', 'CHECK_FAILED', 'STATUS_DONE', 'STATUS_FAILED'],
  failed: ['SET_ADDRESS', 'SET_COUNTRY', 'TYPE_CODE', 'CHECK', 'REFRESH', 'EXPIRE', 'START_DONE', 'START_FAILED', 'CHECK_DONE', 'CHECK_FAILED', 'STATUS_DONE', 'STATUS_FAILED'],
}
