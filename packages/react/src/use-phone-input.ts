import {
  callingCodeOf,
  cleanPhoneInput,
  COUNTRIES,
  COVERED_PHONE_HELPERS,
  getPhoneCountryCallingCode,
  INDEX_KEY,
  isPhoneCountriesLoaded,
  loadPhoneCountries,
  loadPhoneHelpers,
  needsPhoneCountries,
  peekPhoneHelpers,
  readDialledOut,
  regionsOfCallingCode,
  type ExamplePhoneNumber,
  type ParsedPhoneNumber,
  type PhoneCountries,
  type PhoneCountryCode,
  type PhoneHelpers,
  type PhoneHelpersKey,
  type PhoneNumberError,
} from '@hakiki/core'
import {
  useCallback,
  useEffect,
  useId,
  useMemo,
  useReducer,
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
import { usePhoneCountries } from './use-phone-countries'

/**
 * Why the number cannot be used yet; `no_country` when national digits were typed with no country
 * chosen; `unavailable` when the chosen country's phone metadata could not be loaded (offline, a
 * failed deploy): the number cannot be checked until it loads, which the next edit or pick retries.
 */
export type PhoneInputError = PhoneNumberError | 'no_country' | 'unavailable'

/** What {@link UsePhoneInputOptions.onChange} is told beside the E.164 value. */
export interface PhoneChangeDetails {
  /** The chosen or detected country. */
  country: PhoneCountryCode | undefined
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
  defaultCountry?: PhoneCountryCode
  /**
   * The countries offered: region codes (`['GH', 'DE', 'US']`) or `'all'` (every region the kit
   * reads, 245). The 14 covered countries are read with the bundled metadata. Offering any other
   * loads the region index (every region's calling code and metadata loader) when it is first
   * needed (the picker's list opens, a `+` or dialled-out number of another calling code is typed,
   * pasted or set, or the country is beyond the 14), not as the field mounts, and a country's
   * metadata (about 1.4 kB gzip) when it is needed: when it is the default or picked, or when a
   * typed `+` number's calling code names it. Codes the kit cannot read are left out.
   * @default the 14 covered countries
   */
  countries?: PhoneCountries
  /**
   * Called on every edit with the E.164 number, or `''` while it is not a valid number of an
   * allowed country; the chosen country is passed beside it since +1-style shared codes exist.
   * Also called when a country's metadata arrives and changes what the typed digits are.
   */
  onChange?: (e164: string, details: PhoneChangeDetails) => void
  /** Called when the user picks another country (or a pasted number switches it). */
  onCountryChange?: (country: PhoneCountryCode) => void
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
  value: PhoneCountryCode | undefined
  /** Picks a country; the typed digits are re-read in it. */
  onChange: (country: PhoneCountryCode) => void
  /** The countries offered. */
  countries: readonly PhoneCountryCode[]
  /** The picker is disabled with the field. */
  disabled: boolean | undefined
  /**
   * Set while more countries are to come (`'all'` before the region index has loaded): a picker
   * calls it as its list opens and shows the list once it settles, so that the list does not grow
   * from 14 to 245 under the user. Until then nothing is fetched for a covered country.
   */
  loadCountries: (() => Promise<void>) | undefined
}

/** What {@link usePhoneInput} returns. */
export interface UsePhoneInputResult {
  /** What the field shows: the number formatted as typed (`024 123 4567`). */
  displayValue: string
  /** The number in E.164, or `''` while it is empty or not valid. */
  e164: string
  /** The chosen or detected country. */
  country: PhoneCountryCode | undefined
  /** The number is valid and in an allowed country. */
  isValid: boolean
  /** Why the number is not valid, when the field is not empty. */
  error: PhoneInputError | undefined
  /**
   * The metadata needed to read what the field shows (the country's, or the typed calling
   * code's) is on its way: the digits are kept as typed, with no error, and re-read when it arrives.
   */
  isLoading: boolean
  /** A mobile example number of the chosen country (for a placeholder), once its metadata is at hand. */
  exampleNumber: ExamplePhoneNumber | undefined
  /** The field has lost focus since the user last changed it: time to show `error`. */
  isTouched: boolean
  /** The countries offered. */
  countries: readonly PhoneCountryCode[]
  /** Picks a country. */
  setCountry: (country: PhoneCountryCode) => void
  /** Sets the number (E.164 or anything a user could type) without calling `onChange`. */
  setValue: (value: string) => void
  /** Focuses the number input. */
  focus: () => void
  /** Props for the visible number input; pass your props through it. */
  getInputProps: (props?: PhoneInputUserProps) => PhoneInputElementProps
  /** Props for the country picker. */
  getCountryProps: () => PhoneCountryProps
}

const COVERED_COUNTRIES: readonly PhoneCountryCode[] = COUNTRIES.map((c) => c.iso2)
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
  country: PhoneCountryCode | undefined
  /** The text waits for metadata and was pasted or set whole: read it as one number when it arrives. */
  whole?: boolean
}

