/**
 * The Orca script's checks on recorded transcripts (`node --test orca/`, run by `pnpm --filter
 * @hakiki/ui orca` before Orca starts): a run as it should be passes, and each way a screen reader
 * user was (or could be) told the flow wrong is caught — said twice, missing, out of order.
 */
import { readFileSync } from 'node:fs'
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { checkTranscript, parseSpeech } from './check-transcript.mjs'

/**
 * `transcript.txt`: the last passing run as the script prints it (`HH:MM:SS.micro  text`, or only
 * the text as in the accessibility guide), its `# step` lines left out.
 */
const good = readFileSync(new URL('transcript.txt', import.meta.url), 'utf8')
  .split('\n')
  .filter((line) => line.trim() !== '' && !line.startsWith('#'))
  .map((line) => ({ at: '', text: line.replace(/^\d\d:\d\d:\d\d\.\d+\s+/, '').trim() }))

/** The good run with `edit` applied to its texts (a copy). */
function edited(edit) {
  const texts = good.map((l) => l.text)
  edit(texts)
  return texts.map((text) => ({ at: '', text }))
}

/** How many lines of the good run match `pattern`. */
const count = (pattern) => good.filter((l) => pattern.test(l.text)).length

/** Index of the `n`th (0-based) line matching `pattern`. */
function nth(texts, pattern, n = 0) {
  let seen = -1
  const index = texts.findIndex((t) => pattern.test(t) && ++seen === n)
  assert.notEqual(index, -1, `no line ${n} matching ${pattern}`)
  return index
}

test('the last passing run passes', () => {
  assert.ok(good.length > 60)
  assert.deepEqual(checkTranscript(good), [])
})

test('reads Orca’s debug log: speech only, key echo out, isolates and no-break spaces normalised', () => {
  const log = [
    "10:00:00.000001 - SPEECH OUTPUT: 'Verification code entry.'[]",
    "10:00:00.000002 - SPEECH OUTPUT: '1 '[]",
    "10:00:00.000003 - SPEECH OUTPUT: 'selected'[]",
    '10:00:00.000004 - KEYBOARD EVENT: 1',
    "10:00:00.000005 - SPEECH OUTPUT: '\u2068+233\u00a024\u00a0123\u00a04567\u2069 is verified.'{}",
  ].join('\n')
  assert.deepEqual(parseSpeech(log), [
    { at: '10:00:00.000001', text: 'Verification code entry.' },
    { at: '10:00:00.000005', text: '+233 24 123 4567 is verified.' },
  ])
})

test('the same number signed up twice, heard wrong (session 3): no "Checking the code…", "… is verified." twice', () => {
  const checking = count(/^Checking the code…$/)
  const verified = count(/ is verified\.$/)
  // The last round signs the first number up again: its "Checking" lost, its verdict said twice.
  const texts = edited((t) => {
    t.splice(nth(t, /^Checking the code…$/, checking - 1), 1)
    t.push(t[nth(t, / is verified\.$/, verified - 1)])
  })
  const problems = checkTranscript(texts)
  assert.ok(problems.includes(`said ${checking - 1} times, expected ${checking}: checking`), problems.join('\n'))
  assert.ok(problems.includes(`said ${verified + 1} times, expected ${verified}: verified`), problems.join('\n'))
})

test('"Checking the code…" said twice in a row is caught', () => {
  const texts = edited((t) => {
    const at = nth(t, /^Checking the code…$/, 0)
    t.splice(at, 0, 'Checking the code…')
  })
  assert.notDeepEqual(checkTranscript(texts), [])
})

test('"New code sent." said twice is caught', () => {
  const texts = edited((t) => {
    const at = nth(t, /^New code sent\.$/, 1)
    t.splice(at + 1, 0, 'Focus mode', 'New code sent.')
  })
  assert.notDeepEqual(checkTranscript(texts), [])
})

test('a wrong code said again after something else is caught (not only twice in a row)', () => {
  const texts = edited((t) => {
    const wrong = t[nth(t, /^That code is not right/, 0)]
    // After the next "Checking the code…" (the one of the code that locks).
    t.splice(nth(t, /^Checking the code…$/, 1) + 1, 0, wrong)
  })
  assert.notDeepEqual(checkTranscript(texts), [])
})

test('an outcome heard in another place than its own is caught: "New code sent." before "Sending a new code…"', () => {
  const texts = edited((t) => {
    const sending = nth(t, /^Sending a new code…$/, 0)
    const sent = nth(t, /^New code sent\.$/, 0)
    ;[t[sending], t[sent]] = [t[sent], t[sending]]
  })
  assert.notDeepEqual(checkTranscript(texts), [])
})

test('a missing outcome is caught: the expired heading not announced', () => {
  const texts = edited((t) => t.splice(nth(t, /^Your code has expired heading/), 1))
  assert.ok(checkTranscript(texts).some((p) => /expired heading/.test(p)))
})
