import { describe, expect, it } from 'vitest'
import type { Messages } from './messages-en'
import { messages as de } from './messages-de'
import { messages as hu } from './messages-hu'

/** Every sentence of a catalog, plural forms included, with its key. */
function sentences(catalog: Partial<Messages>): Array<[string, string]> {
  return Object.entries(catalog).flatMap(([key, message]) =>
    typeof message === 'string' ? [[key, message] as [string, string]] : Object.values(message ?? {}).map((form) => [key, form] as [string, string]),
  )
}

/**
 * The UI speaks to the user in the formal register where a language has one, as its SMS and
 * e-mail templates do (@hakiki/messages): German "Sie", Hungarian "Ön" (its verbs in the third
 * person: "Adja meg", "Próbálja"). Issue 25 found "Lieber anrufen" (colloquial) beside the Sie form.
 */
describe('the formal register of the de and hu catalogs', () => {
  it('German: no du/dich/dir/dein, nothing colloquial ("Lieber …")', () => {
    const informal = /\b(du|dich|dir|dein\p{L}*|lieber)\b/iu
    expect(sentences(de).filter(([, text]) => informal.test(text))).toEqual([])
    expect(sentences(de).some(([, text]) => /\bSie\b/u.test(text))).toBe(true)
  })

  it('Hungarian: no te/téged/neked/kérlek, no second-person imperative ("add meg", "írd be", "próbáld")', () => {
    // \b is ASCII-only in JavaScript: words are delimited by anything that is not a letter.
    const informal = /(?<!\p{L})(te|téged|neked|kérlek|add meg|írd be|küldd|próbáld|kattints|válassz)(?!\p{L})/iu
    expect(sentences(hu).filter(([, text]) => informal.test(text))).toEqual([])
    expect(sentences(hu).some(([, text]) => /(?<!\p{L})(Adja meg|Próbálja)(?!\p{L})/u.test(text))).toBe(true)
  })
})
