/**
 * What the flow's one polite live region says, and until when. Every outcome of the flow (sent
 * again, checking, verified, expired, locked, a refused code or request) is said by that one
 * region, so a screen reader hears them once and in the order they happened: two regions are read
 * in whatever order the screen reader meets their changes.
 */
import type { FlowAnnouncementEntry } from './create-verification-flow'
import { placeOfError } from './flow-policy'
import { stepOf } from './step-of'
import type { FlowState } from './flow-state'

/**
 * The announcement the flow's live region holds for `state`: the last one (`entry`) while it
 * still describes the state, else none. A region that empties says nothing, so a stale sentence
 * ("That code is not right", "Checking the code…") is taken out once the user moved on, and a
 * screen-reader user reading the page later does not find it. Not said by the region:
 * - `sent`: the view moves focus to the code field, whose description says where the code went;
 *   a second voice at that moment would talk over it (or be talked over).
 * - an error of the address field: the field's own live region says it, beside the field.
 * The entry's `id` keys the spoken node: a new id is a new node, read once, even with the same words.
 */
export function spokenAnnouncement(entry: FlowAnnouncementEntry | undefined, state: FlowState): FlowAnnouncementEntry | undefined {
  if (!entry) return undefined
  const said = entry.announcement
  switch (said.kind) {
    case 'sending':
      return state.status === 'sending' && state.intent === 'start' ? entry : undefined
    case 'checking':
      return state.status === 'checking' ? entry : undefined
    case 'sent':
      return undefined
    case 'resent':
      return state.status === 'code_sent' ? entry : undefined
    case 'verified':
    case 'expired':
    case 'locked':
      return state.status === said.kind ? entry : undefined
    case 'delivery':
      return state.status === 'code_sent' && state.verification.delivery === said.delivery ? entry : undefined
    case 'error': {
      const error = 'error' in state ? state.error : undefined
      if (error?.code !== said.error.code) return undefined
      return placeOfError(error, stepOf(state)) === 'address' ? undefined : entry
    }
  }
}
