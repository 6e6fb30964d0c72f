'use client'
import { COUNTRIES } from '@hakiki/core'
import { usePhoneInput, type PhoneChangeDetails, type PhoneCountries, type PhoneCountryCode, type PhoneInputError } from '@hakiki/react'
import { forwardRef, useEffect, useId, useRef, type InputHTMLAttributes, type ReactNode } from 'react'
import { cx, isolate } from './class-names'
import { useFieldParts } from './field-parts'
import { countryName, guessCountry } from './country-names'
import type { FieldValueEvent } from './field-value-event'
import { CountrySelect, type CountrySelectClassNames } from './country-select'
import { useLocale, useMessages } from './i18n/locale-context'
import { phoneInputMessagesEn } from './i18n/messages-en'

/**
 * What {@link PhoneInput} passes to `onChange` and `onBlur`: the same {@link FieldValueEvent} as
 * `CodeInput`'s, whose `target.value` is the E.164 number (`''` while not a valid number).
 */
export type PhoneInputEvent = FieldValueEvent

/** Class names for the parts of {@link PhoneInput}, beside the root's `className`. */
export interface PhoneInputClassNames extends CountrySelectClassNames {
  /** The label. */
  label?: string
  /** The row holding the country picker and the number. */
  control?: string
  /** The number input. */
  input?: string
  /** The description. */
  description?: string
  /** The validation message. */
  error?: string
  /** The country picker's root. */
  country?: string
}

/** Props of {@link PhoneInput}; other props go to the number `<input>`. */
export interface PhoneInputProps
  extends Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'defaultValue' | 'onChange' | 'onBlur' | 'type' | 'className' | 'children'> {
  /** The number in E.164, for a controlled field (`''` when empty). */
  value?: string
  /** The initial number (E.164) of an uncontrolled field; also what a form reset restores. */
  defaultValue?: string
  /** The country national numbers are read in at first. */
  defaultCountry?: PhoneCountryCode
  /**
   * The countries offered: region codes (`['GH', 'DE', 'US']`) or `'all'` (about 245, for a
   * provider that reaches them, such as Twilio Verify). The covered 14 are built in; any other
   * country's metadata (about 1.4 kB gzip) loads when it is first needed.
   * @default the 14 covered countries
   */
  countries?: PhoneCountries
  /** Price of one SMS per country, formatted (`"GHS 0.30"`), shown in the country list. */
  fees?: Partial<Record<PhoneCountryCode, string>>
  /** Called on every edit; `event.target.value` is the E.164 number or `''`. */
  onChange?: (event: PhoneInputEvent) => void
  /** Called when the number field loses focus, with the E.164 number. */
  onBlur?: (event: PhoneInputEvent) => void
  /** Called on every edit with the E.164 number (or `''`) and the country, validity and error. */
  onValueChange?: (e164: string, details: PhoneChangeDetails) => void
  /** Called when the country changes. */
  onCountryChange?: (country: PhoneCountryCode) => void
  /**
   * Called when the field starts (`true`) or stops waiting for a country's metadata
   * (`countries="all"`), with what it reads once done (`error: 'unavailable'` when the load
   * failed): a form can hold a submit until the number is read rather than call it empty.
   */
  onLoadingChange?: (isLoading: boolean, details: PhoneChangeDetails) => void
  /** Label text. @default messages['phone.label'] */
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
  classNames?: PhoneInputClassNames
}

const ERROR_KEYS: Record<PhoneInputError, keyof typeof phoneInputMessagesEn> = {
  too_short: 'phone.error.tooShort',
  too_long: 'phone.error.tooLong',
  invalid: 'phone.error.invalid',
  not_a_number: 'phone.error.invalid',
  unsupported_country: 'phone.error.unsupportedCountry',
  no_country: 'phone.error.noCountry',
  unavailable: 'phone.error.unavailable',
}

/**
 * The message {@link PhoneInput} shows for a validation error, in the current locale: for forms
 * that validate on submit (before the field was left) and pass the text back as `error`.
 * `undefined` error means an empty field: the "required" message.
 */
export function usePhoneErrorMessage(): (error: PhoneInputError | undefined, country: PhoneCountryCode | undefined) => string {
  const { tag } = useLocale()
  const t = useMessages(phoneInputMessagesEn)
  return (error, country) => {
    if (!error) return t('phone.error.required')
    const name = country ? countryName(tag, country) : undefined
    const key = name || error === 'unsupported_country' || error === 'no_country' || error === 'unavailable' ? ERROR_KEYS[error] : 'phone.error.invalidNoCountry'
    return t(key, { country: name ? isolate(name) : '' })
  }
}

const COVERED: readonly PhoneCountryCode[] = COUNTRIES.map((c) => c.iso2)

/**
 * Errors no further typing can fix, shown at once rather than on blur; `no_country` too, so that
 * the user learns to pick a country (or type +) before leaving the field, not after; and
 * `unavailable` (the country's metadata failed to load), which says to check the connection.
 */
