'use client'
import { createProxyAdapter, type ApiLocale } from '@hakiki/core'
import { VerificationFlow, type Messages } from '@hakiki/ui'
import { useState, type ReactNode } from 'react'
import type { SignUpResult } from '../server/sign-up'

// Created once, at module level of a client module: an adapter holds functions, which cannot
// cross from a Server Component to the client as props.
const adapter = createProxyAdapter({ baseUrl: '/api/verify' })

/** Props of {@link SignUpFlow}: the language and its messages, chosen and loaded on the server. */
export interface SignUpFlowProps {
  locale: ApiLocale
  messages: Partial<Messages>
}

/** The verification flow, then the app's sign-up call with the receipt the proxy signed. */
export function SignUpFlow({ locale, messages }: SignUpFlowProps): ReactNode {
  const [account, setAccount] = useState<SignUpResult>()
  const [failure, setFailure] = useState<string>()

  async function finishSignUp(receipt: string | undefined, to: string): Promise<void> {
    const response = await fetch('/api/signup', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ to, receipt }) })
    if (response.ok) setAccount((await response.json()) as SignUpResult)
    else setFailure(((await response.json()) as { code?: string }).code ?? String(response.status))
  }

  return (
    <>
      <VerificationFlow adapter={adapter} locale={locale} messages={messages} defaultCountry="GH" channels={['sms', 'call']} onVerified={(receipt, { to }) => void finishSignUp(receipt, to)} />
      <output>
        {account && (
          <p>
            Account created for <span data-testid="account-to">{account.to}</span> (verification <span data-testid="account-verification">{account.verificationId}</span>).
          </p>
        )}
      </output>
      {failure && <p role="alert">Sign-up refused: {failure}</p>}
    </>
  )
}
