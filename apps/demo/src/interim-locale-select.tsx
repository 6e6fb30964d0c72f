/* INTERIM: stand-in for `LocaleSelect` of `@hakiki/ui` until it lands (same idea: a native select). */
import { LOCALES, type ApiLocale } from '@hakiki/core'
import { useId } from 'react'

/** Props of {@link InterimLocaleSelect}. */
export interface InterimLocaleSelectProps {
  value: ApiLocale
  onChange: (locale: ApiLocale) => void
}

/** The 36 locales in their own names. */
export function InterimLocaleSelect({ value, onChange }: InterimLocaleSelectProps) {
  const id = useId()
  return (
    <span className="demo-locale">
      <label htmlFor={id}>Language</label>
      <select id={id} value={value} onChange={(event) => onChange(event.target.value as ApiLocale)}>
        {LOCALES.map((l) => (
          <option key={l.api} value={l.api} lang={l.tag}>
            {l.nativeName}
          </option>
        ))}
      </select>
    </span>
  )
}
