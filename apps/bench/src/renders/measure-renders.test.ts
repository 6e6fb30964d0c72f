import { describe, expect, it } from 'vitest'
import { RENDER_CANDIDATES } from './candidates'
import { measureRenders } from './measure-renders'

// Smoke test of `pnpm bench:renders`: one run of our CodeInput and PhoneInput in Chromium. Commit
// counts are deterministic (unlike timings), so the goal of the benchmark is checked too: one
// commit per key press, siblings never re-rendered.
describe('measureRenders (one run)', () => {
  it('types into our fields and counts one commit per key and none in the siblings', async () => {
    const ours = RENDER_CANDIDATES.filter((c) => c.kind === 'hakiki')
    const result = await measureRenders({ runs: 1, candidates: ours })
    expect(result.chromium).toMatch(/^\d+\./)
    expect(result.candidates.map((c) => c.name)).toEqual(['hakiki-code-input', 'hakiki-phone-input'])
    for (const candidate of result.candidates) {
      expect(candidate.keystrokes).toBe(candidate.text.length)
      expect(candidate.finalValue.replace(/\D/g, '')).toBe(candidate.text)
      expect(candidate.commitsPerKey).toEqual({ mean: 1, max: 1 })
      expect(candidate.siblingCommits).toBe(0)
      expect(candidate.keyToCommitMs.count).toBe(candidate.text.length)
      expect(candidate.keyToPaintMs.count).toBe(candidate.text.length)
    }
  })
})
