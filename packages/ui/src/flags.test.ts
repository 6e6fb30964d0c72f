import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { loadPhoneRegionIndex } from '@hakiki/core'
import { Flag, preloadFlags } from './flags'
import { flagChunks } from './flags-chunks.gen'

describe('Flag', () => {
  it('is an empty frame on the server until its chunk is in', () => {
    expect(renderToStaticMarkup(createElement(Flag, { country: 'IS' }))).toContain('data-flag="placeholder"')
  })

  it('draws every region of the phone field from the chunk it picks, and nothing that fetches, runs or clashes', async () => {
    const { PHONE_REGIONS } = await loadPhoneRegionIndex()
    await preloadFlags(PHONE_REGIONS)
    const markup = PHONE_REGIONS.map((iso2) => renderToStaticMarkup(createElement(Flag, { country: iso2 })))
    expect(PHONE_REGIONS.filter((_, i) => markup[i]?.includes('data-flag'))).toEqual([])
    expect(markup.filter((m) => /<(image|use|script|foreignObject|text)\b|href=|\son\w+=|url\(|\sid=/.test(m))).toEqual([])
    // Each region in exactly one chunk (a stale index would draw a region from no chunk, or two).
    const chunks = await Promise.all(flagChunks.map((load) => load()))
    expect(chunks.flatMap((chunk) => Object.keys(chunk.flags)).toSorted()).toEqual([...PHONE_REGIONS].toSorted())
    // Few chunks: webpack's runtime lists each chunk's file up front.
    expect(chunks.length).toBeLessThanOrEqual(8)
  })

  it('a code without a flag stays a frame', async () => {
    await preloadFlags(['QQ'])
    expect(renderToStaticMarkup(createElement(Flag, { country: 'QQ' }))).toContain('data-flag="placeholder"')
  })
})
