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
  type CodeFieldEdit,
  type CodeSelection,
} from '@hakiki/core'
import {
  useEffect,
  useId,
  useInsertionEffect,
  useRef,
  useState,
  type ChangeEvent,
  type CompositionEvent,
  type HTMLAttributes,
  type InputHTMLAttributes,
  type Ref,
  type RefCallback,
  type SyntheticEvent,
} from 'react'
import { assignRef } from './assign-ref'
import { listenWebOTP } from './listen-web-otp'
import { observeInput } from './observe-input'
import { watchPasswordManagerBadge } from './password-manager-badge'
import { useIsoLayoutEffect } from './use-iso-layout-effect'

/** What {@link UseCodeInputOptions.onChange} learns besides the code. */
export interface CodeChangeDetails {
  /**
   * The code was picked among other numbers of a pasted or autofilled text (`pickCode` was not
   * sure: "Your code is 654321. It expires in 10 minutes" is sure, "Order 123456. Code 654321" is not). The field shows
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
   * box): `push` looks for one when the field gets focus, and 2 and 5 s later (the strategy of
   * input-otp's `pushPasswordManagerStrategy`), and says what it found in the input's `data-badge`:
   * `pushed` when there is room for the input to grow 40 px past the boxes, where the badge then
   * sits (`@hakiki/ui`'s stylesheet widens it: `inline-size: calc(100% + 40px); clip-path: inset(0
   * 40px 0 0)`), `unpushed` without room; `none` leaves it. @default 'push'
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

/** The native value setter: React notices the change and fires `onChange` for the event we dispatch. */
function setNativeValue(input: HTMLInputElement, value: string): void {
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, value)
}

/**
 * What the field keeps between renders, in one object: handlers created in any render read it, so
 * the listeners put on the element once (`beforeinput`, the value observer) never go stale.
 */
interface FieldState {
  /** This render's options, length and control mode (swapped in before refs attach). */
  options: UseCodeInputOptions
  length: number
  controlled: boolean
  /** The input; then the one the listeners and the value observer are on, with their removal. */
  current: HTMLInputElement | null
  observed?: HTMLInputElement
  stop?: () => void
  /** Each box, for the click that picks the box under the pointer. */
  slots: (HTMLElement | null)[]
  /** The code as last rendered or committed, ahead of React state within one event. */
  value: string
  /** The selection this hook last put on the input: the range the next edit replaces. */
  selection: CodeSelection
  /** The code and selection when an IME composition began: its commit is read against them. */
  composing?: { base: string; selection: CodeSelection } | undefined
  /** An edit this hook made itself, carried through the `input` event it dispatched. */
  forced?: CodeFieldEdit | undefined
  /** The last code `onComplete` was called with. */
  completed?: string
  /** A code the last paste or autofill only guessed at: shown, never completed by itself. */
  guessed?: string | undefined
  /** This render's `attach` and `insert`, for the effects (they only read this object). */
  attach: (el: HTMLInputElement | null) => void
  insert: (text: string, at: CodeSelection) => void
}

/** The handlers `getInputProps` puts after the caller's own (skipped when the caller's called `preventDefault`). */
type OwnHandlers = Pick<InputHTMLAttributes<HTMLInputElement>, 'onKeyDown' | 'onFocus' | 'onBlur' | 'onClick' | 'onSelect' | 'onPaste' | 'onDrop' | 'onCompositionStart' | 'onCompositionEnd'>

/**
 * Headless one-time-code field: one real `<input>` drawn as `length` boxes.
 *
 * One input, not one per digit, because iOS SMS autofill, Android keyboards' paste and password
 * managers only fill a single field; every source of text (typing, paste, drop, an `input` event
 * carrying the whole code as iOS autofill sends it, WebOTP) goes through `normalizeCode`, so
 * `"١٢٣ ٤٥٦"`, `"123-456"` and `"Your code is 123456"` all give `123456`.
 *
 * Written here rather than wrapping `input-otp` (4 kB gzip, more than this whole field): its
 * `onComplete` fires on every completion (so a re-typed wrong code is submitted again), its
 * character filter rejects Arabic-Indic digits before any transform can see them, and its
 * selection sync polls the page.
 */