/** Whether a country is offered; `wide` when some offered country is beyond the covered 14. */
type Allowed = ((c: string | undefined) => boolean) & { wide?: boolean }

/**
 * Which metadata reads `cleaned`: national digits, the chosen country's (its ISO code); a `+`
 * number, every region of its calling code (`+49`) when an allowed region has it. `undefined`
 * when the bundled helpers do (no country, or a `+` number of no allowed region, which they call
 * unsupported).
 */
function keyToRead(cleaned: string, country: string | undefined, allowed: Allowed): PhoneHelpersKey | undefined {
  if (!cleaned.startsWith('+')) return country
  const code = callingCodeOf(cleaned)
  // A calling code beyond the covered ones is known once the region index is: wait for it rather
  // than call the number unsupported meanwhile.
  if (!code) return allowed.wide && cleaned.length > 1 && !isPhoneCountriesLoaded() ? INDEX_KEY : undefined
  const regions = regionsOfCallingCode(code)
  return regions.some(allowed) || COVERED_COUNTRIES.some((c) => allowed(c) && getPhoneCountryCallingCode(c) === code) ? `+${code}` : undefined
}

/** The helpers that read `cleaned`, or the key of the metadata still to load. */
function helpersFor(cleaned: string, country: string | undefined, allowed: Allowed): PhoneHelpers | PhoneHelpersKey {
  const key = keyToRead(cleaned, country, allowed)
  if (key === undefined) return COVERED_PHONE_HELPERS
  return peekPhoneHelpers(key) ?? key
}

/**
 * A number dialled out of the chosen country with its international call prefix (`0033…` in
 * Poland), as `+33…`, when the chosen country's helpers cannot read it themselves: a loaded
 * country's helpers hold its own plan only, so the number is read with its calling code's helpers,
 * as libphonenumber-js reads it with every plan at hand. `undefined` otherwise (the covered helpers
 * read `000 233…` typed in Kenya on their own, and keep doing so).
 */
function dialledOut(cleaned: string, country: string | undefined, allowed: Allowed): string | undefined {
  const international = readDialledOut(cleaned, country)
  if (international === undefined) return undefined
  const own = helpersFor(cleaned, country, allowed)
  return typeof own !== 'string' && own !== helpersFor(international, country, allowed) ? international : undefined
}

/**
 * A valid number (the covered helpers call one of another country `unsupported_country` with
 * `isValid` set: whether its country is offered is this field's call, made by `allowed`).
 */
function isUsable(parsed: ParsedPhoneNumber): parsed is ParsedPhoneNumber & { e164: string } {
  return parsed.isValid && parsed.e164 !== undefined && (parsed.error === undefined || parsed.error === 'unsupported_country')
}

interface Evaluation {
  e164: string
  error: PhoneInputError | undefined
  /** The metadata awaited (see {@link keyToRead}), when it is. */
  waitingFor: PhoneHelpersKey | undefined
}

