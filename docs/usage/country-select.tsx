import type { CountryCode } from '@hakiki/core'
import { CountrySelect } from '@hakiki/ui'
import '@hakiki/ui/styles.css'
import { useState } from 'react'

export function Country() {
  const [country, setCountry] = useState<CountryCode>('GH')
  // A searchable combobox of the covered countries; PhoneInput has one built in.
  return <CountrySelect value={country} onChange={setCountry} countries={['GH', 'NG', 'KE', 'ZA']} />
}