const SHOW_AT_ONCE: ReadonlySet<PhoneInputError> = new Set(['too_long', 'unsupported_country', 'no_country', 'unavailable'])

/**
 * Phone number field with a country picker: formats as the user types, reads pasted `00234…`,
 * `+234 (0)…` and Arabic-Indic digits, validates against the offered countries (the covered 14,
 * or `countries="all"`: every country, each one's metadata loaded when it is first needed) and
 * gives the number in E.164. The digits stay left to right in RTL pages; the label and the list follow the
 * page. The ref is the number `<input>`; writing an E.164 number to its `value` (as
 * react-hook-form's `setValue` does) shows it formatted.
 */
export const PhoneInput = forwardRef<HTMLInputElement, PhoneInputProps>(function PhoneInput(props, ref) {
  const {
    value,
    defaultValue,
    defaultCountry,
    countries,
    fees,
    onChange,
    onBlur,
    onValueChange,
    onCountryChange,
    onLoadingChange,
    label,
    hideLabel,
    description,
    error,
    className,
    classNames = {},
    disabled,
    readOnly,
    name,
    id,
    placeholder,
    'aria-describedby': describedBy,
    ...inputProps
  } = props
  const { tag, dir, region } = useLocale()
  const t = useMessages(phoneInputMessagesEn)
  const errorMessage = usePhoneErrorMessage()
  const generatedId = useId()
  // The hook needs the id before the field's parts are known (useFieldParts below reuses it).
  const inputId = id ?? generatedId
  const phone = usePhoneInput({
    value,
    defaultValue,
    // Without one, the LocaleProvider's region ("en-GH", "sw" → TZ) when it is offered.
    defaultCountry: defaultCountry ?? guessCountry(region ? [`und-${region}`] : [], countries ?? COVERED),
    countries,
    disabled,
    readOnly,
    id: inputId,
    onCountryChange,
    onChange: (e164, details) => {
      onValueChange?.(e164, details)
      onChange?.({ type: 'change', target: { name, value: e164 } })
    },
  })

  // Reported on change only (and on mount while loading); the callback of this render is called.
  const reportedLoading = useRef(false)
  useEffect(() => {
    if (reportedLoading.current === phone.isLoading) return
    reportedLoading.current = phone.isLoading
    onLoadingChange?.(phone.isLoading, { country: phone.country, isValid: phone.isValid, error: phone.error })
    // Once per change of isLoading: the details are this render's.
    // oxlint-disable-next-line react/exhaustive-deps
  }, [phone.isLoading])

  let message: ReactNode = null
  if (error !== undefined && error !== null && error !== true) message = error === false ? null : error
  else if (phone.error && (phone.isTouched || SHOW_AT_ONCE.has(phone.error))) message = errorMessage(phone.error, phone.country)
  const invalid = message !== null
  const hasDescription = description !== undefined && description !== null
  const parts = useFieldParts({ id: inputId, hasDescription, invalid, describedBy })
  const example = phone.exampleNumber?.national

  return (
    <div
      className={cx('hakiki', 'hakiki-phone', className)}
      data-part="root"
      dir={dir}
      lang={dir && tag}
      data-state={phone.displayValue === '' ? 'empty' : phone.isValid ? 'valid' : 'incomplete'}
      data-valid={phone.isValid ? '' : undefined}
      data-invalid={invalid ? '' : undefined}
      data-disabled={disabled ? '' : undefined}
      data-country={phone.country}
      data-loading={phone.isLoading ? '' : undefined}
    >
      <label {...parts.labelProps} data-part={hideLabel ? 'sr-only' : 'label'} className={classNames.label}>
        {label ?? t('phone.label')}
      </label>
      <div data-part="control" className={classNames.control}>
        <CountrySelect {...phone.getCountryProps()} fees={fees} className={classNames.country} classNames={classNames} />
        <input
          // The forwarded ref is handed on to the input (merged with the hook's), never read here.
          // oxlint-disable-next-line react/refs
          {...phone.getInputProps({
            ...inputProps,
            ref,
            placeholder: placeholder ?? example,
            'aria-describedby': parts.inputProps['aria-describedby'],
            onBlur: () => onBlur?.({ type: 'blur', target: { name, value: phone.e164 } }),
          })}
          aria-invalid={parts.inputProps['aria-invalid']}
          data-part="input"
          className={classNames.input}
        />
      </div>
      {hasDescription && (
        <p {...parts.descriptionProps} data-part="description" className={classNames.description}>
          {description}
        </p>
      )}
      {/* Always present, so that screen readers announce a message when it appears. */}
      <p {...parts.errorProps} data-part="error" className={classNames.error}>
        {message}
      </p>
      {name && <input type="hidden" name={name} value={phone.e164} disabled={disabled} />}
    </div>
  )
})
