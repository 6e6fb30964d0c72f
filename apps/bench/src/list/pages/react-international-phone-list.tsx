import { useState } from 'react'
import { createRoot } from 'react-dom/client'
import { PhoneInput } from 'react-international-phone'
import 'react-international-phone/style.css'
import { markReady } from './list-page'

function Field() {
  const [phone, setPhone] = useState('')
  return <PhoneInput defaultCountry="gh" value={phone} onChange={setPhone} />
}

createRoot(document.getElementById('root') as HTMLElement).render(<Field />)
markReady()
