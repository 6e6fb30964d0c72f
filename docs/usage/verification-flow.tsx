import { createProxyAdapter } from '@hakiki/core'
import { VerificationFlow } from '@hakiki/ui'
import '@hakiki/ui/styles.css'

// Where @hakiki/proxy is mounted on your server (see the server setup guide).
const adapter = createProxyAdapter({ baseUrl: '/api/verify' })

export function SignUp({ onReceipt }: { onReceipt: (receipt: string) => void }) {
  return (
    <VerificationFlow
      adapter={adapter}
      defaultCountry="GH"
      channels={['sms', 'call', 'email']}
      persistKey="sign-up"
      onVerified={(receipt) => receipt && onReceipt(receipt)}
    />
  )
}
