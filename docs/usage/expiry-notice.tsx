import { useVerificationFlow } from '@hakiki/react'
import { ExpiryNotice } from '@hakiki/ui'
import '@hakiki/ui/styles.css'

export function Expiry() {
  const flow = useVerificationFlow()
  // "Code expires in 9:59"; one polite announcement at warnAt seconds, one at expiry.
  return <ExpiryNotice verification={flow.verification} warnAt={60} onExpire={() => flow.send({ type: 'EXPIRE' })} />
}
