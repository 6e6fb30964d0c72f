// app/sign-up/verify-phone.tsx
'use client'
import { createProxyAdapter } from '@hakiki/core'
import { VerificationFlow } from '@hakiki/ui'
import '@hakiki/ui/styles.css'

const adapter = createProxyAdapter({ baseUrl: '/api/verify' })

export function VerifyPhone({ onReceipt }: { onReceipt?: (receipt: string) => void }) {
  return <VerificationFlow adapter={adapter} defaultCountry="GH" onVerified={(receipt) => receipt && onReceipt?.(receipt)} />
}
