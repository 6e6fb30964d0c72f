/**
 * What the Getting started guide tells a reader who starts from a scaffold, read from the guide:
 * the Next.js steps are run whole by `fresh-scaffold.e2e.test.ts`; the Vite steps are checked here
 * (issue 25: the proxy was a dev dependency, and the Vite template's page-wide CSS went unsaid).
 */
import { describe, expect, it } from 'vitest'
import { readGuide, readNextGuideSteps, readViteGuideSteps } from './guide-steps'

const SERVER_PACKAGES = ['@hakiki/proxy', '@hakiki/verify-client']

describe('Getting started, from a scaffold', () => {
  it('Vite: the proxy and the Verify API client are dependencies (the production server runs them), only the sandbox a dev one', () => {
    const steps = readViteGuideSteps(readGuide())
    expect(steps.create).toMatch(/^npm create vite@latest \S+ -- --template react-ts$/)
    expect(steps.dependencies).toEqual(expect.arrayContaining(['@hakiki/ui', '@hakiki/react', '@hakiki/core', ...SERVER_PACKAGES]))
    expect(steps.devDependencies).toEqual(['@hakiki/sandbox'])
  })

  it("Vite: the reader is told to drop the template's page-wide CSS (src/index.css) and why", () => {
    const { text } = readViteGuideSteps(readGuide())
    // The line to delete, where it is, and what the template's rules do to the flow.
    expect(text).toContain("import './index.css'")
    expect(text).toContain('src/main.tsx')
    expect(text).toMatch(/h1[\s\S]{0,40}56 px/)
    expect(text).toMatch(/centred/)
  })

  it('Next.js: the same split of dependencies', () => {
    const steps = readNextGuideSteps(readGuide())
    expect(steps.dependencies).toEqual(expect.arrayContaining(SERVER_PACKAGES))
    expect(steps.devDependencies).toEqual(['@hakiki/sandbox'])
  })
})
