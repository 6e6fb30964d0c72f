import {
  checkCodeLength,
  codeActiveIndex,
  codeFieldKey,
  codeSlotSelection,
  insertIntoCode,
  isCompleteCode,
  keepsCodeSelection,
  normalizeCode,
  readCodeInput,
  type CodeSelection,
} from '@hakiki/core'
import {
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
  type ChangeEvent,
  type ClipboardEvent,
  type CompositionEvent,
  type DragEvent,
  type FocusEvent,
  type HTMLAttributes,
  type InputHTMLAttributes,
  type KeyboardEvent,
  type MouseEvent,
  type Ref,
  type RefCallback,
  type SyntheticEvent,
} from 'react'
import { assignRef } from './assign-ref'
import { composeHandlers } from './compose-handlers'
import { useControllableState } from './use-controllable-state'
import { useIsoLayoutEffect } from './use-iso-layout-effect'
import { useLatestRef } from './use-latest-ref'
import { listenWebOTP } from './listen-web-otp'
import { watchPasswordManagerBadge } from './password-manager-badge'

import { useObservedInput } from './use-observed-input'

/** What {@link UseCodeInputOptions.onChange} learns besides the code. */
export interface CodeChangeDetails {
  /**
   * The code was picked among other numbers of a pasted or autofilled text (`pickCode` was not
   * sure: "Order 123456 confirmed. Code: 654321" is sure, "Ref 1234 5678" is not). The field shows
   * it, but nothing should submit it by itself: a wrong guess spends one of the user's attempts.
   */
  guessed: boolean
}

/** Options of {@link useCodeInput}. */
export interface UseCodeInputOptions {
  /** Number of digits of the code, 4 to 10 (the verification's `codeLength`). @default 6 */
  length?: number
  /** The code, for a controlled field; pair with `onChange`. */
  value?: string
  /** The initial code of an uncontrolled field (also what a form reset restores). */
  defaultValue?: string
  /** Called with the normalized code (ASCII digits only) whenever it changes. */
  onChange?: (value: string, details: CodeChangeDetails) => void
  /**
   * Called when the user completes the code: once per distinct complete code, so re-typing the
   * code that was just submitted (after a "wrong code" error) does not spend another attempt,
   * while a different code does. Programmatic changes (`value`, `setValue`, form reset) never call
   * it, nor does a code guessed out of a pasted text (see {@link CodeChangeDetails.guessed}).
   */
  onComplete?: (code: string) => void
  /** Disables the field. */
  disabled?: boolean
  /** Makes the field read-only. */
  readOnly?: boolean
  /** The code is being checked: the field is read-only and `aria-busy`. */
  loading?: boolean
  /** Marks the field invalid (`aria-invalid`), e.g. after a wrong code. */
  invalid?: boolean
  /** Focuses the field on mount. */
  autoFocus?: boolean
  /** Name of the field in form data. */
  name?: string
  /** Draws the digits as dots in the slots. */
  mask?: boolean
  /** Id of the input; generated when omitted. */
  id?: string
  /**
   * Reads the code from an SMS with the WebOTP API where the browser has it (Chrome on Android),
   * when the SMS ends with `@your.domain #123456`. @default true
   */
  webOtp?: boolean
  /**
   * What to do when a password manager draws its badge inside the end of the field (over the last
   * box): `push` widens the input 40 px past the boxes, where the badge then sits, when there is
   * room (the strategy of input-otp's `pushPasswordManagerStrategy`); `none` leaves it. Checked
   * when the field gets focus, and 2 and 5 s later. The input says what it found in `data-badge`
   * (`pushed`, or `unpushed` without room). @default 'push'
   */
  passwordManagerBadge?: 'push' | 'none'
}

/** One drawn box of the code. */
export interface CodeSlot {
  /** Position, from 0. */
  index: number
  /** What the box shows: the digit, `•` when masked, or `''` when empty. */
  char: string
  /** The box the next digit goes to, or the selected digit. */
  isActive: boolean
  /** The box holds a digit. */
  isFilled: boolean
}

/** Props a `data-*` attribute map adds to any element. */
export type DataAttributes = { [key: `data-${string}`]: string | undefined }

/** Props for the real `<input>`, with the caller's props merged in. */
export type CodeInputElementProps = InputHTMLAttributes<HTMLInputElement> & DataAttributes & { ref: RefCallback<HTMLInputElement> }

