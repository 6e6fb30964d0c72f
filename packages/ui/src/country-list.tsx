'use client'
import { loadCountryAliases, type CountryEntry, type CountrySearch } from '@hakiki/core'
// Core's country search comes in this chunk (one request as the list first opens, not two);
// `CountrySelect` hands it its dependencies as the chunk arrives (`withCountrySearchDeps`).
export { countryEntries, searchCountries, provideCountrySearchDeps } from '@hakiki/core/country-search'
import type { PhoneCountryCode } from '@hakiki/react'
import { useEffect, useLayoutEffect, useMemo, useRef, useState, type ComponentType, type KeyboardEvent, type ReactNode } from 'react'
import type { CountrySelectClassNames } from './country-select'
import type { FlagProps } from './flags'
import type { Translate } from './i18n/locale-context'
import type { phoneInputMessagesEn } from './i18n/messages-en'

/*
 * This module imports nothing of this package but types: what it needs of it (the locale, the
 * messages, the flags) comes from `CountrySelect` as props. esbuild puts a module that both the
 * package entry and a lazily loaded chunk import in an up-front chunk of *every* bundle of the
 * package, even one that never shows a country list (a `CodeInput` alone would carry the flags).
 */

/** How long typing in the search must pause before the number of matches is said. */
const COUNT_ANNOUNCE_DELAY_MS = 700

/** A row's height before one is measured (the theme's: 0.5rem padding around a 1.5em line). */
const ROW_ESTIMATE_PX = 40
/** The list's height before it is measured (the theme's `max-block-size: 16rem`). */
const VIEWPORT_ESTIMATE_PX = 256

/**
 * The theme's sizes in this page: a row is 0.5rem of padding around a line of the picker's text
 * (as tall as the line in its button, which the page's `line-height` sets), the list 16rem. Right,
 * the list's first frame is its only render; wrong (another theme), the rows are measured and
 * rendered again before that frame, as they would be without it.
 */
function estimateSizes(root: HTMLElement | null): { row: number; viewport: number } {
  const line = root?.querySelector('[data-part="trigger"] > span')?.getBoundingClientRect().height
  const view = root?.ownerDocument.defaultView
  const rem = view ? Number.parseFloat(view.getComputedStyle(view.document.documentElement).fontSize) : Number.NaN
  if (!line || !(rem > 0)) return { row: ROW_ESTIMATE_PX, viewport: VIEWPORT_ESTIMATE_PX }
  return { row: Math.round(line + rem), viewport: Math.round(16 * rem) }
}
/**
 * Rows rendered beyond each edge of what shows, so that a quick scroll does not meet a blank: from
 * the task after the open list's first frame on. That frame has the rows in view alone (about 7,
 * not 23), since building rows no one sees yet would only delay the list's first paint.
 */
const OVERSCAN = 8

/** Props of {@link CountryList}. */
export interface CountryListProps {
  /** The countries offered, as region codes. */
  countries: readonly PhoneCountryCode[]
  /** The chosen country: the active option as the list opens. */
  value: PhoneCountryCode | undefined
  /** The search text the list opens with (a letter typed on the closed picker). */
  initialQuery: string
  /** Prices per country, formatted. */
  fees: Partial<Record<PhoneCountryCode, string>> | undefined
  /** Id of the panel (the trigger's `aria-controls`). */
  id: string
  /** Called with the country picked (Enter, or a click on an option). */
  onPick: (country: PhoneCountryCode) => void
  /** Called when the list closes without a pick: `true` to give the focus back to the trigger. */
  onClose: (focusTrigger: boolean) => void
  /** The picker's root, inside which a press does not close the list. */
  root: { readonly current: HTMLElement | null }
  /** Classes of the parts. */
  classNames: CountrySelectClassNames
  /** The UI's language (BCP 47): the countries' names and their order. */
  tag: string
  /** The phone field's messages in the UI's language. */
  t: Translate<keyof typeof phoneInputMessagesEn>
  /** Draws a country's flag. */
  Flag: ComponentType<FlagProps>
  /** The names and search (core's `@hakiki/core/country-search`, in this module's chunk, given its dependencies). */
  search: CountrySearch
}

/** Offset of the first shown row, so that row `index` shows whole within a scroll position of `top` (`block: 'nearest'`). */
function scrollToShow(top: number, viewport: number, row: number, index: number): number {
  const start = index * row
  if (start < top) return start
  if (start + row > top + viewport) return start + row - viewport
  return top
}

/**
 * The open country list of `CountrySelect`, a chunk of its own fetched as the picker is first
 * hovered, focused or opened: a search box (the WAI-ARIA combobox, which keeps the focus and points
 * at the active option with `aria-activedescendant`) over a listbox. The listbox renders the rows
 * in view (and a few beyond), each option telling its place among all with `aria-setsize` and
 * `aria-posinset`, the active one always among them: opening 245 countries builds some 25 rows,
 * not 245 (`pnpm bench:list`). Rows are measured, so a theme with other row heights scrolls right.
 */
