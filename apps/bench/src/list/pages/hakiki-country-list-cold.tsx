import { CountrySelect } from '@hakiki/ui'
import '@hakiki/ui/styles.css'
import { useState } from 'react'
import { createRoot } from 'react-dom/client'
import { markReady } from './list-page'

function Picker() {
  const [country, setCountry] = useState<string>('GH')
  return <CountrySelect countries="all" value={country} onChange={setCountry} />
}

// Neither the region index nor the list's code is loaded: the first open fetches both (chunks of
// the page's build), as a field of every country does in an app whose user clicks without hovering first.
createRoot(document.getElementById('root') as HTMLElement).render(<Picker />)
markReady()
