import { useState } from 'react'
import PhoneInput, { type Value } from 'react-phone-number-input'
import 'react-phone-number-input/style.css'
import { mountBench } from './harness'

function PhoneField() {
  const [phone, setPhone] = useState<Value | undefined>()
  return <PhoneInput defaultCountry="CM" value={phone} onChange={setPhone} />
}

mountBench(<PhoneField />)
