'use client'
import { useEmailInput } from '@hakiki/react'
import { forwardRef, useEffect, useRef, useState, type FocusEvent, type InputHTMLAttributes, type KeyboardEvent, type ReactNode } from 'react'
import { cx } from './class-names'
import { useFieldParts } from './field-parts'
import { useLocale, useMessages } from './i18n/locale-context'
import { emailInputMessagesEn } from './i18n/messages-en'
import { loadEmailSuggestion, loadedEmailSuggestion, loadedSuggestionHint, type SuggestAddress } from './load-email-suggestion'
import type { EmailInputError } from './validate-email'

export type { EmailInputError }

/** Class names for the parts of {@link EmailInput}, beside the root's `className`. */
export interface EmailInputClassNames {
  /** The label. */
  label?: string
  /** The `<input>`. */
  input?: string
  /** The description. */
  description?: string
  /** The validation message. */
  error?: string
  /** The typo hint ("Did you mean ama@gmail.com?"), and its button, the address meant. */
  suggestion?: string
}

/** Props of {@link EmailInput}; other props go to the `<input>`. */
export interface EmailInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'className' | 'children' | 'value' | 'defaultValue'> {
  /** The address, for a controlled field (react-hook-form's `Controller` passes it). */
  value?: string
  /** The initial address of an uncontrolled field; also what a form reset restores. */
  defaultValue?: string
  /** Called on every edit with the address and whether a code could be sent to it. */
  onValueChange?: (value: string, details: { isValid: boolean; error: EmailInputError | undefined }) => void
  /** Label text. @default messages['email.label'] */
  label?: ReactNode
  /** Keeps the label for screen readers only. */
  hideLabel?: boolean
  /** Help text under the field. */
  description?: ReactNode
  /**
   * An error to show instead of the built-in validation message (e.g. from your form library);
   * `false` hides the built-in one.
   */
  error?: ReactNode
  /** Class of the root element. */
  className?: string
  /** Classes of the inner parts. */
  classNames?: EmailInputClassNames
  /**
   * Once the field is left, or Enter is pressed in it, offer the address meant when the domain
   * looks like a typo of a popular one ("ama@gmial.com": "Did you mean ama@gmail.com?"); its button
   * puts that address in the field. The rule's list of domains is loaded when the field is first
   * focused (a chunk of its own).
   * @default true
   */
  suggestTypos?: boolean
}

/**
 * E-mail address field: `type="email"`, `inputmode="email"`, `autocomplete="email"`, validated by
 * the same rule as the proxy, so what it accepts the server accepts. The message shows once the
 * field is left (not while the user is still typing) and goes as soon as the address is fixed.
 * A likely typo of a popular domain gets a hint with the address meant, a button that puts it in
 * the field (`suggestTypos`). The ref is the `<input>`; works with react-hook-form's `register`
 * (native `onChange`/`onBlur`) and `Controller` (`value`).
 */
export const EmailInput = forwardRef<HTMLInputElement, EmailInputProps>(function EmailInput(props, ref) {
  const {
    value,
    defaultValue,
    onChange,
    onBlur,
    onValueChange,
    label,
    hideLabel,
    description,
    error,
    className,
    classNames = {},
    disabled,
    required,
    id,
    placeholder,
    suggestTypos = true,
    'aria-describedby': describedBy,
    onFocus,
    onKeyDown,
    ...inputProps
  } = props
  const { tag, dir } = useLocale()
  const t = useMessages(emailInputMessagesEn)
  // The headless hook keeps the value in the DOM (uncontrolled), so react-hook-form's `setValue`
  // and `reset` through the ref work as on a plain input.
  const field = useEmailInput({ value, defaultValue, required, onValueChange, ref })
  const current = field.value
  const problem = field.error
  // The address Enter was pressed on: its message (an error, the typo hint) shows then as on
  // leaving the field, before a form acts on it; typing on hides it again until either.
  const [entered, setEntered] = useState<string>()
  const touched = field.isTouched || entered === current
  // The typo hint's rule, loaded on first focus (kept per page once loaded).
  const [suggester, setSuggester] = useState<{ suggest: SuggestAddress | undefined }>(() => ({ suggest: loadedEmailSuggestion() }))
  const mounted = useRef(true)
  useEffect(() => {
    mounted.current = true
    return () => {
      mounted.current = false
    }
  }, [])
  const loadSuggester = (): void => {
    if (!suggestTypos || suggester.suggest) return
    loadEmailSuggestion().then(
      (suggest) => mounted.current && setSuggester({ suggest }),
      // No hint then; the next focus tries again.
      () => undefined,
    )
  }

  let message: ReactNode = null
  if (error !== undefined && error !== null && error !== true) message = error === false ? null : error
  else if (problem && touched) message = t(problem === 'required' ? 'email.error.required' : 'email.error.invalid')
  const invalid = message !== null
  // A hint, not an error: the address as typed stays valid and can be sent to.
  const suggestion = suggestTypos && !invalid && touched && !problem ? suggester.suggest?.(current) : undefined
  const hasDescription = description !== undefined && description !== null
  const parts = useFieldParts({ id, hasDescription, invalid, describedBy })
  // Drawn by the typo hint's chunk, here once its rule found a suggestion.
  const Hint = suggestion ? loadedSuggestionHint() : undefined

  return (
    <div
      className={cx('hakiki', 'hakiki-email', className)}
      data-part="root"
      dir={dir}
      lang={dir && tag}
      data-state={current.trim() === '' ? 'empty' : problem ? 'invalid' : 'valid'}
      data-valid={current.trim() !== '' && !problem ? '' : undefined}
      data-invalid={invalid ? '' : undefined}
      data-disabled={disabled ? '' : undefined}
    >
      <label {...parts.labelProps} data-part={hideLabel ? 'sr-only' : 'label'} className={classNames.label}>
        {label ?? t('email.label')}
      </label>
      <input
        {...field.getInputProps({ ...inputProps, onChange, onBlur })}
        {...parts.inputProps}
        aria-describedby={cx(parts.inputProps['aria-describedby'], suggestion && parts.errorProps.id) || undefined}
        onFocus={(event: FocusEvent<HTMLInputElement>) => {
          onFocus?.(event)
          loadSuggester()
        }}
        onKeyDown={(event: KeyboardEvent<HTMLInputElement>) => {
          onKeyDown?.(event)
          if (event.key === 'Enter' && !event.nativeEvent.isComposing) setEntered(event.currentTarget.value)
        }}
        placeholder={placeholder ?? t('email.placeholder')}
        disabled={disabled}
        data-part="input"
        className={classNames.input}
      />
      {hasDescription && (
        <p {...parts.descriptionProps} data-part="description" className={classNames.description}>
          {description}
        </p>
      )}
      {/* Always present, so that screen readers announce a message when it appears. */}
      <p {...parts.errorProps} data-part="error" className={classNames.error}>
        {message ??
          (suggestion && Hint && <Hint suggestion={suggestion} className={classNames.suggestion} />)}
      </p>
    </div>
  )
})
