import { useVerificationFlow } from '@hakiki/react'
import { ResendButton } from '@hakiki/ui'
import '@hakiki/ui/styles.css'

export function Resend() {
  const flow = useVerificationFlow()
  // Waits for the cooldown the server set, counted on the server's clock.
  return <ResendButton verification={flow.verification} busy={flow.isBusy} onResend={() => flow.send({ type: 'RESEND' })} />
}
