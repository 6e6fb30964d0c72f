'use client'
// What `./sign-up-flow` is beside a guide's Next.js page: the client component that holds the
// adapter and renders the flow with the messages the server loaded.
import { type ApiLocale, createProxyAdapter } from '@hakiki/core'
import { type Messages, VerificationFlow } from '@hakiki/ui'

const adapter = createProxyAdapter({ baseUrl: '/api/verify' })

export function SignUpFlow({ locale, messages }: { locale: ApiLocale; messages: Partial<Messages> }) {
  return <VerificationFlow adapter={adapter} locale={locale} messages={messages} />
}
