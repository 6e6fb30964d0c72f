import { isEmailAddress } from './is-email-address'

/** Why an e-mail address is refused; `undefined` when it is fine. */
export type EmailInputError = 'required' | 'invalid'

/**
 * What is wrong with `value` as an e-mail field's content, by the proxy's own rule
 * ({@link isEmailAddress}): blank (an error only when `required`) or not an address. One copy for
 * `useEmailInput`, `EmailInput` and servers that check a form by the same rule.
 */
export function validateEmail(value: string, required = false): EmailInputError | undefined {
  const trimmed = value.trim()
  if (trimmed === '') return required ? 'required' : undefined
  return isEmailAddress(trimmed) ? undefined : 'invalid'
}
