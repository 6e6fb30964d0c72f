import { PhoneInput } from '@hakiki/ui'
import '@hakiki/ui/styles.css'
import { useState } from 'react'

export function PhoneField() {
  const [e164, setE164] = useState('')
  // E.164 out ('' while the number is not valid); national numbers are read in defaultCountry.
  return (
    <form onSubmit={(event) => (event.preventDefault(), console.info(e164))}>
      <PhoneInput name="phone" defaultCountry="GH" onValueChange={(value) => setE164(value)} />
      <button type="submit" disabled={!e164}>Send code</button>
    </form>
  )
}
