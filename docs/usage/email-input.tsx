import { EmailInput } from '@hakiki/ui'
import '@hakiki/ui/styles.css'
import { useState } from 'react'

export function EmailField() {
  const [email, setEmail] = useState('')
  // Validated by the proxy's own rule; the message shows once the field is left.
  return <EmailInput name="email" required value={email} onValueChange={(value) => setEmail(value)} />
}
