'use client'
import { COUNTRIES, getPhoneCountryCallingCode, isPhoneCountriesLoaded, loadPhoneCountries, needsPhoneCountries, withCountrySearchDeps, type CountrySearch } from '@hakiki/core'
import { usePhoneCountries, type PhoneCountries, type PhoneCountryCode } from '@hakiki/react'
import { useCallback, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react'
import { cx } from './class-names'
import type * as CountryListModule from './country-list'
import { countryName } from './country-names'
import { Flag } from './flags'
import { useLocale, useMessages } from './i18n/locale-context'
import { phoneInputMessagesEn } from './i18n/messages-en'

/** Class names for the parts of {@link CountrySelect}, beside the root's `className`. */
export interface CountrySelectClassNames {
  /** The button that shows the chosen country and opens the list. */
  trigger?: string
  /** Every flag. */
  flag?: string
  /** Every dialing code. */
  dialCode?: string
  /** The panel that holds the search box and the list. */
  popover?: string
  /** The search box (the combobox). */
  search?: string
  /** The list of countries. */
  listbox?: string
  /** Each country of the list. */
  option?: string
  /** The fee beside a country. */
  fee?: string
  /** The "no country matches" line. */
  empty?: string
}

/** Props of {@link CountrySelect}. */
export interface CountrySelectProps {
  /** The chosen country. */
  value?: PhoneCountryCode | undefined
  /** Called with the country the user picks. */
  onChange?: (country: PhoneCountryCode) => void
  /**
   * The countries offered: region codes, or `'all'` (every region the phone field can read,
   * about 245, named in the UI's language). @default the 14 covered countries
   */
  countries?: PhoneCountries
  /** Price of one SMS per country, already formatted (`"GHS 0.30"`, e.g. from `useRates`). */
  fees?: Partial<Record<PhoneCountryCode, string>>
  /** Disables the picker. */
  disabled?: boolean | undefined
  /**
   * Fetches the countries still to come (`getCountryProps` of `usePhoneInput` passes it while the
   * region index is not loaded). The list opens once it settles. Without it, a picker of `'all'`
   * fetches the index itself as its list first opens.
   */
  loadCountries?: (() => Promise<void>) | undefined
  /** Id of the trigger button. */
  id?: string
  /** Accessible name of the picker when no country is chosen. @default messages['phone.country'] */
  label?: string
  /** Class of the root element. */
  className?: string
  /** Classes of the inner parts. */
  classNames?: CountrySelectClassNames
}

const COVERED: readonly PhoneCountryCode[] = COUNTRIES.map((c) => c.iso2)

/** The open list's module and its search, once fetched. */
let listModule: (typeof CountryListModule & { search: CountrySearch }) | undefined
let listLoading: Promise<unknown> | undefined

/**
 * Fetches the code of the country list (rows, keys, and core's country search: a chunk of its own, about 2 kB gzip),
 * once; a failed fetch is tried again on the next call. `CountrySelect` calls it when its button
 * is first hovered, focused or pressed, so the list is usually in before it is opened; call it
 * earlier to have it sooner (e.g. on a page that opens the list at once).
 */
export function preloadCountryList(): Promise<void> {
  listLoading ??= import('./country-list').then(
    (module) => (listModule = { ...module, search: withCountrySearchDeps(module) }),
    (error: unknown) => {
      listLoading = undefined
      throw error
    },
  )
  return listLoading.then(() => undefined)
}

/**
 * Country picker: a button showing the flag and dialing code that opens a searchable list,
 * following the WAI-ARIA combobox pattern (search box with `aria-activedescendant` over a
 * listbox). Type a letter on the button to open it searching; arrows and Page Up/Down move (Home
 * and End stay with the search text's caret); Enter picks; Escape closes. The search ranks names
 * that start with the text first, and knows common aliases ("Ivory Coast", "SA", "UK") and each
 * country's own name ("Deutschland"). Names come from `Intl.DisplayNames` in the current locale;
 * flags are inline SVG fetched from your own origin in a few chunks as rows show them (`Flag`),
 * never from a third party. The open list is code of its own ({@link preloadCountryList}), fetched as the
 * button is first hovered, focused or pressed: the field's first paint needs only the button. It
 * renders the rows in view (each option with `aria-setsize`/`aria-posinset`), so opening 245
 * countries costs about what opening 25 does.
 */
export function CountrySelect({
  value,
  onChange,
  countries = COVERED,
  loadCountries,
  fees,
  disabled,
  id,
  label,
  className,
  classNames = {},
}: CountrySelectProps): ReactNode {
  const { tag } = useLocale()
  const t = useMessages(phoneInputMessagesEn)
  /** The search text the list is open with, `undefined` while it is closed. */
  const [openWith, setOpenWith] = useState<string | undefined>(undefined)
  const open = openWith !== undefined
  /** The list waits for its code or the region index before it opens. */
  const [loading, setLoading] = useState(false)
  const rootRef = useRef<HTMLDivElement>(null)
  const triggerRef = useRef<HTMLButtonElement>(null)
  const popoverId = useId()

  // `'all'` loads the region index as the list first opens, not as the picker mounts.
  const offered = usePhoneCountries(countries, false)
  const dialCode = value && offered.includes(value) ? getPhoneCountryCallingCode(value) : undefined
  const selectedName = dialCode !== undefined && value ? countryName(tag, value) : undefined

  /** What was typed on the button while the list was on its way: the search it opens with. */
  const typed = useRef('')
  const show = (text: string): void => {
    const more = loadCountries ?? (needsPhoneCountries(countries) && !isPhoneCountriesLoaded() ? loadPhoneCountries : undefined)
    if (loading) {
      typed.current += text
      return
    }
    if (!more && listModule) return setOpenWith(text)
    // The list opens once its code and every country are in (or, offline, with those known), so
    // that it does not grow from 14 to 245 under the user and move the option they are on.
    typed.current = text
    setLoading(true)
    const done = (): void => {
      setLoading(false)
      if (listModule) setOpenWith(typed.current)
    }
    void Promise.all([more?.().catch(() => undefined), preloadCountryList()]).then(done, done)
  }

  const close = useCallback((focusTrigger: boolean): void => {
    setOpenWith(undefined)
    if (focusTrigger) triggerRef.current?.focus()
  }, [])

  const pick = (iso2: PhoneCountryCode): void => {
    close(true)
    onChange?.(iso2)
  }

  const onTriggerKeyDown = (event: KeyboardEvent<HTMLButtonElement>): void => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault()
      show('')
    } else if (event.key.length === 1 && event.key !== ' ' && !event.ctrlKey && !event.metaKey && !event.altKey) {
      // Type-ahead: a letter or digit on the closed picker opens it searching for that.
      event.preventDefault()
      show(event.key)
    }
  }

  /**
   * Fetches the list's code, and the region index of a picker of every country, as the user
   * reaches for the button (hover, touch or press: Safari does not focus a clicked button), so that the list is usually in by the click (a failure is retried on
   * opening).
   */
  const preload = (): void => {
    if (!listModule) preloadCountryList().catch(() => undefined)
    if (!isPhoneCountriesLoaded() && needsPhoneCountries(countries)) void (loadCountries ?? loadPhoneCountries)().catch(() => undefined)
  }

  const triggerName = selectedName ? t('phone.countrySelected', { country: selectedName, dialCode: `+${dialCode}` }) : (label ?? t('phone.country'))
  const List = listModule?.CountryList

  return (
    <div ref={rootRef} className={cx('hakiki-country', className)} data-part="country" data-state={open ? 'open' : 'closed'} data-disabled={disabled ? '' : undefined}>
      <button
        ref={triggerRef}
        id={id}
        type="button"
        data-part="trigger"
        className={classNames.trigger}
        disabled={disabled}
        aria-label={triggerName}
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-controls={open ? popoverId : undefined}
        aria-busy={loading || undefined}
        data-loading={loading ? '' : undefined}
        onClick={() => (open ? close(true) : show(''))}
        onKeyDown={onTriggerKeyDown}
        onPointerEnter={preload}
        onPointerDown={preload}
        onFocus={preload}
      >
        {selectedName && value ? (
          <>
            <Flag country={value} className={classNames.flag} />
            <span data-part="dial-code" className={classNames.dialCode} dir="ltr">
              {`+${dialCode}`}
            </span>
          </>
        ) : (
          <span data-part="placeholder">{label ?? t('phone.country')}</span>
        )}
        <svg viewBox="0 0 10 6" width="10" height="6" aria-hidden="true" focusable="false" data-part="chevron">
          <path d="M1 1l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="1.5" />
        </svg>
      </button>
      {open && List && listModule && (
        <List countries={offered} value={value} initialQuery={openWith} fees={fees} id={popoverId} onPick={pick} onClose={close} root={rootRef} classNames={classNames} tag={tag} t={t} Flag={Flag} search={listModule.search} />
      )}
    </div>
  )
}
