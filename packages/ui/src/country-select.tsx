'use client'
import { COUNTRIES, isPhoneCountriesLoaded, loadCountryAliases, loadPhoneCountries, needsPhoneCountries } from '@hakiki/core'
import { usePhoneCountries, type PhoneCountries, type PhoneCountryCode } from '@hakiki/react'
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react'
import { cx } from './class-names'
import { countryEntries, searchCountries } from './country-names'
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

/** How long typing in the search must pause before the number of matches is said. */
const COUNT_ANNOUNCE_DELAY_MS = 700

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

/**
 * Country picker: a button showing the flag and dialing code that opens a searchable list,
 * following the WAI-ARIA combobox pattern (search box with `aria-activedescendant` over a
 * listbox). Type a letter on the button to open it searching; arrows and Page Up/Down move (Home
 * and End stay with the search text's caret); Enter picks; Escape closes. The search ranks names
 * that start with the text first, and knows common aliases ("Ivory Coast", "SA", "UK") and each
 * country's own name ("Deutschland"). Names come from `Intl.DisplayNames` in the current locale;
 * flags are inline SVG (a lettered tile beyond the covered 14), so the picker makes no network
 * request. All 245 countries render as plain options when the list opens: measured in Chromium
 * (`phone-input-countries.browser.test.tsx`) at about 150–400 ms (first open slowest) with React's development build on
 * a busy 2-core machine (the 14: about 20 ms), several times less in production; once per pick,
 * that did not justify virtualising a combobox (and the screen-reader trouble that brings).
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
  const [open, setOpen] = useState(false)
  const [query, setQuery] = useState('')
  /** The option the arrows are on; -1: the chosen country (set as the list opens). */
  const [active, setActive] = useState(0)
  /** The list waits for the region index before it opens. */
  const [loading, setLoading] = useState(false)
  const rootRef = useRef<HTMLDivElement>(null)
  const triggerRef = useRef<HTMLButtonElement>(null)
  const searchRef = useRef<HTMLInputElement>(null)
  const listRef = useRef<HTMLDivElement>(null)
  const listboxId = useId()
  const popoverId = useId()

  // `'all'` loads the region index as the list first opens, not as the picker mounts.
  const offered = usePhoneCountries(countries, false)
  const entries = useMemo(() => countryEntries(tag, offered), [tag, offered])
  // The search's readings and common names load with the list's first opening (a chunk of core).
  const [aliasesLoaded, setAliasesLoaded] = useState(false)
  useEffect(() => {
    if (open && !aliasesLoaded) void loadCountryAliases().then(() => setAliasesLoaded(true), () => {})
  }, [open, aliasesLoaded])
  // `aliasesLoaded`: searchCountries reads the aliases core has loaded; search again once they are.
  // oxlint-disable-next-line react/exhaustive-deps, react-hooks/exhaustive-deps, react/memo-dependencies
  const shown = useMemo(() => searchCountries(entries, query), [entries, query, aliasesLoaded])
  const selected = entries.find((c) => c.iso2 === value)
  const activeIndex = active < 0 ? Math.max(0, shown.findIndex((c) => c.iso2 === value)) : Math.min(active, shown.length - 1)
  const activeEntry = shown[activeIndex]
  const optionId = (iso2: string): string => `${listboxId}-${iso2}`

  useEffect(() => {
    if (open) searchRef.current?.focus()
  }, [open])

  // The number of matches is said once typing pauses, not at each keystroke (a screen reader
  // would queue "12 countries", "3 countries", "1 country" behind the letters it echoes).
  const countText = query ? t('phone.countryResults', { count: shown.length }) : ''
  const [announcedCount, setAnnouncedCount] = useState('')
  useEffect(() => {
    const timer = setTimeout(() => setAnnouncedCount(countText), COUNT_ANNOUNCE_DELAY_MS)
    return () => clearTimeout(timer)
  }, [countText])

  useEffect(() => {
    if (!open || !activeEntry) return
    const el = listRef.current?.querySelector(`[data-country-option="${activeEntry.iso2}"]`)
    el?.scrollIntoView?.({ block: 'nearest' })
  }, [open, activeEntry])

  // Close on a press outside; focus leaving the panel is handled by its onBlur.
  useEffect(() => {
    if (!open) return
    const doc = rootRef.current?.ownerDocument
    const onPointerDown = (event: PointerEvent): void => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false)
    }
    doc?.addEventListener('pointerdown', onPointerDown)
    return () => doc?.removeEventListener('pointerdown', onPointerDown)
  }, [open])

  const openWith = (text: string): void => {
    const more = loadCountries ?? (needsPhoneCountries(countries) && !isPhoneCountriesLoaded() ? loadPhoneCountries : undefined)
    const show = (): void => {
      setLoading(false)
      setQuery(text)
      setActive(text ? 0 : -1)
      setOpen(true)
    }
    if (loading) return
    if (!more) return show()
    // The list opens once every country is in (or, offline, with those known), so that it does not
    // grow from 14 to 245 under the user and move the option they are on; one announcement.
    setLoading(true)
    more().then(show, show)
  }

  const close = (focusTrigger: boolean): void => {
    setOpen(false)
    setQuery('')
    if (focusTrigger) triggerRef.current?.focus()
  }

  const pick = (iso2: PhoneCountryCode): void => {
    close(true)
    onChange?.(iso2)
  }

  const onTriggerKeyDown = (event: KeyboardEvent<HTMLButtonElement>): void => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault()
      openWith('')
    } else if (event.key.length === 1 && event.key !== ' ' && !event.ctrlKey && !event.metaKey && !event.altKey) {
      // Type-ahead: a letter or digit on the closed picker opens it searching for that.
      event.preventDefault()
      openWith(event.key)
    }
  }

  const onSearchKeyDown = (event: KeyboardEvent<HTMLInputElement>): void => {
    const last = shown.length - 1
    const moves: Record<string, number> = {
      ArrowDown: Math.min(activeIndex + 1, last),
      ArrowUp: Math.max(activeIndex - 1, 0),
      PageDown: Math.min(activeIndex + 10, last),
      PageUp: Math.max(activeIndex - 10, 0),
    }
    const to = moves[event.key]
    if (to !== undefined) {
      event.preventDefault()
      setActive(Math.max(0, to))
    } else if (event.key === 'Enter') {
      // Enter picks and must not submit the form around the field.
      event.preventDefault()
      if (activeEntry) pick(activeEntry.iso2)
    } else if (event.key === 'Escape') {
      event.preventDefault()
      event.stopPropagation()
      close(true)
    } else if (event.key === 'Tab') {
      close(false)
    }
  }

  const triggerName = selected
    ? t('phone.countrySelected', { country: selected.name, dialCode: `+${selected.dialCode}` })
    : (label ?? t('phone.country'))

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
        onClick={() => (open ? close(true) : openWith(''))}
        onKeyDown={onTriggerKeyDown}
      >
        {selected ? (
          <>
            <Flag country={selected.iso2} className={classNames.flag} />
            <span data-part="dial-code" className={classNames.dialCode} dir="ltr">
              {`+${selected.dialCode}`}
            </span>
          </>
        ) : (
          <span data-part="placeholder">{label ?? t('phone.country')}</span>
        )}
        <svg viewBox="0 0 10 6" width="10" height="6" aria-hidden="true" focusable="false" data-part="chevron">
          <path d="M1 1l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="1.5" />
        </svg>
      </button>
      {open && (
        <div
          id={popoverId}
          data-part="popover"
          className={classNames.popover}
          onBlur={(event) => {
            if (!event.currentTarget.contains(event.relatedTarget as Node | null)) close(false)
          }}
        >
          <input
            ref={searchRef}
            type="text"
            role="combobox"
            data-part="search"
            className={classNames.search}
            aria-label={t('phone.countrySearch')}
            placeholder={t('phone.countrySearch')}
            aria-autocomplete="list"
            aria-expanded="true"
            aria-controls={listboxId}
            aria-activedescendant={activeEntry ? optionId(activeEntry.iso2) : undefined}
            autoComplete="off"
            spellCheck={false}
            value={query}
            onChange={(event) => {
              setQuery(event.target.value)
              setActive(0)
            }}
            onKeyDown={onSearchKeyDown}
          />
          {/* The APG listbox is built from divs: a native <select> or <datalist> can show neither flags
              nor fees, nor filter as the search box is typed in. Keys are handled by the search box,
              which owns the options through aria-activedescendant. */}
          {/* oxlint-disable-next-line jsx-a11y/prefer-tag-over-role */}
          <div ref={listRef} id={listboxId} role="listbox" aria-label={t('phone.country')} data-part="listbox" className={classNames.listbox}>
            {shown.map((c) => {
              const fee = fees?.[c.iso2]
              return (
                // Options take no focus: in the combobox pattern the search box keeps it.
                // oxlint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/interactive-supports-focus
                <div
                  key={c.iso2}
                  id={optionId(c.iso2)}
                  // oxlint-disable-next-line jsx-a11y/prefer-tag-over-role
                  role="option"
                  // The option the arrows are on is the selected one (the combobox pattern); the
                  // country already chosen is marked for the eyes by data-chosen.
                  aria-selected={c === activeEntry}
                  data-chosen={c.iso2 === value ? '' : undefined}
                  data-part="option"
                  data-country-option={c.iso2}
                  data-active={c === activeEntry ? '' : undefined}
                  className={classNames.option}
                  // Keep focus in the search box so that the combobox stays the one focus point.
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={() => pick(c.iso2)}
                >
                  <Flag country={c.iso2} className={classNames.flag} />
                  <span data-part="name">{c.name}</span>
                  {fee && (
                    <span data-part="fee" className={classNames.fee}>
                      {t('phone.feePerSms', { fee })}
                    </span>
                  )}
                  <span data-part="dial-code" className={classNames.dialCode} dir="ltr">
                    {`+${c.dialCode}`}
                  </span>
                </div>
              )
            })}
          </div>
          {shown.length === 0 && (
            <p data-part="empty" className={classNames.empty}>
              {t('phone.noCountryMatches', { query })}
            </p>
          )}
          <output data-part="sr-only">{announcedCount}</output>
        </div>
      )}
    </div>
  )
}
