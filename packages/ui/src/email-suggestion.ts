/**
 * The e-mail typo hint's rule, in a chunk of its own that `EmailInput` loads with `import()` when
 * the field is first focused (see `load-email-suggestion.ts`): its list of popular mailbox domains
 * is not needed to draw the field.
 */
import { suggestEmailAddress } from '@hakiki/core'

/** The address meant, when `address` looks like a typo of a popular mailbox domain (`suggestEmailAddress` of `@hakiki/core`). */
export function suggestAddress(address: string): string | undefined {
  return suggestEmailAddress(address)
}