/** User props accepted by {@link UseCodeInputResult.getInputProps}. */
export type CodeInputUserProps = InputHTMLAttributes<HTMLInputElement> & { ref?: Ref<HTMLInputElement> | undefined }

/** What {@link useCodeInput} returns. */
export interface UseCodeInputResult {
  /** The code: ASCII digits, at most `length`. */
  value: string
  /** Number of digits of the code. */
  length: number
  /** All `length` digits are there. */
  isComplete: boolean
  /** Index of the active slot. */
  activeIndex: number
  /** The input has focus. */
  isFocused: boolean
  /** One entry per box, for drawing. */
  slots: CodeSlot[]
  /** Sets the code programmatically (normalized; never calls `onComplete`). */
  setValue: (value: string) => void
  /** Empties the field. */
  clear: () => void
  /** Focuses the input. */
  focus: () => void
  /** Props for the element that wraps the input and the slots. */
  getRootProps: <P extends HTMLAttributes<HTMLElement>>(props?: P) => P & DataAttributes
  /** Props for the one real `<input>`: spread them on it, passing your own props through. */
  getInputProps: (props?: CodeInputUserProps) => CodeInputElementProps
  /** Props for the box `index`, hidden from screen readers (the input is the one textbox). */
  getSlotProps: <P extends HTMLAttributes<HTMLElement>>(index: number, props?: P) => P & DataAttributes & { ref: RefCallback<HTMLElement> }
}

const flag = (on: boolean | undefined): string | undefined => (on ? '' : undefined)

/** Room a password manager's badge needs beyond the last box (input-otp's figure). */
const BADGE_SPACE_PX = 40


/** The native value setter: React notices the change and fires `onChange` for the event we dispatch. */
function setNativeValue(input: HTMLInputElement, value: string): void {
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, value)
}

/**
 * Headless one-time-code field: one real `<input>` drawn as `length` boxes.
 *
 * One input, not one per digit, because iOS SMS autofill, Android keyboards' paste and password
 * managers only fill a single field; every source of text (typing, paste, drop, an `input` event
 * carrying the whole code as iOS autofill sends it, WebOTP) goes through `normalizeCode`, so
 * `"١٢٣ ٤٥٦"`, `"123-456"` and `"Your code is 123456"` all give `123456`.
 *
 * Written here rather than wrapping `input-otp` (4 kB gzip, most of our 5 kB budget): its
 * `onComplete` fires on every completion (so a re-typed wrong code is submitted again), its
 * character filter rejects Arabic-Indic digits before any transform can see them, and its
 * selection sync polls the page; this hook covers the same ground in about half the bytes.
 */
