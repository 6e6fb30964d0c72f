import { loadPhoneCountries } from '@hakiki/core'
import { CountrySelect, preloadCountryList } from '@hakiki/ui'
import '@hakiki/ui/styles.css'
import { useState } from 'react'
import { createRoot } from 'react-dom/client'
import { markReady } from './list-page'

function Picker() {
  const [country, setCountry] = useState<string>('GH')
  return <CountrySelect countries="all" value={country} onChange={setCountry} />
}

// The region index and the list's code (fetched as the button is first hovered or focused) are
// loaded first: the bench times rendering the list, not fetching it.
await Promise.all([loadPhoneCountries(), preloadCountryList()])
createRoot(document.getElementById('root') as HTMLElement).render(<Picker />)
markReady()
