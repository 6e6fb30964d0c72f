/**
 * The edit rules of a one-time-code field drawn as boxes over one real `<input>`: what typing,
 * pasting, autofill, IME commits and the editing keys do to the code and where the caret goes.
 * Pure functions of (code, selection, what happened), so every rule is tested in Node; the React
 * hook (`useCodeInput`) only reads events and the element's selection, and places the caret.
 *
 * The field's selection model: the caret sits on a box, i.e. the digit there is selected
 * (`[i, i + 1]`, typing replaces it), or the caret is collapsed after the last digit. Selections
 * made another way (select-all, `input.select()`, a touch "Select all", a script's
 * `setSelectionRange`) are taken as they are: the rules accept any `[start, end]`.
 */
import { pickCode } from './normalize-code'
import { CODE_MAX_DIGITS, CODE_MIN_DIGITS } from '../rules/code-format'

/** A selection in the field's text, `start <= end`, as `selectionStart`/`selectionEnd` give it. */
export type CodeSelection = readonly [start: number, end: number]

/** The outcome of an edit: the new code, where the caret goes, whether the code was guessed. */
export interface CodeFieldEdit {
  /** The code after the edit: ASCII digits, at most `length`. */
  value: string
  /** Box the caret goes to (from 0; `length` after the last box). */
  caret: number
  /**
   * The inserted digits were picked among other numbers of a pasted or autofilled text
   * (`pickCode` was not sure): show the code, never submit it by itself.
   */
  guessed: boolean
}

/** What a key does: move the caret to a box, change the code, or nothing (the browser's default). */
export type CodeFieldKeyResult = { move: number } | { edit: { value: string; caret: number } } | undefined

/**
 * Checks a code length given to a field: an integer from {@link CODE_MIN_DIGITS} to
 * {@link CODE_MAX_DIGITS} (the Verify API's bounds), else a `RangeError` naming `owner`.
 */
export function checkCodeLength(length: number, owner = 'code field'): number {
  if (!Number.isInteger(length) || length < CODE_MIN_DIGITS || length > CODE_MAX_DIGITS) {
    throw new RangeError(`${owner}: length must be an integer ${CODE_MIN_DIGITS}–${CODE_MAX_DIGITS}, got ${String(length)}`)
  }
  return length
}

/** The box that is active for a caret at `caret`: never past the last digit nor the last box. */
export function codeActiveIndex(value: string, caret: number, length: number): number {
  return Math.max(0, Math.min(caret, value.length, length - 1))
}

/** The selection that puts the caret on box `index`: the digit there, or the end of the code. */
export function codeSlotSelection(value: string, index: number, length: number): [number, number] {
  const start = codeActiveIndex(value, index, length)
  return [start, start < value.length ? start + 1 : start]
}

/**
 * Whether a selection the user made is kept as it is rather than narrowed to one box: the whole
 * code selected (Ctrl+A, `select()`, a touch "Select all"), so that typing, Delete or a paste
 * replaces all of it.
 */
export function keepsCodeSelection(value: string, [start, end]: CodeSelection): boolean {
  return start === 0 && end === value.length && value.length > 1
}

/**
 * The selection `[start, end]` of `head + (replaced) + tail` replaced by the code `pickCode` finds in
 * `text`; a whole code replaces everything.
 */
function place(head: string, tail: string, start: number, text: string, length: number): CodeFieldEdit {
  const { code, confident } = pickCode(text, length)
  const whole = code.length === length
  return { value: whole ? code : (head + code + tail).slice(0, length), caret: whole ? length : Math.min(start + code.length, length), guessed: !confident }
}

/**
 * Text inserted at the selection (a paste, a drop, WebOTP): the digits `pickCode` finds replace the
 * selection, and a whole code replaces everything. `undefined` when the text holds no digit.
 */
export function insertIntoCode(value: string, text: string, [start, end]: CodeSelection, length: number): CodeFieldEdit | undefined {
  return pickCode(text, length).code ? place(value.slice(0, start), value.slice(end), start, text, length) : undefined
}

/**
 * What an `input` event left in the field (`raw`), read against the code before it (`prev`) and the
 * selection the edit replaced: typing over the selected digit, an autofill of the whole code (iOS
 * sends an `input` event carrying it, no `paste`), a keyboard's or IME's commit. The inserted text
 * is first assumed to have replaced the selection; when `raw` does not fit that, the two texts are
 * diffed (their common prefix and suffix). A whole code among the inserted text replaces everything.
 */
export function readCodeInput(prev: string, raw: string, [start, end]: CodeSelection, length: number): CodeFieldEdit {
  let head = prev.slice(0, start)
  let tail = prev.slice(end)
  if (!(raw.length >= head.length + tail.length && raw.startsWith(head) && raw.endsWith(tail))) {
    start = 0
    while (start < prev.length && start < raw.length && prev[start] === raw[start]) start++
    let q = 0
    while (q < prev.length - start && q < raw.length - start && prev[prev.length - 1 - q] === raw[raw.length - 1 - q]) q++
    head = prev.slice(0, start)
    tail = prev.slice(prev.length - q)
  }
  return place(head, tail, start, raw.slice(head.length, raw.length - tail.length), length)
}

/**
 * What an editing or moving key does at `selection`, with box `active` active. Arrows, Home and
 * End move between boxes (Up/Down as Home/End); Backspace removes the selected digit (then selects
 * the one before it, as a caret after it would; on the last digit the caret stays in the box that
 * emptied) or the digit before a collapsed caret; Delete removes the selected digit or the one
 * after the caret. A selection wider than one digit, however it was made, is removed whole by
 * either key. `readOnly` fields only move.
 */
export function codeFieldKey(key: string, value: string, [start, end]: CodeSelection, active: number, length: number, readOnly = false): CodeFieldKeyResult {
  const last = Math.min(value.length, length - 1)
  const moves: Record<string, number> = { ArrowLeft: Math.max(0, active - 1), ArrowRight: Math.min(last, active + 1), Home: 0, ArrowUp: 0, End: last, ArrowDown: last }
  if (Object.hasOwn(moves, key)) return { move: moves[key] as number }
  if (readOnly || (key !== 'Backspace' && key !== 'Delete')) return undefined
  // The digits `[from, to)` go; the caret goes to `caret`.
  let from = start
  let to = end
  let caret = start
  if (end - start <= 1) {
    if (key === 'Delete') to = start + 1
    else if (end > start) caret = start === value.length - 1 ? start : Math.max(0, start - 1)
    else from = caret = Math.max(0, start - 1)
  }
  return { edit: { value: value.slice(0, from) + value.slice(to), caret } }
}
