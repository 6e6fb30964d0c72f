'use client'
import { useResendCooldown, type CountdownSource } from '@hakiki/react'
import { forwardRef, useEffect, useRef, useState, type ButtonHTMLAttributes, type FocusEvent, type MouseEvent, type ReactNode } from 'react'
import { cx } from './class-names'
import { useLocale, useMessages } from './i18n/locale-context'
import { resendButtonMessagesEn } from './i18n/messages-en'
import { waitCount } from './i18n/wait-count'

/** Class names for the parts of {@link ResendButton}, beside the root's `className`. */
export interface ResendButtonClassNames {
  /** The `<button>`. */
  button?: string
  /** The seconds left, drawn beside the button during the wait ("in 25 s"). */
  countdown?: string
}

/** Props of {@link ResendButton}; other props go to the `<button>`. */
export interface ResendButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'children'> {
  /**
   * What the cooldown is read from: the flow's `verification` or the answer of
   * `useStartVerification`. Without one the button is ready.
   */
  verification?: CountdownSource | undefined
  /**
   * When the server refused a send with `rate_limited`: the client epoch ms from which to try
   * again (`FlowError.retryAt`). The button waits until then too, counting down the same way.
   */
  retryAt?: number | undefined
  /** Called on a press that is allowed (after the cooldown, not while busy). */
  onResend?: () => void
  /** A new code is being sent: the button waits (`aria-busy`) and says so. */
  busy?: boolean
  /**
   * Label instead of "Resend code" (e.g. "Call me instead"). It is all the button shows, so it is
   * its accessible name too (WCAG 2.5.3); the seconds left are drawn beside it.
   */
  children?: ReactNode
  /** Show the seconds left beside the button during the cooldown ("in 25 s"). @default true */
  showCountdown?: boolean
  /**
   * Announce the wait starting, its end and the sending politely. @default true; `false` for a
   * second button on the same cooldown ("Call me instead"), so the news is told once; `'end'` when
   * the caller has already said why and how long to wait (a refusal in its alert): the start is
   * then not said again, its end and the sending are. A focus or a press while waiting is
   * answered with the seconds left either way.
   */
  announce?: boolean | 'end'
  /** Class of the root element (around the button, its countdown and its live region). */
  className?: string
  /** Classes of the inner parts. */
  classNames?: ResendButtonClassNames
}

/**
 * "Resend code" with its cooldown, counted on the server's clock (`useResendCooldown`).
 *
 * The button shows only its label, which is its accessible name (WCAG 2.5.3: speech input says
 * what it sees). The seconds left tick beside it ("in 25 s", under it when there is no room),
 * outside the button and outside any live region or description: a description that changes is
 * re-read by NVDA and JAWS on the focused button, so it would speak every second. During the
 * cooldown the button is `aria-disabled`, not `disabled`: it stays focusable, so focus is not
 * thrown to the page when a press starts the cooldown. The wait is announced politely once when
 * it starts and when it ends, and once more when the button is focused or pressed while waiting.
 */
export const ResendButton = forwardRef<HTMLButtonElement, ResendButtonProps>(function ResendButton(props, ref) {
  const {
    verification,
    retryAt,
    onResend,
    busy,
    children,
    showCountdown = true,
    announce = true,
    classNames = {},
    className,
    onClick,
    onFocus,
    disabled,
    type,
    'aria-disabled': ariaDisabled,
    ...buttonProps
  } = props
  const { tag, dir } = useLocale()
  const t = useMessages(resendButtonMessagesEn)
  const { secondsLeft } = useResendCooldown(verification, retryAt)
  const waiting = (verification !== undefined || retryAt !== undefined) && secondsLeft > 0
  // The caller may hold the button too (e.g. while its form is sending), still focusable.
  const unavailable = waiting || Boolean(busy) || ariaDisabled === true || ariaDisabled === 'true'

  // Each announcement in a fresh node, so that the same words said again (a second focus) are read.
  const [announcement, setAnnouncement] = useState({ text: '', id: 0 })
  // The second at which the wait was last said: a click right after its focus says nothing new.
  const waitSaidAt = useRef<number | undefined>(undefined)
  const say = (text: string, waitAt?: number): void => {
    waitSaidAt.current = waitAt
    setAnnouncement((a) => ({ text, id: a.id + 1 }))
  }
  const waitText = (seconds: number): string => {
    const wait = waitCount(seconds)
    return t(wait.unit === 'minute' ? 'resend.waitMinutes' : 'resend.wait', { count: wait.count })
  }
  const sayWait = (): void => {
    if (waiting && !busy && waitSaidAt.current !== secondsLeft) say(waitText(secondsLeft), secondsLeft)
  }

  // One announcement per change of phase: busy, a wait starting (keyed by its end), ready again.
  const phase = busy ? 'busy' : waiting ? `wait@${String(verification?.resendAt)}@${String(retryAt)}` : 'ready'
  const previous = useRef<string | undefined>(undefined)
  const secondsRef = useRef(secondsLeft)
  secondsRef.current = secondsLeft
  useEffect(() => {
    const before = previous.current
    previous.current = phase
    if (before === phase || !announce) return
    if (phase === 'busy') say(t('resend.sending'))
    else if (phase !== 'ready') {
      // Said elsewhere ('end'): counted as said, so a press in the same second adds nothing.
      if (announce === 'end') waitSaidAt.current = secondsRef.current
      else say(waitText(secondsRef.current), secondsRef.current)
    }
    // "Ready" is news only after a wait: a button that mounts ready says nothing.
    else if (before !== undefined) say(t('resend.ready'))
    // `t` follows the locale; the phase alone decides when to speak.
    // oxlint-disable-next-line react/exhaustive-deps
  }, [phase])

  const state = busy ? 'busy' : waiting ? 'waiting' : 'ready'

  return (
    <span className={cx('hakiki', 'hakiki-resend', className)} data-part="root" data-state={state} dir={dir} lang={dir && tag}>
      <button
        // A caller's `data-part` wins: the flow's buttons keep theirs (`submit`, `new-code`).
        data-part="button"
        {...buttonProps}
        ref={ref}
        type={type ?? 'button'}
        className={classNames.button}
        data-state={state}
        data-disabled={unavailable || disabled ? '' : undefined}
        disabled={disabled}
        aria-disabled={unavailable || undefined}
        aria-busy={busy || undefined}
        onFocus={(event: FocusEvent<HTMLButtonElement>) => {
          onFocus?.(event)
          sayWait()
        }}
        onClick={(event: MouseEvent<HTMLButtonElement>) => {
          if (unavailable) {
            event.preventDefault()
            sayWait()
            return
          }
          onClick?.(event)
          if (!event.defaultPrevented) onResend?.()
        }}
      >
        {children ?? t('resend.button')}
      </button>
      {waiting && showCountdown && (
        <span data-part="countdown" className={classNames.countdown}>
          {t('resend.countdown.suffix', { count: secondsLeft })}
        </span>
      )}
      {/* Present from the start: screen readers only announce changes to regions they already know. */}
      <output data-part="sr-only">{announcement.text && <span key={announcement.id}>{announcement.text}</span>}</output>
    </span>
  )
})
