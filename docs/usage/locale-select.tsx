import { LocaleProvider, LocaleSelect, VerificationFlow } from '@hakiki/ui'
import '@hakiki/ui/styles.css'
import { useState } from 'react'

export function LocalizedFlow() {
  const [locale, setLocale] = useState('en')
  // Values are BCP-47 tags; the flow, its messages and the SMS follow the chosen language.
  return (
    <LocaleProvider locale={locale}>
      <LocaleSelect value={locale} onValueChange={(tag) => setLocale(tag)} />
      <VerificationFlow />
    </LocaleProvider>
  )
}
