'use client'
/**
 * The e-mail typo hint, in a chunk of its own that `EmailInput` loads with `import()` when the field
 * is first focused (see `load-email-suggestion.ts`): its rule (the list of popular mailbox domains)
 * and how it is drawn are not needed to draw the field, and a hint shows only once the rule is here.
 */
import { suggestEmailAddress } from '@hakiki/core'
import type { ReactNode } from 'react'
import { useMessages } from './i18n/locale-context'
import { emailSuggestionMessagesEn } from './i18n/messages-en'

/** The address meant, when `address` looks like a typo of a popular mailbox domain (`suggestEmailAddress` of `@hakiki/core`). */
export function suggestAddress(address: string): string | undefined {
  return suggestEmailAddress(address)
}

/**
 * Puts the address meant in the field as typing would (an input event, so every listener, a form
 * library's too, sees the edit), and gives the field back its focus.
 */
function applySuggestion(button: HTMLElement, address: string): void {
  const input = button.closest('[data-part="root"]')?.querySelector<HTMLInputElement>('input[data-part="input"]')
  if (!input) return
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, address)
  input.dispatchEvent(new Event('input', { bubbles: true }))
  input.focus()
}

/** Props of {@link SuggestionHint}. */
export interface SuggestionHintProps {
  /** The address meant. */
  suggestion: string
  /** Class of the hint (`EmailInputClassNames.suggestion`). */
  className: string | undefined
}

/** "Did you mean <button>ama@gmail.com</button>?": the button puts the address meant in the field. */
export function SuggestionHint({ suggestion, className }: SuggestionHintProps): ReactNode {
  const t = useMessages(emailSuggestionMessagesEn)
  const [before, after] = t('email.suggestion').split('{address}')
  return (
    <span data-part="suggestion" className={className}>
      {before}
      <button type="button" data-part="suggestion-button" onClick={(event) => applySuggestion(event.currentTarget, suggestion)}>
        {suggestion}
      </button>
      {after}
    </span>
  )
}
