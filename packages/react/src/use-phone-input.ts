import {
  COUNTRIES,
  createPhoneFieldLoader,
  editPhoneField,
  isPhoneCountriesLoaded,
  loadPhoneCountries,
  needsPhoneCountries,
  pasteIntoPhoneField,
  peekPhoneHelpers,
  phoneFieldAllowed,
  phoneFieldFromOutside,
  pickPhoneCountry,
  readPhoneField,
  readPhoneInput,
  settlePhoneField,
  countSignificant,
  indexAfterSignificant,
  type ExamplePhoneNumber,
  type PhoneCountries,
  type PhoneCountryCode,
  type PhoneFieldInput,
  type PhoneFieldState,
  type PhoneInputError,
} from '@hakiki/core'
import {
  useCallback,
  useEffect,
  useId,
  useMemo,
  useReducer,
  useRef,
  useState,
  useSyncExternalStore,
  type ChangeEvent,
  type ClipboardEvent,
  type FocusEvent,
  type InputHTMLAttributes,
  type Ref,
  type RefCallback,
} from 'react'
import { assignRef } from './assign-ref'
import { composeHandlers } from './compose-handlers'
import { useControllableState } from './use-controllable-state'
import { useIsoLayoutEffect } from './use-iso-layout-effect'
import { useLatestRef } from './use-latest-ref'
import { useObservedInput } from './use-observed-input'
import { usePhoneCountries } from './use-phone-countries'

export type { PhoneInputError } from '@hakiki/core'

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
export type PhoneInputUserProps = InputHTMLAttributes<HTMLInputElement> & { ref?: Ref<HTMLInputElement> | undefined }

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

/** A selection of the input to restore after React wrote its text: a caret when start and end are equal. */
type FieldSelection = readonly [start: number, end: number]

/**
 * The user's selection in `input` (about to show `next` instead of its text) carried over to
 * `next`: each end after the same digit, an end at the end of the text at the end of `next` (its
 * direction is not kept: bytes for a backward selection made just as metadata arrives).
 * `undefined` when the field is not focused.
 */
