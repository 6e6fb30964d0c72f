import { type EmailInputError, validateEmail } from '@hakiki/core'
import { useState, type ChangeEvent, type FocusEvent, type InputHTMLAttributes, type Ref, type RefCallback } from 'react'
import { composeHandlers } from './compose-handlers'
import { useObservedInput } from './use-observed-input'

export type { EmailInputError }

/** Options of {@link useEmailInput}. */
export interface UseEmailInputOptions {
  /** The address, for a controlled field. */
  value?: string
  /** The initial address of an uncontrolled field; also what a form reset restores. */
  defaultValue?: string
  /** An empty field is an error (`required`). */
  required?: boolean
  /** Called on every edit with the address and whether a code could be sent to it. */
  onValueChange?: (value: string, details: { isValid: boolean; error: EmailInputError | undefined }) => void
  /** A ref to hand the `<input>` on to. */
  ref?: Ref<HTMLInputElement> | undefined
}

/** User props accepted by {@link UseEmailInputResult.getInputProps}. */
export type EmailInputUserProps = InputHTMLAttributes<HTMLInputElement>

/** What {@link useEmailInput} returns. */
export interface UseEmailInputResult {
  /** The address as typed. */
  value: string
  /** What is wrong with it, if anything (shown or not). */
  error: EmailInputError | undefined
  /** A code could be sent to it. */
  isValid: boolean
  /** The field was left once: the time to show a message (not while the user is still typing). */
  isTouched: boolean
  /** Props for the `<input>`: type, input mode, autocomplete, direction, and the handlers. */
  getInputProps(props?: EmailInputUserProps): EmailInputUserProps & { ref: RefCallback<HTMLInputElement> }
}

/**
 * Headless e-mail field: `type="email"`, `inputmode="email"`, `autocomplete="email"`, validated by
 * the proxy's own rule. The DOM keeps the value (uncontrolled unless `value` is passed), so form
 * libraries writing through the ref (react-hook-form's `setValue` and `reset`) are seen at once.
 */
export function useEmailInput(options: UseEmailInputOptions = {}): UseEmailInputResult {
  const { value, defaultValue, required, onValueChange, ref } = options
  const [text, setText] = useState(value ?? defaultValue ?? '')
  const [isTouched, setTouched] = useState(false)
  // Writes through the ref fire no event: observe them, so the state follows at once.
  const inputRef = useObservedInput({
    ref,
    accept: (written) => {
      if (value === undefined) setText(written)
      return written
    },
    onFormReset: (input) => {
      if (value !== undefined) return undefined
      // A reset is a fresh start: no message until the field is left again.
      setText(input.defaultValue)
      setTouched(false)
      return undefined
    },
  })
  const current = value ?? text
  const error = validateEmail(current, required)
  return {
    value: current,
    error,
    isValid: current.trim() !== '' && !error,
    isTouched,
    getInputProps: (props = {}) => ({
      autoCapitalize: 'off',
      autoCorrect: 'off',
      spellCheck: false,
      ...props,
      ref: inputRef,
      type: 'email',
      inputMode: 'email',
      autoComplete: props.autoComplete ?? 'email',
      // Addresses are written left to right, also inside Arabic and Hebrew pages.
      dir: 'ltr',
      required,
      value,
      defaultValue: value === undefined ? defaultValue : undefined,
      onChange: composeHandlers(props.onChange, (event: ChangeEvent<HTMLInputElement>) => {
        const next = event.target.value
        setText(next)
        const problem = validateEmail(next, required)
        onValueChange?.(next, { isValid: next.trim() !== '' && !problem, error: problem })
      }),
      onBlur: composeHandlers(props.onBlur, (event: FocusEvent<HTMLInputElement>) => {
        // Read the DOM: a value written through the ref (react-hook-form's setValue) fired no change.
        setText(event.target.value)
        // Only leaving the field in the page, not the page losing the focus (another window or
        // app): an address half typed is not yet wrong, and the field has the focus again on return.
        if (event.target.ownerDocument.hasFocus()) setTouched(true)
      }),
    }),
  }
}