export function CountryList({ countries, value, initialQuery, fees, id, onPick, onClose, root, classNames, tag, t, Flag, search }: CountryListProps): ReactNode {
  const [query, setQuery] = useState(initialQuery)
  /** The option the arrows are on; -1: the chosen country (as the list opens without a search). */
  const [active, setActive] = useState(initialQuery ? 0 : -1)
  const searchRef = useRef<HTMLInputElement>(null)
  const listRef = useRef<HTMLDivElement>(null)
  const listboxId = `${id}-listbox`

  const { countryEntries, searchCountries } = search
  const entries = useMemo(() => countryEntries(tag, countries), [countryEntries, tag, countries])
  // The search's readings and common names load with the list (a chunk of core).
  const [aliasesLoaded, setAliasesLoaded] = useState(false)
  useEffect(() => {
    let live = true
    void loadCountryAliases().then(
      () => live && setAliasesLoaded(true),
      () => {},
    )
    return () => {
      live = false
    }
  }, [])
  // Searched again once the aliases are in, only when there is a search (they change no order otherwise).
  const aliasKey = query && aliasesLoaded
  // oxlint-disable-next-line react/exhaustive-deps, react-hooks/exhaustive-deps, react/memo-dependencies
  const shown = useMemo(() => searchCountries(entries, query), [searchCountries, entries, query, aliasKey])
  const activeIndex = active < 0 ? Math.max(0, shown.findIndex((c) => c.iso2 === value)) : Math.min(active, shown.length - 1)
  const activeEntry: CountryEntry | undefined = shown[activeIndex]
  const optionId = (iso2: string): string => `${listboxId}-${iso2}`

  // The window of rows: from the list's scroll position and measured sizes.
  const [overscan, setOverscan] = useState(0)
  useEffect(() => {
    // After the first frame of the open list (a frame, then a task): not in this commit's own task.
    let timer: ReturnType<typeof setTimeout> | undefined
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setOverscan(OVERSCAN))
    })
    return () => {
      cancelAnimationFrame(frame)
      clearTimeout(timer)
    }
  }, [])
  const [estimate] = useState(() => estimateSizes(root.current))
  const [row, setRow] = useState(estimate.row)
  const [viewport, setViewport] = useState(estimate.viewport)
  const [scrollTop, setScrollTop] = useState(() => scrollToShow(0, estimate.viewport, estimate.row, activeIndex))
  const first = Math.max(0, Math.floor(scrollTop / row) - overscan)
  const last = Math.min(shown.length, Math.ceil((scrollTop + viewport) / row) + overscan)
  // The active option is always rendered (aria-activedescendant must point at an element).
  const rows = shown.slice(first, last)
  if (activeEntry && (activeIndex < first || activeIndex >= last)) rows.push(activeEntry)
  // The longest name sizes the panel (its width is the content's), not the rows that happen to show.
  const widest = useMemo(() => shown.reduce<CountryEntry | undefined>((a, c) => (a && a.name.length >= c.name.length ? a : c), undefined), [shown])

  // Focus moves into the search box in the commit that shows the list (a layout effect), not a
  // frame later: what a screen reader reads next is the list's.
  useLayoutEffect(() => {
    searchRef.current?.focus()
  }, [])

  // Measures a row and the list's height once (a theme may differ from the estimates), then keeps
  // the active option in view (`block: 'nearest'`). Measured once, not on every change: a row of a
  // long name may bring a horizontal scrollbar and take it away again as the rows change.
  const measured = useRef(false)
  useLayoutEffect(() => {
    const list = listRef.current
    if (!list) return
    if (!measured.current) {
      const [a, b] = list.querySelectorAll<HTMLElement>('[role="option"]')
      const height = a && b && b.offsetTop > a.offsetTop ? b.offsetTop - a.offsetTop : a?.offsetHeight
      if (!height) return
      measured.current = true
      // A list opened on a short search is short: the estimate stands for its full height.
      const full = Math.max(list.clientHeight, estimate.viewport)
      if (height !== row || full !== viewport) {
        setRow(height)
        setViewport(full)
        return
      }
    }
    const top = scrollToShow(list.scrollTop, Math.min(list.clientHeight || viewport, viewport), row, activeIndex)
    if (top !== list.scrollTop) list.scrollTop = top
    setScrollTop(list.scrollTop)
    // Only when the active option or the sizes change, not on every scroll.
    // oxlint-disable-next-line react/exhaustive-deps, react-hooks/exhaustive-deps
  }, [activeIndex, row, viewport, shown])

  // The number of matches is said once typing pauses, not at each keystroke (a screen reader
  // would queue "12 countries", "3 countries", "1 country" behind the letters it echoes).
  const countText = query ? t('phone.countryResults', { count: shown.length }) : ''
  const [announcedCount, setAnnouncedCount] = useState('')
  useEffect(() => {
    const timer = setTimeout(() => setAnnouncedCount(countText), COUNT_ANNOUNCE_DELAY_MS)
    return () => clearTimeout(timer)
  }, [countText])

  // Close on a press outside; focus leaving the panel is handled by its onBlur.
  useEffect(() => {
    const doc = root.current?.ownerDocument
    const onPointerDown = (event: PointerEvent): void => {
      if (!root.current?.contains(event.target as Node)) onClose(false)
    }
    doc?.addEventListener('pointerdown', onPointerDown)
    return () => doc?.removeEventListener('pointerdown', onPointerDown)
  }, [root, onClose])

  const onSearchKeyDown = (event: KeyboardEvent<HTMLInputElement>): void => {
    const end = shown.length - 1
    const moves: Record<string, number> = {
      ArrowDown: Math.min(activeIndex + 1, end),
      ArrowUp: Math.max(activeIndex - 1, 0),
      PageDown: Math.min(activeIndex + 10, end),
      PageUp: Math.max(activeIndex - 10, 0),
    }
    const to = moves[event.key]
    if (to !== undefined) {
      event.preventDefault()
      setActive(Math.max(0, to))
    } else if (event.key === 'Enter') {
      // Enter picks and must not submit the form around the field.
      event.preventDefault()
      if (activeEntry) onPick(activeEntry.iso2)
    } else if (event.key === 'Escape') {
      event.preventDefault()
      event.stopPropagation()
      onClose(true)
    } else if (event.key === 'Tab') {
      onClose(false)
    }
  }

  const option = (c: CountryEntry, index: number, sizer?: boolean): ReactNode => {
    const fee = fees?.[c.iso2]
    const isActive = !sizer && c === activeEntry
    const parts = (
      <>
        {/* The sizer's flag is its frame alone: drawing it would fetch a chunk of flags for nothing. */}
        {sizer ? <svg viewBox="0 0 30 20" aria-hidden="true" focusable="false" data-part="flag" className={classNames.flag} /> : <Flag country={c.iso2} className={classNames.flag} />}
        <span data-part="name">{c.name}</span>
        {fee && (
          <span data-part="fee" className={classNames.fee}>
            {t('phone.feePerSms', { fee })}
          </span>
        )}
        <span data-part="dial-code" className={classNames.dialCode} dir="ltr">
          {`+${c.dialCode}`}
        </span>
      </>
    )
    // Sizes the panel's width as the widest row would, showing nothing and taking no height.
    if (sizer) {
      return (
        <div aria-hidden="true" data-part="option" className={classNames.option} style={{ blockSize: 0, paddingBlock: 0, overflow: 'hidden', visibility: 'hidden' }}>
          {parts}
        </div>
      )
    }
    return (
      // Options take no focus: in the combobox pattern the search box keeps it.
      // oxlint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/interactive-supports-focus
      <div
        key={c.iso2}
        id={optionId(c.iso2)}
        // oxlint-disable-next-line jsx-a11y/prefer-tag-over-role
        role="option"
        // The option the arrows are on is the selected one (the combobox pattern); the country
        // already chosen is marked for the eyes by data-chosen.
        aria-selected={isActive}
        aria-setsize={shown.length}
        aria-posinset={index + 1}
        data-chosen={c.iso2 === value ? '' : undefined}
        data-part="option"
        data-country-option={c.iso2}
        data-active={isActive ? '' : undefined}
        className={classNames.option}
        // Keep focus in the search box so that the combobox stays the one focus point.
        onMouseDown={(event) => event.preventDefault()}
        onClick={() => onPick(c.iso2)}
      >
        {parts}
      </div>
    )
  }

  return (
    <div
      id={id}
      data-part="popover"
      className={classNames.popover}
      onBlur={(event) => {
        // The page losing focus (the user switched to another window or app) is not leaving the
        // list: the browser gives the focus back to the search box on return, so the list stays.
        if (!event.currentTarget.ownerDocument.hasFocus()) return
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) onClose(false)
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
          which owns the options through aria-activedescendant. The rows out of view are blank space. */}
      <div
        ref={listRef}
        id={listboxId}
        // oxlint-disable-next-line jsx-a11y/prefer-tag-over-role
        role="listbox"
        aria-label={t('phone.country')}
        data-part="listbox"
        className={classNames.listbox}
        onScroll={(event) => setScrollTop(event.currentTarget.scrollTop)}
      >
        {first > 0 && <div aria-hidden="true" style={{ blockSize: first * row }} />}
        {rows.map((c, i) => option(c, i < last - first ? first + i : activeIndex))}
        {last < shown.length && <div aria-hidden="true" style={{ blockSize: (shown.length - last) * row }} />}
        {widest && option(widest, -1, true)}
      </div>
      {shown.length === 0 && (
        <p data-part="empty" className={classNames.empty}>
          {t('phone.noCountryMatches', { query })}
        </p>
      )}
      <output data-part="sr-only">{announcedCount}</output>
    </div>
  )
}