export function useCodeInput(options: UseCodeInputOptions = {}): UseCodeInputResult {
  const { length: lengthOption = 6, value: valueProp, defaultValue = '', disabled, readOnly, loading, invalid, mask, name, autoFocus, webOtp = true, passwordManagerBadge = 'push' } = options
  const length = checkCodeLength(lengthOption, 'useCodeInput')
  const generatedId = useId()
  const id = options.id ?? generatedId

  const [value, setCode, controlled] = useControllableState<string, [CodeChangeDetails]>({
    value: valueProp === undefined ? undefined : normalizeCode(valueProp, length),
    defaultValue: () => normalizeCode(defaultValue, length),
    onChange: options.onChange,
  })
  const [active, setActive] = useState(() => value.length)
  const [isFocused, setFocused] = useState(false)
  /** A password manager's badge found over the field's end (see `passwordManagerBadge`). */
  const [badge, setBadge] = useState<'pushed' | 'unpushed' | undefined>(undefined)
  /** The text an input method is composing, shown as it is until the composition ends. */
  const [composingText, setComposingText] = useState<string | undefined>(undefined)

  const inputRef = useRef<HTMLInputElement | null>(null)
  const slotRefs = useRef<(HTMLElement | null)[]>([])
  /** The code as last rendered or committed, ahead of React state within one event. */
  const valueRef = useRef(value)
  /** The selection this hook last put on the input: the range the next edit replaces. */
  const selection = useRef<CodeSelection>([value.length, value.length])
  /** The code and selection when an IME composition began: its commit is read against them. */
  const composing = useRef<{ base: string; selection: CodeSelection } | undefined>(undefined)
  /** The element the native `beforeinput` listener is on. */
  const listened = useRef<HTMLInputElement | null>(null)
  /** An edit this hook made itself, carried through the `input` event it dispatched. */
  const forced = useRef<{ value: string; caret: number } | undefined>(undefined)
  const lastCompleted = useRef<string | undefined>(undefined)
  /** A code the last paste or autofill only guessed at: shown, never completed by itself. */
  const guessed = useRef<string | undefined>(undefined)
  const activeIndex = codeActiveIndex(value, active, length)

  // Handlers read the latest options through this ref so callbacks can stay stable.
  const latest = useLatestRef({ options, length, controlled })
  useIsoLayoutEffect(() => {
    valueRef.current = value
  })

  /**
   * The selection the next edit replaces: the element's own while it has focus (a selection made
   * by `select()`, a touch "Select all" or a script fires no event React reports), else the one
   * this hook last set.
   */
  const currentSelection = useCallback((): CodeSelection => {
    const el = inputRef.current
    if (el && el.ownerDocument.activeElement === el && el.selectionStart !== null) return [el.selectionStart, el.selectionEnd ?? el.selectionStart]
    return selection.current
  }, [])

  /** Records `next` as the code; `byUser` edits may complete it. */
  const commit = useCallback((next: string, byUser: boolean): void => {
    const { options: o, length: n } = latest.current
    const isGuess = next === guessed.current
    if (next !== valueRef.current) {
      valueRef.current = next
      setCode(next, { guessed: isGuess })
    }
    if (byUser && !isGuess && isCompleteCode(next, n) && next !== lastCompleted.current) {
      lastCompleted.current = next
      o.onComplete?.(next)
    }
  }, [latest, setCode])

  /** Puts the selection on slot `index`: the digit there (typing replaces it) or the caret at the end. */
  const select = useCallback((index: number): void => {
    const el = inputRef.current
    const v = valueRef.current
    const [start, end] = codeSlotSelection(v, index, latest.current.length)
    selection.current = [start, end]
    if (el && el.ownerDocument.activeElement === el && (el.selectionStart !== start || el.selectionEnd !== end)) {
      el.setSelectionRange(start, end, 'forward')
    }
  }, [latest])

  /** Applies an edit the way the browser would: set the value, then dispatch `input`, so that the
   * caller's native `onChange` (react-hook-form's `register`) sees it like typing. */
  const edit = useCallback((next: string, caret: number): void => {
    const el = inputRef.current
    if (!el) return
    if (next === valueRef.current) {
      setActive(caret)
      select(caret)
      return
    }
    forced.current = { value: next, caret }
    setNativeValue(el, next)
    el.dispatchEvent(new Event('input', { bubbles: true }))
  }, [select, setActive])

  /** Inserts text (paste, drop, WebOTP) at the selection; a whole code replaces everything. */
  const insert = useCallback((text: string, at: CodeSelection): void => {
    const out = insertIntoCode(valueRef.current, text, at, latest.current.length)
    if (!out) return
    guessed.current = out.guessed ? out.value : undefined
    edit(out.value, out.caret)
  }, [edit, latest])

  // Keep the DOM selection on the active slot after every render that moved it.
  useIsoLayoutEffect(() => {
    if (isFocused) select(activeIndex)
  }, [select, value, activeIndex, isFocused])

  // Writes that bypass React (react-hook-form setValue/reset on a registered field, form reset).
  const observe = useObservedInput({
    accept: useCallback(
      (written: string): string => {
        const { length: n, controlled: isControlled } = latest.current
        const next = normalizeCode(written, n)
        // React re-rendering writes the value it already has; anything else came from outside.
        if (next !== valueRef.current && !isControlled) {
          commit(next, false)
          setActive(next.length)
        }
        return next
      },
      [commit, latest, setActive],
    ),
    onFormReset: useCallback((): string | undefined => {
      const { options: o, length: n, controlled: isControlled } = latest.current
      if (isControlled) return undefined
      const next = normalizeCode(o.defaultValue ?? '', n)
      commit(next, false)
      setActive(next.length)
      return next
    }, [commit, latest, setActive]),
  })

  useEffect(() => {
    const el = inputRef.current
    return isFocused && !badge && passwordManagerBadge === 'push' && el ? watchPasswordManagerBadge(el, BADGE_SPACE_PX, setBadge) : undefined
  }, [isFocused, badge, passwordManagerBadge])

  // WebOTP: Chrome on Android offers the code of an SMS bound to this origin; it replaces the field.
  useEffect(() => (webOtp && !disabled ? listenWebOTP(length, (code) => insert(code, [0, valueRef.current.length])) : undefined), [webOtp, disabled, length, insert])

  const handleChange = (event: ChangeEvent<HTMLInputElement>, userOnChange: ((event: ChangeEvent<HTMLInputElement>) => void) | undefined): void => {
    const el = event.currentTarget
    const raw = el.value
    // An input method is composing (a full-width digit, a Chinese or Japanese IME): its text stays
    // as it is until it is committed. Rewriting it now made the IME commit it again (１ then ２ gave 1122).
    if (composing.current) {
      setComposingText(raw)
      return
    }
    let next: string
    let caret: number
    const own = forced.current
    forced.current = undefined
    if (own) {
      next = own.value
      caret = own.caret
    } else if (raw === valueRef.current && raw !== value) {
      // A script wrote the code through `value` before firing `input` (autofill scripts): the
      // observer already took it in; the caret is where the script left it.
      next = raw
      caret = el.selectionEnd ?? raw.length
      guessed.current = undefined
    } else {
      const out = readCodeInput(valueRef.current, raw, selection.current, length)
      next = out.value
      caret = out.caret
      // iOS autofill and some keyboards paste through `input`, not `paste`: the same guess rule.
      guessed.current = out.guessed ? next : undefined
    }
    // Show the normalized code before the caller's onChange reads `event.target.value`.
    if (raw !== next) setNativeValue(el, next)
    setActive(caret)
    commit(next, true)
    userOnChange?.(event)
    // React puts the caret at the end when it restores the value; put it back afterwards.
    queueMicrotask(() => select(caret))
  }

  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>): void => {
    if (event.metaKey || event.ctrlKey || event.altKey || composing.current) return
    const out = codeFieldKey(event.key, valueRef.current, currentSelection(), activeIndex, length, event.currentTarget.readOnly)
    if (!out) return
    event.preventDefault()
    if ('move' in out) {
      setActive(out.move)
      select(out.move)
    } else {
      edit(out.edit.value, out.edit.caret)
    }
  }

  /** Before the browser inserts text, the selection it replaces, read from the element (see `currentSelection`). */
  const handleBeforeInput = useCallback((): void => {
    if (!composing.current) selection.current = currentSelection()
  }, [currentSelection])

  const handleCompositionStart = (): void => {
    composing.current = { base: valueRef.current, selection: currentSelection() }
  }

  const handleCompositionEnd = (event: CompositionEvent<HTMLInputElement>): void => {
    const started = composing.current
    composing.current = undefined
    setComposingText(undefined)
    if (!started) return
    // The committed text, read against the code and selection the composition started from.
    const out = readCodeInput(started.base, event.currentTarget.value, started.selection, length)
    guessed.current = out.guessed ? out.value : undefined
    if (out.value === valueRef.current) setNativeValue(event.currentTarget, out.value)
    edit(out.value, out.caret)
  }

  const handleSelect = (event: SyntheticEvent<HTMLInputElement>): void => {
    const el = event.currentTarget
    const start = el.selectionStart ?? 0
    const end = el.selectionEnd ?? start
    const [s, e] = selection.current
    if (start === s && end === e) return
    // Select-all stays, so that Ctrl+A then typing, Delete or paste replaces the whole code.
    if (keepsCodeSelection(valueRef.current, [start, end])) {
      selection.current = [start, end]
      return
    }
    setActive(start)
    select(start)
  }

  const handleClick = (event: MouseEvent<HTMLInputElement>): void => {
    // The text is invisible and narrow: pick the box under the pointer instead of the caret spot.
    let best = -1
    let bestDistance = Infinity
    slotRefs.current.forEach((slot, index) => {
      if (!slot) return
      const rect = slot.getBoundingClientRect()
      const distance = Math.abs(event.clientX - (rect.left + rect.width / 2))
      if (distance < bestDistance) {
        best = index
        bestDistance = distance
      }
    })
    if (best < 0) return
    const to = Math.min(best, valueRef.current.length)
    setActive(to)
    select(to)
  }

  const handlePaste = (event: ClipboardEvent<HTMLInputElement>): void => {
    if (event.currentTarget.readOnly) return
    event.preventDefault()
    insert(event.clipboardData.getData('text/plain'), currentSelection())
  }

  const handleDrop = (event: DragEvent<HTMLInputElement>): void => {
    if (event.currentTarget.readOnly) return
    event.preventDefault()
    insert(event.dataTransfer.getData('text/plain'), currentSelection())
    event.currentTarget.focus()
  }

  const state = value.length === 0 ? 'empty' : value.length === length ? 'complete' : 'incomplete'
  const isComplete = state === 'complete'
  const dataAttributes: DataAttributes = {
    'data-state': state,
    'data-complete': flag(isComplete),
    'data-invalid': flag(invalid),
    'data-disabled': flag(disabled),
    'data-loading': flag(loading),
    'data-focused': flag(isFocused),
  }

  const slots: CodeSlot[] = Array.from({ length }, (_, index) => {
    const digit = value[index] ?? ''
    return { index, char: digit && mask ? '•' : digit, isActive: isFocused && index === activeIndex, isFilled: digit !== '' }
  })

  const getInputProps = (props: CodeInputUserProps = {}): CodeInputElementProps => {
    const { ref: userRef, onChange: userOnChange, onKeyDown, onFocus, onBlur, onClick, onSelect, onPaste, onDrop, onCompositionStart, onCompositionEnd, ...rest } = props
    return {
      id,
      name,
      type: 'text',
      inputMode: 'numeric',
      autoComplete: 'one-time-code',
      pattern: '\\d*',
      // No maxLength: it would cut "Your code is 123456" before normalization could read it.
      spellCheck: false,
      autoCorrect: 'off',
      autoCapitalize: 'off',
      // Codes read left to right in every language, Arabic and Hebrew included.
      dir: 'ltr',
      disabled,
      readOnly: readOnly || loading,
      autoFocus,
      'aria-invalid': invalid || undefined,
      'aria-busy': loading || undefined,
      ...dataAttributes,
      'data-badge': badge,
      ...rest,
      // The badge's room: the input (it covers the boxes) grows past them, the growth clipped away.
      ...(badge === 'pushed' ? { style: { ...rest.style, inlineSize: `calc(100% + ${BADGE_SPACE_PX}px)`, clipPath: `inset(0 ${BADGE_SPACE_PX}px 0 0)` } } : {}),
      value: composingText ?? value,
      ref: (el: HTMLInputElement | null) => {
        inputRef.current = el
        if (el && el !== listened.current) {
          // Native `beforeinput` (React's `onBeforeInput` is a polyfill that misses deletions and drops).
          listened.current?.removeEventListener('beforeinput', handleBeforeInput)
          el.addEventListener('beforeinput', handleBeforeInput)
          listened.current = el
        }
        observe(el)
        assignRef(userRef, el)
      },
      onChange: (event) => handleChange(event, userOnChange),
      onKeyDown: composeHandlers(onKeyDown, handleKeyDown),
      onFocus: (event: FocusEvent<HTMLInputElement>) => {
        onFocus?.(event)
        setFocused(true)
        const to = Math.min(valueRef.current.length, length - 1)
        setActive(to)
        select(to)
      },
      onBlur: (event: FocusEvent<HTMLInputElement>) => {
        onBlur?.(event)
        setFocused(false)
      },
      onClick: composeHandlers(onClick, handleClick),
      onSelect: (event) => {
        onSelect?.(event)
        handleSelect(event)
      },
      onPaste: composeHandlers(onPaste, handlePaste),
      onDrop: composeHandlers(onDrop, handleDrop),
      onCompositionStart: composeHandlers(onCompositionStart, handleCompositionStart),
      onCompositionEnd: (event: CompositionEvent<HTMLInputElement>) => {
        onCompositionEnd?.(event)
        handleCompositionEnd(event)
      },
    }
  }

  return {
    value,
    length,
    isComplete,
    activeIndex,
    isFocused,
    slots,
    setValue: (next) => {
      const normalized = normalizeCode(next, length)
      commit(normalized, false)
      setActive(normalized.length)
    },
    clear: () => {
      commit('', false)
      setActive(0)
    },
    focus: () => inputRef.current?.focus(),
    getRootProps: <P extends HTMLAttributes<HTMLElement>>(props?: P) => ({ ...props, ...dataAttributes }) as P & DataAttributes,
    getInputProps,
    getSlotProps: (index, props) =>
      ({
        ...props,
        'aria-hidden': true,
        'data-active': flag(slots[index]?.isActive),
        'data-filled': flag(slots[index]?.isFilled),
        ref: (el: HTMLElement | null) => {
          slotRefs.current[index] = el
        },
      }) as never,
  }
}
