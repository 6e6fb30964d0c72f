import {
  cleanPhoneInput,
  COUNTRIES,
  formatPhoneAsYouType,
  formatPhoneNumber,
  parsePhoneNumber,
  type CountryCode,
  type PhoneNumberError,
} from '@hakiki/core'
import {
  useCallback,
  useId,
  useRef,
  useState,
  type ChangeEvent,
  type ClipboardEvent,
  type FocusEvent,
  type InputHTMLAttributes,
  type Ref,
  type RefCallback,
} from 'react'
import { assignRef } from './assign-ref'
import { composeHandlers } from './compose-handlers'
import { useIsoLayoutEffect } from './use-iso-layout-effect'
import { useObservedInput } from './use-observed-input'

/** Why the number cannot be used yet; `no_country` when national digits were typed with no country chosen. */
export type PhoneInputError = PhoneNumberError | 'no_country'

/** What {@link UsePhoneInputOptions.onChange} is told beside the E.164 value. */
export interface PhoneChangeDetails {
  /** The chosen or detected country. */
  country: CountryCode | undefined
  /** The number is valid and in an allowed country. */
  isValid: boolean
  /** Why not, when it is not (and the field is not empty). */
  error: PhoneInputError | undefined
}

/** Options of {@link usePhoneInput}. */
export interface UsePhoneInputOptions {
  /** The number in E.164 (`+233241234567`) for a controlled field, `''` when empty or invalid. */
  value?: string
  /** The initial number (E.164) of an uncontrolled field; also what a form reset restores. */
  defaultValue?: string
  /** The country national numbers are read in until the user picks or types another. */
  defaultCountry?: CountryCode
  /** The countries offered. @default every covered country */
  countries?: readonly CountryCode[]
  /**
   * Called on every edit with the E.164 number, or `''` while it is not a valid number of an
   * allowed country; the chosen country is passed beside it since +1-style shared codes exist.
   */
  onChange?: (e164: string, details: PhoneChangeDetails) => void
  /** Called when the user picks another country (or a pasted number switches it). */
  onCountryChange?: (country: CountryCode) => void
  /** Disables the field. */
  disabled?: boolean
  /** Makes the field read-only. */
  readOnly?: boolean
  /** Id of the number input; generated when omitted. */
  id?: string
}

/** Props for the visible number `<input>`. */
export type PhoneInputElementProps = InputHTMLAttributes<HTMLInputElement> & { ref: RefCallback<HTMLInputElement> }

/** User props accepted by {@link UsePhoneInputResult.getInputProps}. */
export type PhoneInputUserProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange'> & { ref?: Ref<HTMLInputElement> | undefined }

/** Props for a country picker (`CountrySelect` of `@hakiki/ui` takes them as they are). */
export interface PhoneCountryProps {
  /** The chosen country. */
  value: CountryCode | undefined
  /** Picks a country; the typed digits are re-read in it. */
  onChange: (country: CountryCode) => void
  /** The countries offered. */
  countries: readonly CountryCode[]
  /** The picker is disabled with the field. */
  disabled: boolean | undefined
}

/** What {@link usePhoneInput} returns. */
export interface UsePhoneInputResult {
  /** What the field shows: the number formatted as typed (`024 123 4567`). */
  displayValue: string
  /** The number in E.164, or `''` while it is empty or not valid. */
  e164: string
  /** The chosen or detected country. */
  country: CountryCode | undefined
  /** The number is valid and in an allowed country. */
  isValid: boolean
  /** Why the number is not valid, when the field is not empty. */
  error: PhoneInputError | undefined
  /** The field has lost focus since the user last changed it: time to show `error`. */
  isTouched: boolean
  /** The countries offered. */
  countries: readonly CountryCode[]
  /** Picks a country. */
  setCountry: (country: CountryCode) => void
  /** Sets the number (E.164 or anything a user could type) without calling `onChange`. */
  setValue: (value: string) => void
  /** Focuses the number input. */
  focus: () => void
  /** Props for the visible number input; pass your props through it. */
  getInputProps: (props?: PhoneInputUserProps) => PhoneInputElementProps
  /** Props for the country picker. */
  getCountryProps: () => PhoneCountryProps
}

