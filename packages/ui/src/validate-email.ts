import { isEmailAddress } from '@hakiki/core'

// A plain module, not 'use client': Server Components and route handlers call it too, to check
// an address by the same rule as the field and the proxy.

/** Why an e-mail address is refused; `undefined` when it is fine. */
export type EmailInputError = 'required' | 'invalid'

/** What is wrong with `value`, by the proxy's own rule (`isEmailAddress` of `@hakiki/core`). */
export function validateEmail(value: string, required = false): EmailInputError | undefined {
  const trimmed = value.trim()
  if (trimmed === '') return required ? 'required' : undefined
  return isEmailAddress(trimmed) ? undefined : 'invalid'
}
