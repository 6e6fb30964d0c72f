// The built UI renders on a server, as a Next.js or Remix app would render it: react-dom/server in
// Node, no window, no document.
import { createMemoryAdapter } from '@hakiki/engine/memory-adapter'
import { VerificationFlow } from '@hakiki/ui'
import { createElement } from 'react'
import { renderToString } from 'react-dom/server'
import { afterEach, describe, expect, it, vi } from 'vitest'

afterEach(() => {
  vi.restoreAllMocks()
})

describe('the built @hakiki/ui', () => {
  it('renders VerificationFlow to HTML with react-dom/server, silently', () => {
    expect(typeof window).toBe('undefined')
    const errors = vi.spyOn(console, 'error')
    const warnings = vi.spyOn(console, 'warn')

    const html = renderToString(createElement(VerificationFlow, { adapter: createMemoryAdapter(), defaultCountry: 'GH', headingLevel: 2 }))

    expect(html).toMatch(/<h2[\s>]/)
    expect(html).toContain('type="tel"')
    expect(html).toContain('+233')
    expect(html).toContain('Verify your phone number')
    expect(errors).not.toHaveBeenCalled()
    expect(warnings).not.toHaveBeenCalled()
  })
})