const ALL_COUNTRIES: readonly CountryCode[] = COUNTRIES.map((c) => c.iso2)
const SIGNIFICANT = /[+\p{Nd}]/u


/** Digits and `+`: the characters formatting keeps; spaces, dashes and parentheses come and go. */
function countSignificant(text: string): number {
  let n = 0
  for (const char of text) if (SIGNIFICANT.test(char)) n++
  return n
}

/** Index in `text` just after its `n`-th significant character (0 when `n` is 0). */
function indexAfterSignificant(text: string, n: number): number {
  if (n <= 0) return 0
  let seen = 0
  for (let i = 0; i < text.length; i++) {
    if (SIGNIFICANT.test(text[i] ?? '') && ++seen === n) return i + 1
  }
  return text.length
}

/** `text` without its `n`-th significant character (counting from 0). */
function removeSignificant(text: string, n: number): string {
  const at = indexAfterSignificant(text, n + 1) - 1
  return at < 0 ? text : text.slice(0, at) + text.slice(at + 1)
}

interface PhoneState {
  display: string
  country: CountryCode | undefined
}

/** The E.164 value and error of what the field shows. */
function evaluate(display: string, country: CountryCode | undefined, allowed: (c: string | undefined) => boolean): { e164: string; error: PhoneInputError | undefined } {
  if (!display) return { e164: '', error: undefined }
  const parsed = parsePhoneNumber(display, country)
  if (!parsed.error) return allowed(parsed.country) ? { e164: parsed.e164, error: undefined } : { e164: '', error: 'unsupported_country' }
  if (parsed.error === 'not_a_number') return { e164: '', error: 'invalid' }
  // National digits with no country to read them in: the user has to pick one (or type `+`).
  if (parsed.error === 'invalid' && !country && !cleanPhoneInput(display).startsWith('+')) return { e164: '', error: 'no_country' }
  return { e164: '', error: parsed.error }
}

/**
 * Headless phone number field: a country picker plus one number input formatted as the user types
 * (`024 123 4567`) with a caret that stays beside the digit it was at, E.164 out.
 *
 * Reads what people paste: `00234…`, `+234 (0)803…`, Arabic-Indic digits; a pasted `+` number of
 * another allowed country switches the country and is shown in national form. Deleting a space or
 * parenthesis deletes the digit beside it instead of being undone by the formatter.
 */
