'use client'
import { useResendCooldown, type CountdownSource } from '@hakiki/react'
import { forwardRef, useEffect, useId, useRef, useState, type ButtonHTMLAttributes, type MouseEvent, type ReactNode } from 'react'
import { cx } from './class-names'
import { useLocale, useMessages } from './i18n/locale-context'
import { resendButtonMessagesEn } from './i18n/messages-en'

/** Class names for the parts of {@link ResendButton}, beside the button's `className`. */
export interface ResendButtonClassNames {
  /** The `<button>`. */
  button?: string
  /** The visible countdown text. */
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
   * Label instead of "Resend code" (e.g. "Call me instead"); the countdown text is then not shown,
   * unless `countdownLabel` gives one.
   */
  children?: ReactNode
  /**
   * The visible text during the wait for a button with its own label, e.g.
   * `(s) => t('flow.newCode.countdown', { count: s })`: "Send a new code in 20 s". It should start
   * with the label, which stays the button's accessible name.
   */
  countdownLabel?: (secondsLeft: number) => ReactNode
  /** Show the seconds left on the button during the cooldown. @default true */
  showCountdown?: boolean
  /**
   * Announce the wait, its end and the sending politely. @default true; turn it off for a second
   * button on the same cooldown ("Call me instead"), so the news is told once.
   */
  announce?: boolean
  /** Class of the root element (around the button and its screen-reader texts). */
  className?: string
  /** Classes of the inner parts. */
  classNames?: ResendButtonClassNames
}

/**
 * "Resend code" with its cooldown, counted on the server's clock (`useResendCooldown`).
 *
 * During the cooldown the button is `aria-disabled`, not `disabled`: it stays focusable, so focus
 * is not thrown to the page when a press starts the cooldown, and a screen reader still finds it
 * and reads, as its description, how long to wait. The seconds tick visibly, but are announced
 * politely only when the wait starts and when it ends, never every second.
 */
export const ResendButton = forwardRef<HTMLButtonElement, ResendButtonProps>(function ResendButton(props, ref) {
  const {
    verification,
    retryAt,
    onResend,
    busy,
    children,
    countdownLabel,
    showCountdown = true,
    announce = true,
    classNames = {},
    className,
    onClick,
    disabled,
    type,
    'aria-describedby': describedBy,
    'aria-disabled': ariaDisabled,
    ...buttonProps
  } = props
  const { tag, dir } = useLocale()
  const t = useMessages(resendButtonMessagesEn)
  const { secondsLeft } = useResendCooldown(verification, retryAt)
  const waiting = (verification !== undefined || retryAt !== undefined) && secondsLeft > 0
  // The caller may hold the button too (e.g. while its form is sending), still focusable.
  const unavailable = waiting || Boolean(busy) || ariaDisabled === true || ariaDisabled === 'true'
  const descriptionId = useId()

  // One announcement per change of phase: busy, a wait starting (keyed by its end), ready again.
  const phase = busy ? 'busy' : waiting ? `wait@${String(verification?.resendAt)}@${String(retryAt)}` : 'ready'
  const [announcement, setAnnouncement] = useState('')
  const previous = useRef<string | undefined>(undefined)
  const secondsRef = useRef(secondsLeft)
  secondsRef.current = secondsLeft
  useEffect(() => {
    const before = previous.current
    previous.current = phase
    if (before === phase) return
    if (phase === 'busy') setAnnouncement(t('resend.sending'))
    else if (phase !== 'ready') setAnnouncement(t('resend.wait', { count: secondsRef.current }))
    // "Ready" is news only after a wait: a button that mounts ready says nothing.
    else if (before !== undefined) setAnnouncement(t('resend.ready'))
    // `t` follows the locale; the phase alone decides when to speak.
    // oxlint-disable-next-line react/exhaustive-deps
  }, [phase])

  const state = busy ? 'busy' : waiting ? 'waiting' : 'ready'
  const label = children ?? t('resend.button')
  const countdown = waiting && showCountdown && (children === undefined || countdownLabel !== undefined)

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
        aria-describedby={cx(waiting && descriptionId, describedBy) || undefined}
        onClick={(event: MouseEvent<HTMLButtonElement>) => {
          if (unavailable) {
            event.preventDefault()
            return
          }
          onClick?.(event)
          if (!event.defaultPrevented) onResend?.()
        }}
      >
        {countdown ? (
          <>
            {/* The name stays "Resend code"; the ticking text is for the eyes only. */}
            <span data-part="sr-only">{label}</span>
            <span data-part="countdown" className={classNames.countdown} aria-hidden="true">
              {countdownLabel ? countdownLabel(secondsLeft) : t('resend.countdown', { count: secondsLeft })}
            </span>
          </>
        ) : (
          label
        )}
      </button>
      {waiting && (
        <span id={descriptionId} data-part="sr-only">
          {t('resend.wait', { count: secondsLeft })}
        </span>
      )}
      {announce && (
        <output data-part="sr-only">{announcement}</output>
      )}
    </span>
  )
})
