/**
 * The edit rules of a phone number field: which metadata reads what the field shows, what typing,
 * deleting, pasting and picking a country do to the text, where the caret goes, and the E.164
 * value and error of the result. Pure functions of (text, country, offered countries, the metadata
 * at hand), tested in Node; `usePhoneInput` only reads events and places the caret, and
 * {@link createPhoneFieldLoader} fetches the metadata the rules ask for.
 */
import { cleanPhoneInput } from '../phone/clean-phone-input'
import { COUNTRIES } from '../phone/countries'
import {
  callingCodeOf,
  COVERED_PHONE_HELPERS,
  getPhoneCountryCallingCode,
  INDEX_KEY,
  isPhoneCountriesLoaded,
  loadPhoneHelpers,
  peekPhoneHelpers,
  readDialledOut,
  regionsOfCallingCode,
  type PhoneCountryCode,
  type PhoneHelpersKey,
} from '../phone/offered-phone-countries'
import type { ParsedPhoneNumber, PhoneHelpers, PhoneNumberError } from '../phone/phone-types'

/**
 * Why the number cannot be used yet; `no_country` when national digits were typed with no country
 * chosen; `unavailable` when the chosen country's phone metadata could not be loaded (offline, a
 * failed deploy): the number cannot be checked until it loads, which the next edit or pick retries.
 */
export type PhoneInputError = PhoneNumberError | 'no_country' | 'unavailable'

/** What a phone field shows and in which country it reads it. */
export interface PhoneFieldState {
  /** The text in the input, formatted as typed. */
  display: string
  /** The chosen or detected country. */
  country: PhoneCountryCode | undefined
  /** The text waits for metadata and was pasted or set whole: read it as one number when it arrives. */
  whole?: boolean
}

/** Whether a country is offered; `wide` when some offered country is beyond the covered 14. */
export type PhoneFieldAllowed = ((country: string | undefined) => boolean) & { wide?: boolean }

/** The E.164 value and error of what the field shows. */
export interface PhoneFieldReading {
  /** The number in E.164, `''` while it is empty, not valid or not offered. */
  e164: string
  /** Why not, when the field is not empty. */
  error: PhoneInputError | undefined
  /** The metadata awaited (see {@link phoneKeyToRead}), when it is. */
  waitingFor: PhoneHelpersKey | undefined
}

const COVERED_COUNTRIES: readonly PhoneCountryCode[] = COUNTRIES.map((c) => c.iso2)
const SIGNIFICANT = /[+\p{Nd}]/u

/**
 * The countries a field offers as a predicate: `countries` once the region index (if needed) is
 * in; until then, with `'all'`, any region code (a given or guessed default country).
 */
export function phoneFieldAllowed(countries: readonly string[], all: boolean, indexReady: boolean, wide: boolean): PhoneFieldAllowed {
  return Object.assign((c: string | undefined) => !!c && (countries.includes(c) || (all && !indexReady && /^[A-Z]{2}$/.test(c))), { wide })
}

/** Digits and `+`: the characters formatting keeps; spaces, dashes and parentheses come and go. */
export function countSignificant(text: string): number {
  let n = 0
  for (const char of text) if (SIGNIFICANT.test(char)) n++
  return n
}

/** Index in `text` just after its `n`-th significant character (0 when `n` is 0). */
export function indexAfterSignificant(text: string, n: number): number {
  if (n <= 0) return 0
  let seen = 0
  for (let i = 0; i < text.length; i++) {
    if (SIGNIFICANT.test(text[i] ?? '') && ++seen === n) return i + 1
  }
  return text.length
}

/** `text` without its `n`-th significant character (counting from 0). */
export function removeSignificant(text: string, n: number): string {
  const at = indexAfterSignificant(text, n + 1) - 1
  return at < 0 ? text : text.slice(0, at) + text.slice(at + 1)
}

/**
 * Which metadata reads `cleaned`: national digits, the chosen country's (its ISO code); a `+`
 * number, every region of its calling code (`+49`) when an allowed region has it. `undefined`
 * when the bundled helpers do (no country, or a `+` number of no allowed region, which they call
 * unsupported).
 */
