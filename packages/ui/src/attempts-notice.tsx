'use client'
import type { ReactNode } from 'react'
import { cx } from './class-names'
import { useLocale, useMessages } from './i18n/locale-context'
import { attemptsNoticeMessagesEn } from './i18n/messages-en'

/** Props of {@link AttemptsNotice}. */
export interface AttemptsNoticeProps {
  /** Wrong codes the user may still try (`verification.attemptsLeft`, or `error.attemptsLeft`). */
  attemptsLeft: number
  /** The last code was wrong: say so before the count ("That code is not right. 4 attempts left."). */
  wrongCode?: boolean
  /** At this many attempts or fewer the notice turns to a warning (`data-state="warning"`). @default 2 */
  warnAt?: number
  /**
   * Make the notice a polite live region, so that a change of the count is announced. Off by
   * default: `VerificationFlow` announces a wrong code in its own alert, and one voice is enough.
   */
  announce?: boolean
  /** Class of the root element. */
  className?: string
}

/**
 * How many wrong codes the user may still try: "3 attempts left", with plural rules of the locale,
 * turning to a warning near the end and to "No attempts left" at zero. Few kits show this at all;
 * users who know they have two tries left check the SMS twice before typing.
 */
export function AttemptsNotice({ attemptsLeft, wrongCode, warnAt = 2, announce, className }: AttemptsNoticeProps): ReactNode {
  const { tag, dir } = useLocale()
  const t = useMessages(attemptsNoticeMessagesEn)
  const left = Math.max(0, Math.floor(attemptsLeft))
  const state = left === 0 ? 'none' : left <= warnAt ? 'warning' : 'ok'
  const text = left === 0 ? t('attempts.none') : t(wrongCode ? 'attempts.wrongCode' : 'attempts.left', { count: left })
  return (
    <p
      className={cx('hakiki', 'hakiki-attempts', className)}
      data-part="root"
      data-state={state}
      data-wrong-code={wrongCode ? '' : undefined}
      data-attempts-left={left}
      dir={dir}
      lang={dir && tag}
      role={announce ? 'status' : undefined}
    >
      {text}
    </p>
  )
}
