'use client'
import type { VerificationAdapter } from '@hakiki/core'
import { VerificationProvider } from '@hakiki/react'
import { useMemo, type ReactNode } from 'react'
import { useLocale } from '../i18n/locale-context'
import { LocaleProvider } from '../i18n/locale-provider'
import type { Messages } from '../i18n/messages-en'

/** Props of {@link FlowProviders}. */
export interface FlowProvidersProps {
  /** The backend; without one, the enclosing `VerificationProvider`'s. */
  adapter: VerificationAdapter | undefined
  /** The flow's language, when it differs from the enclosing `LocaleProvider`'s. */
  locale: string | undefined
  /** Messages that replace the locale's own, key by key. */
  messages: Partial<Messages> | undefined
  children: ReactNode
}

/**
 * What `VerificationFlow` brings of its own: a `LocaleProvider` when it was given a language or
 * messages (the messages merged over the enclosing ones), a `VerificationProvider` when it was
 * given an adapter. Without either, the page's providers serve.
 */
export function FlowProviders({ adapter, locale, messages, children }: FlowProvidersProps): ReactNode {
  const outer = useLocale()
  const merged = useMemo(() => (messages ? { ...outer.messages, ...messages } : undefined), [outer.messages, messages])
  let body = children
  if (locale !== undefined || merged) {
    body = (
      // Without a language of its own, the flow speaks the one the page shows now (not one still
      // loading: the page keeps its previous language until then, and so does the flow).
      <LocaleProvider locale={locale ?? outer.tag} messages={locale === undefined ? merged : messages}>
        {body}
      </LocaleProvider>
    )
  }
  return adapter ? <VerificationProvider adapter={adapter}>{body}</VerificationProvider> : body
}