export function usePhoneInput(options: UsePhoneInputOptions = {}): UsePhoneInputResult {
  const { value: valueProp, defaultValue = '', defaultCountry, countries = ALL_COUNTRIES, disabled, readOnly } = options
  const generatedId = useId()
  const id = options.id ?? generatedId

  const allowed = useCallback((c: string | undefined): c is CountryCode => !!c && countries.includes(c as CountryCode), [countries])

  /** Display and country for a number from outside (E.164, or anything a user could type). */
  const fromExternal = useCallback(
    (text: string, fallback: CountryCode | undefined): PhoneState => {
      if (!text) return { display: '', country: fallback }
      const parsed = parsePhoneNumber(text, fallback)
      if (!parsed.error && allowed(parsed.country)) return { display: formatPhoneNumber(parsed.e164, 'national'), country: parsed.country }
      const typed = formatPhoneAsYouType(text, fallback)
      return { display: typed.formatted, country: allowed(typed.country) ? typed.country : fallback }
    },
    [allowed],
  )

  const [state, setState] = useState<PhoneState>(() =>
    fromExternal(valueProp ?? defaultValue, allowed(defaultCountry) ? defaultCountry : undefined),
  )
  const [isTouched, setTouched] = useState(false)
  const { display, country } = state
  const { e164, error } = evaluate(display, country, allowed)

  const inputRef = useRef<HTMLInputElement | null>(null)
  /** The state as last set, ahead of React within one event; the value-setter wrapper compares with it. */
  const stateRef = useRef(state)
  /** The E.164 value last reported: a controlled value that echoes it (`''` while typing) is no news. */
  const emitted = useRef(valueProp ?? '')
  const caret = useRef<number | undefined>(undefined)
  const latest = useRef({ options, fromExternal, allowed })
  useIsoLayoutEffect(() => {
    latest.current = { options, fromExternal, allowed }
  })

  /** Sets the state and its ref together, so that React's own write of the new text is recognised. */
  const show = useCallback((next: PhoneState): void => {
    stateRef.current = next
    setState(next)
  }, [])

  // A controlled value from outside (not the echo of what was reported) replaces the text. Done in
  // a layout effect rather than during render so that `stateRef` is set before React writes the text.
  useIsoLayoutEffect(() => {
    if (valueProp === undefined || valueProp === emitted.current) return
    emitted.current = valueProp
    show(latest.current.fromExternal(valueProp, stateRef.current.country))
  }, [valueProp, show])

  /** Moves the caret to where the last edit asked, after React wrote the new text. */
  const placeCaret = useCallback((): void => {
    const el = inputRef.current
    const at = caret.current
    if (!el || at === undefined || el.ownerDocument.activeElement !== el) return
    caret.current = undefined
    el.setSelectionRange(at, at)
  }, [])
  useIsoLayoutEffect(placeCaret)

  /** Commits a new state from a user edit and reports it. */
  const commit = useCallback(
    (next: PhoneState): void => {
      const prev = stateRef.current
      show(next)
      setTouched(false)
      const o = latest.current.options
      if (next.country && next.country !== prev.country) o.onCountryChange?.(next.country)
      const out = evaluate(next.display, next.country, allowed)
      emitted.current = out.e164
      o.onChange?.(out.e164, { country: next.country, isValid: out.e164 !== '', error: out.error })
    },
    [allowed, show],
  )

  /** Formats `text` typed or pasted, keeping the caret after its `significantBefore`-th digit. */
  const apply = useCallback(
    (text: string, significantBefore: number | 'end', pasted: boolean): void => {
      const current = stateRef.current
      const cleaned = cleanPhoneInput(text)
      const international = cleaned.startsWith('+')
      // National digits are read in the chosen country, which also says which call prefix a number of another country.
      // (`00`, Kenya's `000`) starts a number of another country: while such a number is typed,
      // the chosen country stays, since the next digits are still read in it.
      const typed = formatPhoneAsYouType(cleaned, international ? undefined : current.country)
      let nextCountry = international && allowed(typed.country) ? typed.country : current.country
      let shown = typed.formatted
      if (pasted) {
        const whole = parsePhoneNumber(cleaned, current.country)
        // A whole pasted or autofilled number (`+234…`, `00234…`) reads best in its country's own format.
        if (!whole.error && allowed(whole.country)) {
          shown = formatPhoneNumber(whole.e164, 'national')
          nextCountry = whole.country
        }
        if (shown !== typed.formatted) significantBefore = 'end'
      }
      caret.current = significantBefore === 'end' ? shown.length : indexAfterSignificant(shown, significantBefore)
      if (shown === current.display && nextCountry === current.country) {
        // Nothing changed (a letter was typed): React restores the old text and moves the caret
        // to the end, so put it back once it has.
        queueMicrotask(placeCaret)
        return
      }
      commit({ display: shown, country: nextCountry })
    },
    [allowed, commit, placeCaret],
  )

  // Writes that bypass React (react-hook-form setValue/reset on a registered field, form reset).
  const observe = useObservedInput({
    accept: useCallback(
      (written: string): string => {
        const current = stateRef.current
        if (written === current.display) return written
        const { fromExternal: read, allowed: isAllowed } = latest.current
        const next = read(written, current.country)
        show(next)
        emitted.current = evaluate(next.display, next.country, isAllowed).e164
        return next.display
      },
      [show],
    ),
    onFormReset: useCallback((): string | undefined => {
      const { options: o, fromExternal: read } = latest.current
      if (o.value !== undefined) return undefined
      const next = read(o.defaultValue ?? '', stateRef.current.country)
      show(next)
      setTouched(false)
      return next.display
    }, [show]),
  })

  const handleChange = (event: ChangeEvent<HTMLInputElement>): void => {
    const el = event.currentTarget
    let raw = el.value
    let at = el.selectionStart ?? raw.length
    const prev = stateRef.current.display
    const inputType = (event.nativeEvent as InputEvent).inputType ?? ''
    // The formatter would put back a deleted space or parenthesis: delete the digit beside it.
    if (inputType.startsWith('delete') && raw.length < prev.length && countSignificant(raw) === countSignificant(prev)) {
      const before = countSignificant(raw.slice(0, at))
      if (inputType === 'deleteContentBackward' && before > 0) {
        raw = removeSignificant(raw, before - 1)
        at = indexAfterSignificant(raw, before - 1)
      } else if (inputType === 'deleteContentForward') {
        raw = removeSignificant(raw, before)
      }
    }
    const pasted = inputType === 'insertFromPaste' || inputType === 'insertFromDrop' || raw.length - prev.length > 1
    apply(raw, at >= raw.length ? 'end' : countSignificant(raw.slice(0, at)), pasted)
  }

  const handlePaste = (event: ClipboardEvent<HTMLInputElement>): void => {
    const el = event.currentTarget
    if (el.readOnly) return
    event.preventDefault()
    const text = event.clipboardData.getData('text/plain')
    const prev = stateRef.current.display
    const start = el.selectionStart ?? prev.length
    const end = el.selectionEnd ?? start
    // A pasted `+` or `00` number replaces what was there: it carries its own country code.
    const chosen = stateRef.current.country
    if (cleanPhoneInput(text).startsWith('+') || formatPhoneAsYouType(text, chosen).country !== chosen) return apply(text, 'end', true)
    const raw = prev.slice(0, start) + text + prev.slice(end)
    apply(raw, end >= prev.length ? 'end' : countSignificant(prev.slice(0, start) + text), true)
  }

  const setCountry = useCallback(
    (next: CountryCode): void => {
      const current = stateRef.current
      if (!allowed(next) || next === current.country) return
      // Keep the national digits the user typed and read them in the new country.
      let digits = current.display
      const read = parsePhoneNumber(digits, current.country)
      if (cleanPhoneInput(digits).startsWith('+') || (read.country && read.country !== current.country)) digits = read.nationalNumber ?? ''
      caret.current = undefined
      commit({ display: digits ? formatPhoneAsYouType(cleanPhoneInput(digits), next).formatted : '', country: next })
    },
    [allowed, commit],
  )

  return {
    displayValue: display,
    e164,
    country,
    isValid: e164 !== '',
    error,
    isTouched,
    countries,
    setCountry,
    setValue: (text) => show(fromExternal(text, stateRef.current.country)),
    focus: () => inputRef.current?.focus(),
    getInputProps: (props = {}) => {
      const { ref: userRef, onBlur, onPaste, ...rest } = props
      return {
        id,
        type: 'tel',
        inputMode: 'tel',
        autoComplete: 'tel',
        // Phone numbers read left to right in every language.
        dir: 'ltr',
        disabled,
        readOnly,
        'aria-invalid': (isTouched && error !== undefined) || undefined,
        ...rest,
        value: display,
        ref: (el: HTMLInputElement | null) => {
          inputRef.current = el
          observe(el)
          assignRef(userRef, el)
        },
        onChange: handleChange,
        onPaste: composeHandlers(onPaste, handlePaste),
        onBlur: (event: FocusEvent<HTMLInputElement>) => {
          setTouched(true)
          onBlur?.(event)
        },
      }
    },
    getCountryProps: () => ({ value: country, onChange: setCountry, countries, disabled }),
  }
}
