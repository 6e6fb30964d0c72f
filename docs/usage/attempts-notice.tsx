import { useVerificationFlow } from '@hakiki/react'
import { AttemptsNotice } from '@hakiki/ui'
import '@hakiki/ui/styles.css'

export function Attempts() {
  const flow = useVerificationFlow()
  if (!flow.verification) return null
  // "3 attempts left", with the plural rules of the locale; a warning at 2 or fewer.
  return <AttemptsNotice attemptsLeft={flow.verification.attemptsLeft} wrongCode={flow.error?.code === 'wrong_code'} announce />
}
