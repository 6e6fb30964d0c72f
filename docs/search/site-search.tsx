import { AnchorMdx } from '@storybook/addon-docs/blocks'
import { sanitize } from 'storybook/internal/csf'
import { type ReactNode, useDeferredValue, useId, useMemo, useState } from 'react'

// Every page written in MDX (guides, hooks, the API reference), as text. The site's sidebar search
// matches page titles only; this page searches what the pages say.
const sources = import.meta.glob<string>('../**/*.mdx', { query: '?raw', import: 'default', eager: true })

/** One section of a page: the text under one heading. */
export interface SearchSection {
  page: string
  /** Storybook's id of the page's docs entry (`guides-security-and-abuse--docs`). */
  id: string
  heading: string
  text: string
}

/** Markdown and MDX markup off a line of text: what a reader sees of it. */
function plain(line: string): string {
  return line
    .replace(/\{\/\*.*?\*\/\}/g, '')
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[`*_]|<\/?[A-Za-z][^>]*>/g, '')
    .replace(/^\s*(#+|[-*]|\d+\.|\|)\s*|\s*\|\s*/g, ' ')
    .trim()
}

/** Cuts each MDX page into sections at its headings, with the page's title and id. */
export function indexPages(pages: Record<string, string>): SearchSection[] {
  const sections: SearchSection[] = []
  for (const source of Object.values(pages)) {
    const title = /<Meta\s+title="([^"]+)"/.exec(source)?.[1]
    if (!title || title === 'Search') continue
    const page = title.split('/').join(' / ')
    let current: SearchSection = { page, id: `${sanitize(title)}--docs`, heading: '', text: '' }
    sections.push(current)
    let fenced = false
    for (const line of source.split('\n')) {
      if (/^\s*(```|~~~)/.test(line)) fenced = !fenced
      if (!fenced && /^(import|export) /.test(line)) continue
      const heading = fenced ? undefined : /^#{1,4}\s+(.+)$/.exec(line)?.[1]
      if (heading) {
        const text = plain(heading)
        current = { page, id: current.id, heading: text, text: '' }
        sections.push(current)
      } else if (!/^\s*<Meta/.test(line)) {
        current.text += ` ${plain(line)}`
      }
    }
  }
  return sections
}

/** The sections containing every word of `query` (any case), best first: matched in the heading, then by page order. */
export function searchSections(sections: readonly SearchSection[], query: string): SearchSection[] {
  const words = query.toLowerCase().split(/\s+/).filter((word) => word.length > 0)
  if (words.length === 0) return []
  const found = sections.filter((section) => {
    const haystack = `${section.page} ${section.heading} ${section.text}`.toLowerCase()
    return words.every((word) => haystack.includes(word))
  })
  const inHeading = (section: SearchSection) => words.some((word) => section.heading.toLowerCase().includes(word))
  return found.toSorted((a, b) => Number(inHeading(b)) - Number(inHeading(a)))
}

/** Up to ~160 characters of `text` around the first word of `query`. */
function excerpt(text: string, query: string): string {
  const clean = text.replace(/\s+/g, ' ').trim()
  const first = query.toLowerCase().split(/\s+/).find(Boolean) ?? ''
  const at = Math.max(0, clean.toLowerCase().indexOf(first))
  const start = Math.max(0, at - 60)
  return `${start > 0 ? '…' : ''}${clean.slice(start, start + 160)}${start + 160 < clean.length ? '…' : ''}`
}

const SECTIONS = indexPages(sources)

/** A search box over the text of every guide and reference page, with links to the sections found. */
export function SiteSearch(): ReactNode {
  const [query, setQuery] = useState('')
  const deferred = useDeferredValue(query)
  const results = useMemo(() => searchSections(SECTIONS, deferred).slice(0, 30), [deferred])
  const inputId = useId()
  return (
    <search>
      <label htmlFor={inputId}>Search the guides and the reference</label>{' '}
      <input id={inputId} type="search" value={query} onChange={(event) => setQuery(event.target.value)} style={{ width: '100%', fontSize: 16, padding: 8 }} />
      {deferred.trim() === '' ? null : (
        <>
          <output>{results.length === 0 ? 'Nothing found.' : `${results.length === 30 ? '30 or more' : results.length} sections found.`}</output>
          <ul>
            {results.map((section) => (
              <li key={`${section.id}#${section.heading}`}>
                <AnchorMdx href={`?path=/docs/${section.id}`} target="_self">
                  {section.page}
                  {section.heading ? ` › ${section.heading}` : ''}
                </AnchorMdx>
                <br />
                <small>{excerpt(section.text, deferred)}</small>
              </li>
            ))}
          </ul>
        </>
      )}
    </search>
  )
}
