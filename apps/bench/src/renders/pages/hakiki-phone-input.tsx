import { PhoneInput } from '@hakiki/ui'
import '@hakiki/ui/styles.css'
import { useState } from 'react'
import { mountBench } from './harness'

function PhoneField() {
  const [phone, setPhone] = useState('')
  return <PhoneInput defaultCountry="CM" value={phone} onChange={(event) => setPhone(event.target.value)} />
}

mountBench(<PhoneField />)
