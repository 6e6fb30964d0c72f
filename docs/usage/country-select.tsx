import type { PhoneCountryCode } from '@hakiki/core'
import { CountrySelect } from '@hakiki/ui'
import '@hakiki/ui/styles.css'
import { useState } from 'react'

export function Country() {
  const [country, setCountry] = useState<PhoneCountryCode>('GH')
  // A searchable combobox (here four covered countries; countries="all" for every region); PhoneInput has one built in.
  return <CountrySelect value={country} onChange={setCountry} countries={['GH', 'NG', 'KE', 'ZA']} />
}