export function phoneKeyToRead(cleaned: string, country: string | undefined, allowed: PhoneFieldAllowed): PhoneHelpersKey | undefined {
  if (!cleaned.startsWith('+')) return country
  const code = callingCodeOf(cleaned)
  // A calling code beyond the covered ones is known once the region index is: wait for it rather
  // than call the number unsupported meanwhile.
  if (!code) return allowed.wide && cleaned.length > 1 && !isPhoneCountriesLoaded() ? INDEX_KEY : undefined
  const regions = regionsOfCallingCode(code)
  return regions.some(allowed) || COVERED_COUNTRIES.some((c) => allowed(c) && getPhoneCountryCallingCode(c) === code) ? `+${code}` : undefined
}

/** The helpers that read `cleaned`, or the key of the metadata still to load. */
export function phoneHelpersFor(cleaned: string, country: string | undefined, allowed: PhoneFieldAllowed): PhoneHelpers | PhoneHelpersKey {
  const key = phoneKeyToRead(cleaned, country, allowed)
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
function dialledOut(cleaned: string, country: string | undefined, allowed: PhoneFieldAllowed): string | undefined {
  const international = readDialledOut(cleaned, country)
  if (international === undefined) return undefined
  const own = phoneHelpersFor(cleaned, country, allowed)
  return typeof own !== 'string' && own !== phoneHelpersFor(international, country, allowed) ? international : undefined
}

/**
 * A valid number (the covered helpers call one of another country `unsupported_country` with
 * `isValid` set: whether its country is offered is this field's call, made by `allowed`).
 */
function isUsable(parsed: ParsedPhoneNumber): parsed is ParsedPhoneNumber & { e164: string } {
  return parsed.isValid && parsed.e164 !== undefined && (parsed.error === undefined || parsed.error === 'unsupported_country')
}

/** The E.164 value and error of what the field shows; `failed` says which metadata loads failed. */
export function readPhoneField(display: string, country: PhoneCountryCode | undefined, allowed: PhoneFieldAllowed, failed: ReadonlySet<string>): PhoneFieldReading {
  if (!display) return { e164: '', error: undefined, waitingFor: undefined }
  const raw = cleanPhoneInput(display)
  const international = dialledOut(raw, country, allowed)
  const cleaned = international ?? raw
  const helpers = phoneHelpersFor(cleaned, country, allowed)
  // No flash of an error while the metadata loads: the number is neither valid nor wrong yet.
  if (typeof helpers === 'string') return { e164: '', error: failed.has(helpers) ? 'unavailable' : undefined, waitingFor: helpers }
  const parsed = helpers.parsePhoneNumber(international ?? display, country)
  if (isUsable(parsed)) return allowed(parsed.country) ? { e164: parsed.e164, error: undefined, waitingFor: undefined } : { e164: '', error: 'unsupported_country', waitingFor: undefined }
  if (parsed.error === 'not_a_number') return { e164: '', error: 'invalid', waitingFor: undefined }
  // National digits with no country to read them in: the user has to pick one (or type `+`).
  if (parsed.error === 'invalid' && !country && !cleaned.startsWith('+')) return { e164: '', error: 'no_country', waitingFor: undefined }
  return { e164: '', error: parsed.error, waitingFor: undefined }
}

/** What {@link interpretPhoneText} makes of a text. */
export interface PhoneFieldInterpretation extends PhoneFieldState {
  /** The metadata to read the text is still loading: the text is kept as typed. */
  waitingFor?: string
  /** A whole pasted number was re-laid in its country's own format: the caret goes to the end. */
  readWhole?: boolean
}

/**
 * What the field shows for `text` typed (or, `pasted`, pasted whole) while `country` is chosen.
 * `waitingFor` is set when the metadata to read it is still loading: the text is kept as typed.
 */
export function interpretPhoneText(text: string, country: PhoneCountryCode | undefined, pasted: boolean, allowed: PhoneFieldAllowed): PhoneFieldInterpretation {
  const raw = cleanPhoneInput(text)
  const dialled = dialledOut(raw, country, allowed)
  const cleaned = dialled ?? raw
  const international = raw.startsWith('+')
  const helpers = phoneHelpersFor(cleaned, country, allowed)
  if (typeof helpers === 'string') return { display: text, country, waitingFor: helpers }
  // National digits are read in the chosen country, which also says which call prefix (`00`,
  // Kenya's `000`) starts a number of another country: while such a number is typed, the chosen
  // country stays, since the next digits are still read in it.
  const typed = helpers.formatPhoneAsYouType(cleaned, international || dialled ? undefined : country)
  // Dialled out (see `dialledOut`): shown as libphonenumber-js shows it, the prefix as typed, then
  // the number laid out as an international one (`00 33 6 12 34 56 78`).
  const shown = dialled ? `${raw.slice(0, raw.length - dialled.length + 1)} ${typed.formatted.replace(/^\+/, '')}` : typed.formatted
  const next: PhoneFieldState = { display: shown, country: international && allowed(typed.country) ? typed.country : country }
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

/** The state of a field for a number from outside (E.164, or anything a user could type). */
export function phoneFieldFromOutside(text: string, fallback: PhoneCountryCode | undefined, allowed: PhoneFieldAllowed): PhoneFieldState {
  if (!text) return { display: '', country: fallback }
  const next = interpretPhoneText(text, fallback, true, allowed)
  return { display: next.display, country: next.country, whole: next.waitingFor !== undefined }
}

/** An edit to apply: the text now in the input, the caret as a count of significant characters before it, and whether it was pasted. */
export interface PhoneFieldInput {
  /** The text to read. */
  text: string
  /** Significant characters (digits, `+`) before the caret, or `'end'`. */
  caret: number | 'end'
  /** Pasted, dropped or autofilled whole (more than one character at once). */
  pasted: boolean
}

/**
 * What an `input` event means: `raw` is the input's text after the browser's edit, `at` its caret,
 * `inputType` the event's. The formatter would put back a deleted space or parenthesis, so such a
 * deletion deletes the digit beside it instead.
 */
export function readPhoneInput(prev: string, raw: string, at: number, inputType: string): PhoneFieldInput {
  let text = raw
  let caretAt = at
  if (inputType.startsWith('delete') && text.length < prev.length && countSignificant(text) === countSignificant(prev)) {
    const before = countSignificant(text.slice(0, caretAt))
    if (inputType === 'deleteContentBackward' && before > 0) {
      text = removeSignificant(text, before - 1)
      caretAt = indexAfterSignificant(text, before - 1)
    } else if (inputType === 'deleteContentForward') {
      text = removeSignificant(text, before)
    }
  }
  const pasted = inputType === 'insertFromPaste' || inputType === 'insertFromDrop' || text.length - prev.length > 1
  return { text, caret: caretAt >= text.length ? 'end' : countSignificant(text.slice(0, caretAt)), pasted }
}

/**
 * A paste of `text` over `[start, end]` of what the field shows: a `+` or dialled-out number (one
 * the chosen country's formatter reads as another country's) replaces everything, since it
 * carries its own country code; national digits go in at the selection.
 */
export function pasteIntoPhoneField(state: PhoneFieldState, text: string, [start, end]: readonly [number, number], allowed: PhoneFieldAllowed): PhoneFieldInput {
  const prev = state.display
  const cleaned = cleanPhoneInput(text)
  const helpers = phoneHelpersFor(cleaned, state.country, allowed)
  if (cleaned.startsWith('+') || (typeof helpers !== 'string' && helpers.formatPhoneAsYouType(text, state.country).country !== state.country)) {
    return { text, caret: 'end', pasted: true }
  }
  return { text: prev.slice(0, start) + text + prev.slice(end), caret: end >= prev.length ? 'end' : countSignificant(prev.slice(0, start) + text), pasted: true }
}

/** What an edit gives: the next state and the caret index in its text; `changed` false when nothing did (a letter typed). */
export interface PhoneFieldEdit {
  /** The state after the edit. */
  state: PhoneFieldState
  /** Where the caret goes in `state.display`. */
  caret: number
  /** Whether the text or the country changed. */
  changed: boolean
}

/**
 * Applies an edit to the field: formats the text in the chosen country (or the one a `+` number
 * names), keeps the caret after the same significant character, and marks a paste that waits for
 * metadata to be read whole when it arrives (a keystroke after it keeps that: `+49 151…` pasted,
 * then one more digit typed).
 */
export function editPhoneField(current: PhoneFieldState, input: PhoneFieldInput, allowed: PhoneFieldAllowed): PhoneFieldEdit {
  const next = interpretPhoneText(input.text, current.country, input.pasted, allowed)
  const shown = next.display
  const caret = input.caret === 'end' || next.readWhole ? shown.length : indexAfterSignificant(shown, input.caret)
  if (shown === current.display && next.country === current.country) return { state: current, caret, changed: false }
  const whole = next.waitingFor !== undefined && (input.pasted || (current.whole === true && cleanPhoneInput(shown).startsWith(cleanPhoneInput(current.display))))
  return { state: { display: shown, country: next.country, ...(whole ? { whole } : {}) }, caret, changed: true }
}

/**
 * Picks another country: the national digits typed are kept and read in it; a `+` number (or one
 * of another country) keeps its national number; a `+` number not read yet loses its calling code.
 * `undefined` when the country is not offered or already chosen.
 */
export function pickPhoneCountry(current: PhoneFieldState, next: PhoneCountryCode, allowed: PhoneFieldAllowed): PhoneFieldState | undefined {
  if (!allowed(next) || next === current.country) return undefined
  let digits = current.display
  const cleaned = cleanPhoneInput(digits)
  const helpers = phoneHelpersFor(cleaned, current.country, allowed)
  if (typeof helpers === 'string') {
    if (cleaned.startsWith('+')) digits = ''
  } else {
    const read = helpers.parsePhoneNumber(digits, current.country)
    if (cleaned.startsWith('+') || (read.country && read.country !== current.country)) digits = read.nationalNumber ?? ''
  }
  return digits ? { display: interpretPhoneText(cleanPhoneInput(digits), next, false, allowed).display, country: next } : { display: '', country: next }
}

/**
 * Once awaited metadata arrived: the field's text read again (formatted, its country detected).
 * `undefined` while it still waits (for the next piece: a `+` number's regions once the index
 * named its calling code).
 */
export function settlePhoneField(current: PhoneFieldState, allowed: PhoneFieldAllowed): PhoneFieldState | undefined {
  const next = interpretPhoneText(current.display, current.country, current.whole === true, allowed)
  if (next.waitingFor !== undefined) return undefined
  return { display: next.display, country: next.country }
}

/** A small store of the phone metadata a field waits for: loads each key once, remembers failures until retried. */
export interface PhoneFieldLoader {
  /** Keys whose last load failed; the field shows `unavailable` for them. */
  readonly failed: ReadonlySet<string>
  /**
   * Loads the metadata of `key` unless its last load failed; resolves `true` once it is in,
   * `false` when it failed (listeners are told either way).
   */
  load: (key: PhoneHelpersKey) => Promise<boolean>
  /** Forgets failed loads, so the next need tries them again; `true` when there were any. */
  retry: () => boolean
  /** Listens for changes of `failed`; returns the unsubscribe function. */
  subscribe: (listener: () => void) => () => void
}

/**
 * Creates the metadata store of one phone field. `load` defaults to the kit's chunk loader; a
 * failed load (offline, a failed deploy) is not retried by itself, only after {@link
 * PhoneFieldLoader.retry} (the next edit or pick), so a dead network is not hammered per render.
 */
export function createPhoneFieldLoader(load: (key: PhoneHelpersKey) => Promise<unknown> = loadPhoneHelpers): PhoneFieldLoader {
  let failed: ReadonlySet<string> = new Set()
  const listeners = new Set<() => void>()
  const notify = (): void => listeners.forEach((listener) => listener())
  return {
    get failed() {
      return failed
    },
    load: (key) => {
      if (failed.has(key)) return Promise.resolve(false)
      return load(key).then(
        () => true,
        () => {
          failed = new Set(failed).add(key)
          notify()
          return false
        },
      )
    },
    retry: () => {
      if (failed.size === 0) return false
      failed = new Set()
      notify()
      return true
    },
    subscribe: (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}
