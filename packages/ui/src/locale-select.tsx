'use client'
import { LOCALES, getLocaleInfo, toApiLocale, type ApiLocale } from '@hakiki/core'
import { forwardRef, useId, type ChangeEvent, type ReactNode, type SelectHTMLAttributes } from 'react'
import { cx } from './class-names'
import { useLocale, useMessages } from './i18n/locale-context'
import { localeSelectMessagesEn } from './i18n/messages-en'

/** Class names for the parts of {@link LocaleSelect}, beside the root's `className`. */
export interface LocaleSelectClassNames {
  /** The label. */
  label?: string
  /** The `<select>`. */
  select?: string
}

/** Props of {@link LocaleSelect}; other props go to the `<select>`. */
export interface LocaleSelectProps
  extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'value' | 'defaultValue' | 'children' | 'className' | 'multiple'> {
  /**
   * The chosen language as a BCP-47 tag (`pt-BR`); the API's spelling (`pr-BR`) is read too.
   * Option values are BCP-47 tags, ready for `LocaleProvider` and `Intl`.
   */
  value?: string
  /** The language chosen at first. @default the current `LocaleProvider` locale */
  defaultValue?: string
  /** Called with the chosen BCP-47 tag and the API's spelling of it. */
  onValueChange?: (tag: string, locale: ApiLocale) => void
  /** The locales offered, in the API's spelling. @default all 36 */
  locales?: readonly ApiLocale[]
  /** Label text. @default messages['locale.label'] */
  label?: ReactNode
  /** Keeps the label for screen readers only. */
  hideLabel?: boolean
  /** Class of the root element. */
  className?: string
  /** Classes of the inner parts. */
  classNames?: LocaleSelectClassNames
}

/** The BCP-47 tag of a tag or API locale, or `undefined` when it is not one of the 36. */
function tagOf(value: string | undefined): string | undefined {
  const api = value === undefined ? undefined : toApiLocale(value)
  return api ? getLocaleInfo(api)?.tag : undefined
}

/**
 * Language picker for the 36 locales of the Verify API, each named in its own language and marked
 * with its `lang`, so that screen readers pronounce "Français" in French. A native `<select>`:
 * the most accessible picker there is, with the platform's own list on phones. The ref is the
 * `<select>`; works with react-hook-form's `register` and `Controller`.
 */
export const LocaleSelect = forwardRef<HTMLSelectElement, LocaleSelectProps>(function LocaleSelect(props, ref) {
  const { value, defaultValue, onValueChange, onChange, locales, label, hideLabel, className, classNames = {}, id, disabled, ...selectProps } = props
  const current = useLocale()
  const t = useMessages(localeSelectMessagesEn)
  const generatedId = useId()
  const selectId = id ?? generatedId
  const offered = locales ? LOCALES.filter((l) => locales.includes(l.api)) : LOCALES
  const controlled = value === undefined ? undefined : (tagOf(value) ?? value)

  return (
    <div
      className={cx('hakiki', 'hakiki-locale', className)}
      data-part="root"
      dir={current.dir}
      lang={current.dir && current.tag}
      data-disabled={disabled ? '' : undefined}
    >
      <label htmlFor={selectId} data-part={hideLabel ? 'sr-only' : 'label'} className={classNames.label}>
        {label ?? t('locale.label')}
      </label>
      <select
        {...selectProps}
        ref={ref}
        id={selectId}
        disabled={disabled}
        value={controlled}
        defaultValue={controlled === undefined ? (tagOf(defaultValue) ?? current.requestedTag) : undefined}
        data-part="select"
        className={classNames.select}
        onChange={(event: ChangeEvent<HTMLSelectElement>) => {
          const api = toApiLocale(event.target.value)
          if (api) onValueChange?.(event.target.value, api)
          onChange?.(event)
        }}
      >
        {offered.map((l) => (
          <option key={l.api} value={l.tag} lang={l.tag} dir={l.dir}>
            {l.nativeName}
          </option>
        ))}
      </select>
    </div>
  )
})
