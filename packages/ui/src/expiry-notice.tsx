'use client'
import { useExpiryCountdown, type CountdownSource } from '@hakiki/react'
import { useEffect, useRef, useState, type ReactNode } from 'react'
import { cx, isolate } from './class-names'
import { useLocale, useMessages } from './i18n/locale-context'
import { expiryNoticeMessagesEn } from './i18n/messages-en'

/** Class names for the parts of {@link ExpiryNotice}, beside the root's `className`. */
export interface ExpiryNoticeClassNames {
  /** The visible countdown text. */
  countdown?: string
}

/** Props of {@link ExpiryNotice}. */
export interface ExpiryNoticeProps {
  /** What the lifetime is read from: the flow's `verification` or the answer of `useStartVerification`. */
  verification: CountdownSource | undefined
  /** Seconds left at which the notice turns to a warning and is announced once. @default 60 */
  warnAt?: number
  /** Called once when the code's lifetime is over. */
  onExpire?: () => void
  /**
   * Announce the expiry itself. @default true; `false` where something else says it (the
   * `VerificationFlow`'s live region, which says every outcome once, in order).
   */
  announceExpiry?: boolean
  /** Class of the root element. */
  className?: string
  /** Classes of the inner parts. */
  classNames?: ExpiryNoticeClassNames
}

const numberFormats = new Map<string, [Intl.NumberFormat, Intl.NumberFormat]>()

/** "9:59" in the locale's digits: minutes, then seconds on two digits. */
function clock(tag: string, seconds: number): string {
  let formats = numberFormats.get(tag)
  if (!formats) numberFormats.set(tag, (formats = [new Intl.NumberFormat(tag), new Intl.NumberFormat(tag, { minimumIntegerDigits: 2 })]))
  return `${formats[0].format(Math.floor(seconds / 60))}:${formats[1].format(seconds % 60)}`
}

/**
 * "Code expires in 9:59", counted on the server's clock (`useExpiryCountdown`), re-rendering only
 * itself once a second. Screen readers get the time in words ("The code expires in 10 minutes")
 * when they reach it, and one polite announcement when `warnAt` is crossed and one at expiry,
 * rather than a tick every second.
 */
export function ExpiryNotice({ verification, warnAt = 60, onExpire, announceExpiry = true, className, classNames = {} }: ExpiryNoticeProps): ReactNode {
  const { tag, dir } = useLocale()
  const t = useMessages(expiryNoticeMessagesEn)
  const { secondsLeft, isExpired } = useExpiryCountdown(verification)
  const phase = verification === undefined ? 'none' : isExpired ? 'expired' : secondsLeft <= warnAt ? 'warning' : 'counting'
  const inWords = secondsLeft >= 60 ? t('expiry.minutes', { count: Math.ceil(secondsLeft / 60) }) : t('expiry.seconds', { count: secondsLeft })

  const [announcement, setAnnouncement] = useState('')
  const previous = useRef(phase)
  const latest = useRef({ inWords, onExpire, t, announceExpiry })
  useEffect(() => {
    latest.current = { inWords, onExpire, t, announceExpiry }
  })
  useEffect(() => {
    const before = previous.current
    previous.current = phase
    if (before === phase) return
    if (phase === 'warning' && before === 'counting') setAnnouncement(latest.current.inWords)
    if (phase === 'expired') {
      if (latest.current.announceExpiry) setAnnouncement(latest.current.t('expiry.expired'))
      latest.current.onExpire?.()
    }
  }, [phase])

  return (
    <div className={cx('hakiki', 'hakiki-expiry', className)} data-part="root" data-state={phase} dir={dir} lang={dir && tag}>
      {phase === 'expired' ? (
        <span data-part="countdown" className={classNames.countdown}>
          {t('expiry.expired')}
        </span>
      ) : phase !== 'none' ? (
        <>
          <span data-part="countdown" className={classNames.countdown} aria-hidden="true">
            {t('expiry.countdown', { time: isolate(clock(tag, secondsLeft)) })}
          </span>
          <span data-part="sr-only">{inWords}</span>
        </>
      ) : null}
      <output data-part="sr-only">{announcement}</output>
    </div>
  )
}
