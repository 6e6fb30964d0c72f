'use client'
import { type CodeChangeDetails, useCodeInput } from '@hakiki/react'
import { forwardRef, type InputHTMLAttributes, type ReactNode } from 'react'
import type { FieldValueEvent } from './field-value-event'
import { cx, isolate } from './class-names'
import { useFieldParts } from './field-parts'
import { useLocale, useMessages } from './i18n/locale-context'
import { codeInputMessagesEn } from './i18n/messages-en'

/** Class names for the parts of {@link CodeInput}, beside the root's `className`. */
export interface CodeInputClassNames {
  /** The visible (or visually hidden) label. */
  label?: string
  /** The box that stacks the input over the slots. */
  group?: string
  /** The one real `<input>`. */
  input?: string
  /** The row of drawn boxes. */
  slots?: string
  /** Each drawn box. */
  slot?: string
  /** The blinking caret in the active empty box. */
  caret?: string
  /** The description (where the code was sent). */
  description?: string
  /** The error message. */
  error?: string
}

/** Props of {@link CodeInput}; other props go to the real `<input>`. */
export interface CodeInputProps
  extends Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'defaultValue' | 'onChange' | 'onBlur' | 'type' | 'size' | 'children' | 'className'> {
  /** Number of digits, 4 to 10 (the verification's `codeLength`). @default 6 */
  length?: number
  /** The code, for a controlled field (react-hook-form's `Controller` passes it). */
  value?: string
  /** The initial code of an uncontrolled field; also what a form reset restores. */
  defaultValue?: string
  /**
   * Called on every edit, like `PhoneInput`'s: `event.target.value` is the code in ASCII digits,
   * so react-hook-form's `register` and `Controller` can take it as is.
   */
  onChange?: (event: FieldValueEvent) => void
  /** Called when the field loses focus, with the code. */
  onBlur?: (event: FieldValueEvent) => void
  /**
   * Called with the normalized code whenever it changes; `details.guessed` says the code was
   * picked among other numbers of a pasted text (fill it, but do not submit it by itself).
   */
  onValueChange?: (code: string, details: CodeChangeDetails) => void
  /** Called once per distinct complete code the user enters: submit it here. */
  onComplete?: (code: string) => void
  /** Marks the code wrong (`aria-invalid`); implied by `error`. */
  invalid?: boolean
  /** The code is being checked: read-only, `aria-busy`, and announced. */
  loading?: boolean
  /** Shows dots instead of digits. */
  mask?: boolean
  /** Label text. @default messages['code.label'] */
  label?: ReactNode
  /** Keeps the label for screen readers only. */
  hideLabel?: boolean
  /** Where the code was sent, as it should be shown (mask it: `+233 •• ••• 4567`). */
  address?: string
  /** Replaces the description under the boxes. */
  description?: ReactNode
  /** An error message shown under the boxes and tied to the input. */
  error?: ReactNode
  /** Read the code of an SMS with WebOTP where available (Chrome on Android). @default true */
  webOtp?: boolean
  /**
   * A password manager's badge over the last box: `push` widens the input past the boxes so the
   * badge sits beside them (when there is room), `none` leaves it (see `useCodeInput`). @default 'push'
   */
  passwordManagerBadge?: 'push' | 'none'
  /** Class of the root element. */
  className?: string
  /** Classes of the inner parts. */
  classNames?: CodeInputClassNames
}

/**
 * A one-time-code field drawn as boxes over one real input (`autocomplete="one-time-code"`), so
 * iOS and Android autofill, paste and password managers fill it whole. Always left to right, even
 * in Arabic and Hebrew. The ref is the real `<input>`.
 */
export const CodeInput = forwardRef<HTMLInputElement, CodeInputProps>(function CodeInput(props, ref) {
  // The hook takes `props` as they are; what is neither the hook's nor this wrapper's goes to the real input.
  const {
    length = 6,
    value: _value,
    defaultValue: _defaultValue,
    onChange,
    onBlur,
    onValueChange,
    onComplete: _onComplete,
    invalid,
    loading,
    mask: _mask,
    label,
    hideLabel,
    address,
    description,
    error,
    webOtp: _webOtp,
    passwordManagerBadge: _passwordManagerBadge,
    className,
    classNames = {},
    disabled: _disabled,
    readOnly: _readOnly,
    autoFocus: _autoFocus,
    name,
    id,
    'aria-describedby': describedBy,
    ...inputProps
  } = props
  const { dir, tag } = useLocale()
  const t = useMessages(codeInputMessagesEn)
  const hasError = error !== undefined && error !== null && error !== false
  const parts = useFieldParts({ id, hasDescription: true, invalid: hasError, describedBy })
  const code = useCodeInput({ ...props, onChange: onValueChange, invalid: invalid || hasError, id: parts.inputProps.id })
  /** The field's own event for `onChange`/`onBlur`: the code as `target.value`. */
  const report = (type: 'change' | 'blur', handler: ((event: FieldValueEvent) => void) | undefined) => (event: { target: { value: string } }) =>
    handler?.({ type, target: { name, value: event.target.value } })
  const hint =
    description ?? (address ? t('code.hintSentTo', { count: length, address: isolate(address) }) : t('code.hint', { count: length }))

  return (
    <div {...code.getRootProps({ className: cx('hakiki', 'hakiki-code', className), dir, lang: dir && tag })} data-part="root">
      <label {...parts.labelProps} data-part={hideLabel ? 'sr-only' : 'label'} className={classNames.label}>
        {label ?? t('code.label')}
      </label>
      <div data-part="group" className={classNames.group} dir="ltr">
        <input
          {...code.getInputProps({
            ...inputProps,
            ref,
            onChange: report('change', onChange),
            onBlur: report('blur', onBlur),
            'aria-describedby': parts.inputProps['aria-describedby'],
          })}
          data-part="input"
          className={classNames.input}
        />
        <div data-part="slots" className={classNames.slots} aria-hidden>
          {code.slots.map((slot) => (
            <div key={slot.index} {...code.getSlotProps(slot.index)} data-part="slot" className={classNames.slot}>
              {slot.char}
              {slot.isActive && !slot.isFilled && <span data-part="caret" className={classNames.caret} />}
            </div>
          ))}
        </div>
      </div>
      <p {...parts.descriptionProps} data-part="description" className={classNames.description}>
        {hint}
      </p>
      {/* Always present (empty when there is no error): a live region is only read out when it
          changes, and a region that appears with its text is often not read at all. */}
      <p {...parts.errorProps} data-part="error" className={classNames.error}>
        {hasError ? error : null}
      </p>
      {/* Present before it has text: screen readers only announce changes to a live region they know. */}
      <output data-part="sr-only">{loading ? t('code.checking') : ''}</output>
    </div>
  )
})