function carriedSelection(input: HTMLInputElement, next: string): FieldSelection | undefined {
  const { value, selectionStart, selectionEnd } = input
  const carry = (at: number | null): number => (at === null || at >= value.length ? next.length : indexAfterSignificant(next, countSignificant(value.slice(0, at))))
  return input.ownerDocument.activeElement === input ? [carry(selectionStart), carry(selectionEnd)] : undefined
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
    () => phoneFieldAllowed(countries, countriesOption === 'all', indexReady, wide),
    [countries, countriesOption, indexReady, wide],
  )
  /** The metadata this field waits for, and the loads that failed (retried on the next edit or pick). */
  const [loader] = useState(createPhoneFieldLoader)
  const failed = useSyncExternalStore(loader.subscribe, () => loader.failed, () => loader.failed)
  /** Re-renders once a load finished (the helpers live outside React). */
  const [, loadedOne] = useReducer((n: number) => n + 1, 0)
  /** Loads the region index for the picker, re-rendering with every country once it is in. */
  const loadCountries = useCallback((): Promise<void> => loadPhoneCountries().then(loadedOne, loadedOne), [])

  /** Display and country for a number from outside (E.164, or anything a user could type). */
  const fromExternal = useCallback((text: string, fallback: PhoneCountryCode | undefined): PhoneFieldState => phoneFieldFromOutside(text, fallback, allowed), [allowed])

  const [state, setState] = useState<PhoneFieldState>(() =>
    fromExternal(valueProp ?? defaultValue, allowed(defaultCountry) ? defaultCountry : undefined),
  )
  const [isTouched, setTouched] = useState(false)
  // What is controlled is the E.164 value the field reports; the text and country it shows are
  // its own state, derived from that value when it comes from outside (below).
  const [reported, , controlled] = useControllableState<string, [PhoneChangeDetails]>({
    value: valueProp,
    defaultValue: '',
    onChange: options.onChange,
  })
  const { display, country } = state
  const { e164, error, waitingFor } = readPhoneField(display, country, allowed, failed)
  // The chosen country's metadata is fetched as soon as it is chosen (or guessed), before typing.
  const countryHelpers = country ? peekPhoneHelpers(country) : undefined
  const needed = waitingFor ?? (country && !countryHelpers ? country : undefined)

  const inputRef = useRef<HTMLInputElement | null>(null)
  /** The state as last set, ahead of React within one event; the value-setter wrapper compares with it. */
  const stateRef = useRef(state)
  /** The E.164 value last reported: a controlled value that echoes it (`''` while typing) is no news. */
  const emitted = useRef(valueProp ?? '')
  /** Where the caret (or selection) goes once React has written the new text. */
  const caret = useRef<FieldSelection | undefined>(undefined)
  /**
   * The text was re-read as its metadata arrived, not edited: React's write of it must keep the
   * user's selection, read as it writes (the user may have selected since the metadata arrived).
   */
  const reread = useRef(false)
  const latest = useLatestRef({ options, fromExternal, allowed, controlled })

  /** Sets the state and its ref together, so that React's own write of the new text is recognised. */
  const show = useCallback((next: PhoneFieldState): void => {
    stateRef.current = next
    setState(next)
  }, [])

  // A controlled value from outside (not the echo of what was reported) replaces the text. Done in
  // a layout effect rather than during render so that `stateRef` is set before React writes the text.
  useIsoLayoutEffect(() => {
    if (!controlled || reported === emitted.current) return
    emitted.current = reported
    show(latest.current.fromExternal(reported, stateRef.current.country))
  }, [controlled, reported, show])

  /** Moves the caret to where the last edit asked (or keeps the selection of a re-read), after React wrote the new text. */
  const placeCaret = useCallback((): void => {
    reread.current = false
    const el = inputRef.current
    const at = caret.current
    if (!el || at === undefined || el.ownerDocument.activeElement !== el) return
    caret.current = undefined
    el.setSelectionRange(...at)
  }, [])
  useIsoLayoutEffect(placeCaret)

  /** Commits a new state and reports it; `byUser` (an edit, not arriving metadata) resets `isTouched`. */
  const commit = useCallback(
    (next: PhoneFieldState, byUser = true): void => {
      const prev = stateRef.current
      show(next)
      // Arriving metadata re-read the text: React's write of it keeps the user's selection (`accept`).
      reread.current = !byUser
      if (byUser) setTouched(false)
      const o = latest.current.options
      if (next.country && next.country !== prev.country) o.onCountryChange?.(next.country)
      const out = readPhoneField(next.display, next.country, allowed, loader.failed)
      emitted.current = out.e164
      // Reported straight to the caller: the field's own state is what it shows (`state`) and the
      // E.164 value is derived from it, so no uncontrolled copy is kept. Going through the setter
      // of useControllableState cost a second commit on one key of a controlled field (bench:renders'
      // smoke test, 2 commits on 1 of 9 keys); the exact cause was not pinned down.
      o.onChange?.(out.e164, { country: next.country, isValid: out.e164 !== '', error: out.error })
    },
    [allowed, show, latest, loader],
  )

  /** Re-reads what the field shows once the metadata it waited for arrived. */
  const settle = useCallback((): void => {
    const current = stateRef.current
    const next = settlePhoneField(current, latest.current.allowed)
    if (next === undefined) return loadedOne()
    const out = readPhoneField(next.display, next.country, latest.current.allowed, loader.failed)
    if (next.display === current.display && next.country === current.country && out.e164 === emitted.current) {
      stateRef.current = next
      return loadedOne()
    }
    // Where the caret or selection goes is read as React writes the new text (`accept`, below): a
    // selection made meanwhile (all of it, to type another number over it) stays whole. Read here,
    // it lost one made before React's write, which then left a caret at its start.
    commit(next, false)
  }, [commit, latest, loader])

  // Fetches the metadata the field needs (chosen country, typed calling code), once per code; a
  // failed load is tried again when the field next needs it after an edit or a pick.
  useEffect(() => {
    if (needed === undefined || failed.has(needed)) return
    let live = true
    void loader.load(needed).then((loaded) => {
      if (live && loaded) settle()
    })
    return () => {
      live = false
    }
  }, [needed, failed, settle, loader])

  /** Formats text typed or pasted, keeping the caret after the same digit. */
  const apply = useCallback(
    (input: PhoneFieldInput): void => {
      loader.retry()
      const out = editPhoneField(stateRef.current, input, allowed)
      caret.current = [out.caret, out.caret]
      // Nothing changed (a letter was typed): React restores the old text and moves the caret to
      // the end, so put it back once it has.
      if (!out.changed) return queueMicrotask(placeCaret)
      commit(out.state)
    },
    [allowed, commit, placeCaret, loader],
  )

  // Writes that bypass React (react-hook-form setValue/reset on a registered field, form reset).
  const observe = useObservedInput({
    accept: useCallback(
      (written: string, input: HTMLInputElement): string => {
        const current = stateRef.current
        if (written === current.display) {
          // React writing a re-read text: the selection as it is now, carried over.
          if (reread.current) caret.current = carriedSelection(input, written)
          return written
        }
        const { fromExternal: read, allowed: isAllowed } = latest.current
        const next = read(written, current.country)
        show(next)
        emitted.current = readPhoneField(next.display, next.country, isAllowed, loader.failed).e164
        return next.display
      },
      [show, latest, loader],
    ),
    onFormReset: useCallback((): string | undefined => {
      const { options: o, fromExternal: read, controlled: isControlled } = latest.current
      if (isControlled) return undefined
      const next = read(o.defaultValue ?? '', stateRef.current.country)
      show(next)
      setTouched(false)
      return next.display
    }, [show, latest]),
  })

  const handleChange = (event: ChangeEvent<HTMLInputElement>): void => {
    const el = event.currentTarget
    const inputType = (event.nativeEvent as InputEvent).inputType ?? ''
    apply(readPhoneInput(stateRef.current.display, el.value, el.selectionStart ?? el.value.length, inputType))
  }

  const handlePaste = (event: ClipboardEvent<HTMLInputElement>): void => {
    const el = event.currentTarget
    if (el.readOnly) return
    event.preventDefault()
    const prev = stateRef.current.display
    const start = el.selectionStart ?? prev.length
    apply(pasteIntoPhoneField(stateRef.current, event.clipboardData.getData('text/plain'), [start, el.selectionEnd ?? start], allowed))
  }

  const setCountry = useCallback(
    (next: PhoneCountryCode): void => {
      const picked = pickPhoneCountry(stateRef.current, next, allowed)
      if (!picked) return
      loader.retry()
      caret.current = undefined
      commit(picked)
    },
    [allowed, commit, loader],
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
      const { ref: userRef, onBlur, onPaste, onChange: userOnChange, ...rest } = props
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
        // The caller's `onChange` sees the event after the field has read it (its text is the formatted one by the next render).
        onChange: (event: ChangeEvent<HTMLInputElement>) => {
          handleChange(event)
          userOnChange?.(event)
        },
        onPaste: composeHandlers(onPaste, handlePaste),
        onBlur: (event: FocusEvent<HTMLInputElement>) => {
          // Only leaving the field in the page: not the page losing the focus (a user switching to
          // another app to look the number up is told nothing is "too short"; the browser gives
          // the field the focus back on return).
          if (event.currentTarget.ownerDocument.hasFocus()) setTouched(true)
          onBlur?.(event)
        },
      }
    },
    getCountryProps: () => ({ value: country, onChange: setCountry, countries, disabled, loadCountries: indexReady ? undefined : loadCountries }),
  }
}
