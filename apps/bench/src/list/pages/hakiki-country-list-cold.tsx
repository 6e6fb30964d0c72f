import { CountrySelect } from '@hakiki/ui'
import '@hakiki/ui/styles.css'
import { useState } from 'react'
import { createRoot } from 'react-dom/client'
import { markReady } from './list-page'

function Picker() {
  const [country, setCountry] = useState<string>('GH')
  return <CountrySelect countries="all" value={country} onChange={setCountry} />
}

// The region index is not loaded: the first open fetches it (a chunk of the page's build), as a
// field of every country does in an app.
createRoot(document.getElementById('root') as HTMLElement).render(<Picker />)
markReady()