export function useCodeInput(options: UseCodeInputOptions = {}): UseCodeInputResult {
  const { length: lengthOption = 6, value: valueProp, defaultValue = '', disabled, readOnly, loading, invalid, mask, name, autoFocus, webOtp = true, passwordManagerBadge = 'push' } = options
  const length = checkCodeLength(lengthOption, 'useCodeInput')
  const generatedId = useId()
  const id = options.id ?? generatedId
  const controlled = valueProp !== undefined
  const [own, setOwn] = useState(() => normalizeCode(defaultValue, length))
  const value = controlled ? normalizeCode(valueProp, length) : own
  const [active, setActive] = useState(value.length)
  const [isFocused, setFocused] = useState(false)
  /** The text an input method is composing, shown as it is until the composition ends. */
  const [composingText, setComposingText] = useState<string>()
  // The ref object itself holds the state (its `current` is the input).
  const s = useRef(null) as unknown as FieldState
  const activeIndex = codeActiveIndex(value, active, length)

  /** The input, while it has focus. */
  const focusedInput = (): HTMLInputElement | undefined => {
    const el = s.current
    return el && el.ownerDocument.activeElement === el ? el : undefined
  }

  /**
   * The selection the next edit replaces: the element's own while it has focus (a selection made
   * by `select()`, a touch "Select all" or a script fires no event React reports), else the one
   * this hook last set.
   */
  const currentSelection = (): CodeSelection => {
    const el = focusedInput()
    return el && el.selectionStart !== null ? [el.selectionStart, el.selectionEnd ?? el.selectionStart] : s.selection
  }

  /** Records `next` as the code; `byUser` edits may complete it. */
  const commit = (next: string, byUser?: boolean): void => {
    const isGuess = next === s.guessed
    if (next !== s.value) {
      s.value = next
      if (!s.controlled) setOwn(next)
      s.options.onChange?.(next, { guessed: isGuess })
    }
    if (byUser && !isGuess && isCompleteCode(next, s.length) && next !== s.completed) s.options.onComplete?.((s.completed = next))
  }

  /** Sets the code from outside the user's edits (never completes); returns it normalized. */
  const set = (raw: string): string => {
    const next = normalizeCode(raw, s.length)
    commit(next)
    setActive(next.length)
    return next
  }

  /** Puts the selection on slot `index`: the digit there (typing replaces it) or the caret at the end. */
  const select = (index: number): void => {
    const el = focusedInput()
    const [start, end] = (s.selection = codeSlotSelection(s.value, index, s.length))
    if (el && (el.selectionStart !== start || el.selectionEnd !== end)) el.setSelectionRange(start, end, 'forward')
  }

  /** Makes box `index` the active one. */
  const moveTo = (index: number): void => {
    setActive(index)
    select(index)
  }

  /** Applies an edit the way the browser would: set the value, then dispatch `input`, so that the
   * caller's native `onChange` (react-hook-form's `register`) sees it like typing. */
  const edit = (out: CodeFieldEdit | undefined): void => {
    const el = s.current
    if (!out || !el) return
    s.guessed = out.guessed ? out.value : undefined
    if (out.value === s.value) return moveTo(out.caret)
    s.forced = out
    setNativeValue(el, out.value)
    el.dispatchEvent(new Event('input', { bubbles: true }))
  }

  /** Inserts text (paste, drop, WebOTP) at the selection; a whole code replaces everything. */
  const insert = (text: string, at: CodeSelection): void => edit(insertIntoCode(s.value, text, at, s.length))

  /** Before the browser inserts text, the selection it replaces, read from the element (see `currentSelection`). */
  const handleBeforeInput = (): void => {
    if (!s.composing) s.selection = currentSelection()
  }

  // Keep the DOM selection on the active slot after every render that moved it.
  useIsoLayoutEffect(() => {
    if (isFocused) select(activeIndex)
  }, [value, activeIndex, isFocused])

  /**
   * Puts the listeners on a new input element: native `beforeinput` (React's `onBeforeInput` is a
   * polyfill that misses deletions and drops), and the observer of writes that bypass React
   * (react-hook-form's `setValue`/`reset` on a registered field, a form reset).
   */
  const attach = (el: HTMLInputElement | null): void => {
    if (!el || el === s.observed) return
    s.stop?.()
    s.observed = el
    el.addEventListener('beforeinput', handleBeforeInput)
    const stopObserving = observeInput(
      el,
      'value',
      (written) => {
        const next = normalizeCode(written as string, s.length)
        // React re-rendering writes the value it already has; anything else came from outside.
        return next !== s.value && !s.controlled ? set(next) : next
      },
      () => (s.controlled ? undefined : set(s.options.defaultValue ?? '')),
    )
    s.stop = () => {
      stopObserving()
      el.removeEventListener('beforeinput', handleBeforeInput)
      s.observed = undefined
    }
  }
  // Insertion effects run before any ref of the commit is attached: a form library writing its
  // default value from its own ref callback meets this render's options.
  useInsertionEffect(() => {
    Object.assign(s, { options, length, controlled, value, attach, insert })
    s.selection ??= [value.length, value.length]
    s.slots ??= []
  })
  useEffect(() => {
    // A no-op after mount; after a Strict Mode simulated unmount it puts the listeners back.
    s.attach(s.current)
    return () => s.stop?.()
  }, [s])

  // WebOTP: Chrome on Android offers the code of an SMS bound to this origin; it replaces the field.
  useEffect(() => (webOtp && !disabled ? listenWebOTP(length, (code) => s.insert(code, [0, s.value.length])) : undefined), [webOtp, disabled, length, s])

  const handleChange = (event: ChangeEvent<HTMLInputElement>, userOnChange: ((event: ChangeEvent<HTMLInputElement>) => void) | undefined): void => {
    const el = event.currentTarget
    const raw = el.value
    // An input method is composing (a full-width digit, a Chinese or Japanese IME): its text stays
    // as it is until it is committed. Rewriting it now made the IME commit it again (１ then ２ gave 1122).
    if (s.composing) return setComposingText(raw)
    const forced = s.forced
    s.forced = undefined
    const out =
      forced ??
      // A script wrote the code through `value` before firing `input` (autofill scripts): the
      // observer already took it in; the caret is where the script left it.
      (raw === s.value && raw !== value
        ? { value: raw, caret: el.selectionEnd ?? raw.length, guessed: false }
        : // iOS autofill and some keyboards paste through `input`, not `paste`: the same guess rule.
          readCodeInput(s.value, raw, s.selection, s.length))
    if (!forced) s.guessed = out.guessed ? out.value : undefined
    // Show the normalized code before the caller's onChange reads `event.target.value`.
    if (raw !== out.value) setNativeValue(el, out.value)
    setActive(out.caret)
    commit(out.value, true)
    userOnChange?.(event)
    // React puts the caret at the end when it restores the value; put it back afterwards.
    queueMicrotask(() => select(out.caret))
  }

  /** Reads text a paste or drop carries (`readOnly` fields keep the browser's default: nothing). */
  const insertData = (event: SyntheticEvent<HTMLInputElement>, data: DataTransfer): void => {
    if (event.currentTarget.readOnly) return
    event.preventDefault()
    insert(data.getData('text/plain'), currentSelection())
  }

  const handlers: OwnHandlers = {
    onKeyDown: (event) => {
      if (event.metaKey || event.ctrlKey || event.altKey || s.composing) return
      const out = codeFieldKey(event.key, s.value, currentSelection(), activeIndex, length, event.currentTarget.readOnly)
      if (!out) return
      event.preventDefault()
      if ('move' in out) moveTo(out.move)
      else edit({ ...out.edit, guessed: false })
    },
    onFocus: (event) => {
      setFocused(true)
      moveTo(Math.min(s.value.length, length - 1))
      if (passwordManagerBadge === 'push') watchPasswordManagerBadge(event.currentTarget)
    },
    onBlur: () => setFocused(false),
    // The text is invisible and narrow: pick the box under the pointer instead of the caret spot.
    onClick: (event) => {
      let best = -1
      let bestDistance = Infinity
      s.slots.forEach((slot, index) => {
        const rect = slot?.getBoundingClientRect()
        const distance = rect ? Math.abs(event.clientX - rect.left - rect.width / 2) : Infinity
        if (distance < bestDistance) {
          best = index
          bestDistance = distance
        }
      })
      if (best >= 0) moveTo(Math.min(best, s.value.length))
    },
    onSelect: (event) => {
      const el = event.currentTarget
      const start = el.selectionStart ?? 0
      const end = el.selectionEnd ?? start
      const [from, to] = s.selection
      if (start === from && end === to) return
      // Select-all stays, so that Ctrl+A then typing, Delete or paste replaces the whole code.
      if (keepsCodeSelection(s.value, [start, end])) s.selection = [start, end]
      else moveTo(start)
    },
    onPaste: (event) => insertData(event, event.clipboardData),
    onDrop: (event) => {
      insertData(event, event.dataTransfer)
      event.currentTarget.focus()
    },
    onCompositionStart: () => {
      s.composing = { base: s.value, selection: currentSelection() }
    },
    onCompositionEnd: (event: CompositionEvent<HTMLInputElement>) => {
      const started = s.composing
      s.composing = undefined
      setComposingText(undefined)
      if (!started) return
      // The committed text, read against the code and selection the composition started from.
      const out = readCodeInput(started.base, event.currentTarget.value, started.selection, length)
      if (out.value === s.value) setNativeValue(event.currentTarget, out.value)
      edit(out)
    },
  }

  const fill = value.length === 0 ? 'empty' : value.length === length ? 'complete' : 'incomplete'
  const isComplete = fill === 'complete'
  const dataAttributes: DataAttributes = {
    'data-state': fill,
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

  return {
    value,
    length,
    isComplete,
    activeIndex,
    isFocused,
    slots,
    setValue: set,
    clear: () => set(''),
    focus: () => s.current?.focus(),
    getRootProps: <P extends HTMLAttributes<HTMLElement>>(props?: P) => ({ ...props, ...dataAttributes }) as P & DataAttributes,
    getInputProps: (props: CodeInputUserProps = {}): CodeInputElementProps => {
      const merged: CodeInputElementProps = {
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
        ...props,
        value: composingText ?? value,
        ref: (el) => {
          s.current = el
          attach(el)
          assignRef(props.ref, el)
        },
        onChange: (event) => handleChange(event, props.onChange),
      }
      // The caller's handler first; ours unless it called `preventDefault`.
      for (const key of Object.keys(handlers) as (keyof OwnHandlers)[]) {
        const ours = handlers[key] as (event: SyntheticEvent<HTMLInputElement>) => void
        const theirs = props[key] as ((event: SyntheticEvent<HTMLInputElement>) => void) | undefined
        merged[key] = (event: SyntheticEvent<HTMLInputElement>) => {
          theirs?.(event)
          if (!event.defaultPrevented) ours(event)
        }
      }
      return merged
    },
    getSlotProps: (index, props) =>
      ({
        ...props,
        'aria-hidden': true,
        'data-active': flag(slots[index]?.isActive),
        'data-filled': flag(slots[index]?.isFilled),
        ref: (el: HTMLElement | null) => {
          s.slots[index] = el
        },
      }) as never,
  }
}