/** The E.164 value and error of what the field shows; `failed` says which loads failed. */
function evaluate(display: string, country: PhoneCountryCode | undefined, allowed: Allowed, failed: ReadonlySet<string>): Evaluation {
  if (!display) return { e164: '', error: undefined, waitingFor: undefined }
  const raw = cleanPhoneInput(display)
  const international = dialledOut(raw, country, allowed)
  const cleaned = international ?? raw
  const helpers = helpersFor(cleaned, country, allowed)
  // No flash of an error while the metadata loads: the number is neither valid nor wrong yet.
  if (typeof helpers === 'string') return { e164: '', error: failed.has(helpers) ? 'unavailable' : undefined, waitingFor: helpers }
  const parsed = helpers.parsePhoneNumber(international ?? display, country)
  if (isUsable(parsed)) return allowed(parsed.country) ? { e164: parsed.e164, error: undefined, waitingFor: undefined } : { e164: '', error: 'unsupported_country', waitingFor: undefined }
  if (parsed.error === 'not_a_number') return { e164: '', error: 'invalid', waitingFor: undefined }
  // National digits with no country to read them in: the user has to pick one (or type `+`).
  if (parsed.error === 'invalid' && !country && !cleaned.startsWith('+')) return { e164: '', error: 'no_country', waitingFor: undefined }
  return { e164: '', error: parsed.error, waitingFor: undefined }
}

/**
 * What the field shows for `text` typed (or, `pasted`, pasted whole) while `country` is chosen.
 * `waitingFor` is set when the metadata to read it is still loading: the text is kept as typed.
 */
function interpret(text: string, country: PhoneCountryCode | undefined, pasted: boolean, allowed: Allowed): PhoneState & { waitingFor?: string; readWhole?: boolean } {
  const raw = cleanPhoneInput(text)
  const dialled = dialledOut(raw, country, allowed)
  const cleaned = dialled ?? raw
  const international = raw.startsWith('+')
  const helpers = helpersFor(cleaned, country, allowed)
  if (typeof helpers === 'string') return { display: text, country, waitingFor: helpers }
  // National digits are read in the chosen country, which also says which call prefix (`00`,
  // Kenya's `000`) starts a number of another country: while such a number is typed, the chosen
  // country stays, since the next digits are still read in it.
  const typed = helpers.formatPhoneAsYouType(cleaned, international || dialled ? undefined : country)
  // Dialled out (see `dialledOut`): shown as libphonenumber-js shows it, the prefix as typed, then
  // the number laid out as an international one (`00 33 6 12 34 56 78`).
  const shown = dialled ? `${raw.slice(0, raw.length - dialled.length + 1)} ${typed.formatted.replace(/^\+/, '')}` : typed.formatted
  const next: PhoneState = { display: shown, country: international && allowed(typed.country) ? typed.country : country }
  if (pasted) {
    const whole = helpers.parsePhoneNumber(cleaned, country)
    // A whole pasted or autofilled number (`+234…`, `00234…`) reads best in its country's own format.
    if (isUsable(whole) && allowed(whole.country)) {
      const national = helpers.formatPhoneNumber(whole.e164, 'national')
      return { display: national, country: whole.country, readWhole: national !== typed.formatted }
    }
  }
  return next
}

/**
 * Headless phone number field: a country picker plus one number input formatted as the user types
 * (`024 123 4567`) with a caret that stays beside the digit it was at, E.164 out.
 *
 * Reads what people paste: `00234…`, `+234 (0)…`, Arabic-Indic digits; a pasted `+` number of
 * another allowed country switches the country and is shown in national form. Deleting a space or
 * parenthesis deletes the digit beside it instead of being undone by the formatter.
 *
 * With `countries="all"` (or a list beyond the covered 14), a country's metadata is loaded the
 * first time it is needed; meanwhile the digits stay as typed (no error), and they are re-read
 * (formatted, validated, reported through `onChange`) when it arrives.
 */
export function usePhoneInput(options: UsePhoneInputOptions = {}): UsePhoneInputResult {
  const { value: valueProp, defaultValue = '', defaultCountry, countries: countriesOption = COVERED_COUNTRIES, disabled, readOnly } = options
  const generatedId = useId()
  const id = options.id ?? generatedId
  const wide = needsPhoneCountries(countriesOption)
  // The index is fetched only when needed (the list opens, a `+` or dialled-out number, a country
  // beyond the 14), not as the field mounts: a field on a covered country loads nothing more.
  const countries = usePhoneCountries(countriesOption, false)
  const indexReady = !wide || isPhoneCountriesLoaded()

  const allowed = useMemo(
    (): Allowed =>
      Object.assign(
        // Until the index arrives, `'all'` keeps any region code (a given or guessed default country).
        (c: string | undefined) => !!c && (countries.includes(c) || (countriesOption === 'all' && !indexReady && /^[A-Z]{2}$/.test(c))),
        { wide },
      ),
    [countries, countriesOption, indexReady, wide],
  )
  /** Metadata whose last load failed (retried on the next edit or pick). */
  const [failed, setFailed] = useState<ReadonlySet<string>>(() => new Set())
  /** Re-renders once a load finished (the helpers live outside React). */
  const [, loadedOne] = useReducer((n: number) => n + 1, 0)
  /** Loads the region index for the picker, re-rendering with every country once it is in. */
  const loadCountries = useCallback((): Promise<void> => loadPhoneCountries().then(loadedOne, loadedOne), [])

  /** Display and country for a number from outside (E.164, or anything a user could type). */
  const fromExternal = useCallback(
    (text: string, fallback: PhoneCountryCode | undefined): PhoneState => {
      if (!text) return { display: '', country: fallback }
      const next = interpret(text, fallback, true, allowed)
      return { display: next.display, country: next.country, whole: next.waitingFor !== undefined }
    },
    [allowed],
  )

  const [state, setState] = useState<PhoneState>(() =>
    fromExternal(valueProp ?? defaultValue, allowed(defaultCountry) ? defaultCountry : undefined),
  )
  const [isTouched, setTouched] = useState(false)
  const { display, country } = state
  const { e164, error, waitingFor } = evaluate(display, country, allowed, failed)
  // The chosen country's metadata is fetched as soon as it is chosen (or guessed), before typing.
  const countryHelpers = country ? peekPhoneHelpers(country) : undefined
  const needed = waitingFor ?? (country && !countryHelpers ? country : undefined)

  const inputRef = useRef<HTMLInputElement | null>(null)
  /** The state as last set, ahead of React within one event; the value-setter wrapper compares with it. */
  const stateRef = useRef(state)
  /** The E.164 value last reported: a controlled value that echoes it (`''` while typing) is no news. */
  const emitted = useRef(valueProp ?? '')
  const caret = useRef<number | undefined>(undefined)
  const latest = useRef({ options, fromExternal, allowed, failed })
  useIsoLayoutEffect(() => {
    latest.current = { options, fromExternal, allowed, failed }
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

  /** Commits a new state and reports it; `byUser` (an edit, not arriving metadata) resets `isTouched`. */
  const commit = useCallback(
    (next: PhoneState, byUser = true): void => {
      const prev = stateRef.current
      show(next)
      if (byUser) setTouched(false)
      const o = latest.current.options
      if (next.country && next.country !== prev.country) o.onCountryChange?.(next.country)
      const out = evaluate(next.display, next.country, allowed, latest.current.failed)
      emitted.current = out.e164
      o.onChange?.(out.e164, { country: next.country, isValid: out.e164 !== '', error: out.error })
    },
    [allowed, show],
  )

  /** Re-reads what the field shows once the metadata it waited for arrived. */
  const settle = useCallback((): void => {
    const current = stateRef.current
    const next = interpret(current.display, current.country, current.whole === true, latest.current.allowed)
    // Still waiting, for the next piece now (a `+` number's regions, once the index named its code).
    if (next.waitingFor !== undefined) return loadedOne()
    const el = inputRef.current
    if (el && el.ownerDocument.activeElement === el && el.selectionStart !== null && el.selectionStart < el.value.length) {
      caret.current = indexAfterSignificant(next.display, countSignificant(el.value.slice(0, el.selectionStart)))
    }
    const out = evaluate(next.display, next.country, latest.current.allowed, latest.current.failed)
    if (next.display === current.display && next.country === current.country && out.e164 === emitted.current) {
      stateRef.current = { display: current.display, country: current.country }
      return loadedOne()
    }
    commit({ display: next.display, country: next.country }, false)
  }, [commit])

  // Fetches the metadata the field needs (chosen country, typed calling code), once per code; a
  // failed load is tried again when the field next needs it after an edit or a pick.
  useEffect(() => {
    if (needed === undefined || failed.has(needed)) return
    let live = true
    loadPhoneHelpers(needed).then(
      () => {
        if (live) settle()
      },
      () => {
        if (live) setFailed((set) => new Set(set).add(needed))
      },
    )
    return () => {
      live = false
    }
  }, [needed, failed, settle])

  /** Forgets failed loads, so that the edit or pick at hand tries them again. */
  const retryFailed = useCallback((): void => {
    if (latest.current.failed.size > 0) setFailed(new Set())
  }, [])

  /** Formats `text` typed or pasted, keeping the caret after its `significantBefore`-th digit. */
  const apply = useCallback(
    (text: string, significantBefore: number | 'end', pasted: boolean): void => {
      const current = stateRef.current
      retryFailed()
      const next = interpret(text, current.country, pasted, allowed)
      if (next.readWhole) significantBefore = 'end'
      const shown = next.display
      caret.current = significantBefore === 'end' ? shown.length : indexAfterSignificant(shown, significantBefore)
      if (shown === current.display && next.country === current.country) {
        // Nothing changed (a letter was typed): React restores the old text and moves the caret
        // to the end, so put it back once it has.
        queueMicrotask(placeCaret)
        return
      }
      // A paste that waits for metadata is read as one number when it arrives; a keystroke after
      // it keeps that (`+49 151…` pasted, then one more digit typed).
      const whole = next.waitingFor !== undefined && (pasted || (current.whole === true && cleanPhoneInput(shown).startsWith(cleanPhoneInput(current.display))))
      commit({ display: shown, country: next.country, ...(whole ? { whole } : {}) })
    },
    [allowed, commit, placeCaret, retryFailed],
  )

  // Writes that bypass React (react-hook-form setValue/reset on a registered field, form reset).
  const observe = useObservedInput({
    accept: useCallback(
      (written: string): string => {
        const current = stateRef.current
        if (written === current.display) return written
        const { fromExternal: read, allowed: isAllowed, failed: failedNow } = latest.current
        const next = read(written, current.country)
        show(next)
        emitted.current = evaluate(next.display, next.country, isAllowed, failedNow).e164
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
    const cleaned = cleanPhoneInput(text)
    const helpers = helpersFor(cleaned, chosen, allowed)
    if (cleaned.startsWith('+') || (typeof helpers !== 'string' && helpers.formatPhoneAsYouType(text, chosen).country !== chosen)) return apply(text, 'end', true)
    const raw = prev.slice(0, start) + text + prev.slice(end)
    apply(raw, end >= prev.length ? 'end' : countSignificant(prev.slice(0, start) + text), true)
  }

  const setCountry = useCallback(
    (next: PhoneCountryCode): void => {
      const current = stateRef.current
      if (!allowed(next) || next === current.country) return
      retryFailed()
      // Keep the national digits the user typed and read them in the new country.
      let digits = current.display
      const cleaned = cleanPhoneInput(digits)
      const helpers = helpersFor(cleaned, current.country, allowed)
      if (typeof helpers === 'string') {
        // Not read yet: a `+` number loses its calling code; national digits are kept as they are.
        if (cleaned.startsWith('+')) digits = ''
      } else {
        const read = helpers.parsePhoneNumber(digits, current.country)
        if (cleaned.startsWith('+') || (read.country && read.country !== current.country)) digits = read.nationalNumber ?? ''
      }
      caret.current = undefined
      commit(digits ? { display: interpret(cleanPhoneInput(digits), next, false, allowed).display, country: next } : { display: '', country: next })
    },
    [allowed, commit, retryFailed],
  )

  return {
    displayValue: display,
    e164,
    country,
    isValid: e164 !== '',
    error,
    isLoading: needed !== undefined && !failed.has(needed),
    exampleNumber: country ? countryHelpers?.getExampleNumber(country) : undefined,
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
    getCountryProps: () => ({ value: country, onChange: setCountry, countries, disabled, loadCountries: indexReady ? undefined : loadCountries }),
  }
}
