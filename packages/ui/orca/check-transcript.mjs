/**
 * What Orca's debug log says it spoke, and the checks of it, apart from the run so that they can be
 * tested on recorded transcripts (`check-transcript.test.mjs`, `node --test`).
 */

/** Each "SPEECH OUTPUT" line of Orca's debug log `text`, as `{ at, text }`; key echo left out. */
export function parseSpeech(text) {
  const lines = []
  for (const match of text.matchAll(/^(\d\d:\d\d:\d\d\.\d+) - SPEECH OUTPUT: (['"])(.*)\2(?:\{|\[)/gm)) {
    // Bidi isolates out, no-break spaces (inside phone numbers) as spaces.
    const said = match[3].replace(/[\u2066-\u2069]/g, '').replace(/\u00a0/g, ' ')
    // Key echo: one key name and a space ("1 ", "return "), and the selection it makes.
    if (/^\S+ $/.test(said) || said === 'selected' || /^\d$/.test(said)) continue
    lines.push({ at: match[1], text: said.trim() })
  }
  return lines
}

/**
 * What tells the user how the flow went — the live region's sentences and the headings focus moves
 * to — by a short name. Each of these must be heard exactly where the run expects it: one more is
 * a sentence said twice, one fewer a sentence missing.
 */
const OUTCOMES = [
  ['sending', /^Sending the code…$/],
  ['sending again', /^Sending a new code…$/],
  ['new code sent', /^New code sent\.$/],
  ['checking', /^Checking the code…$/],
  ['wrong code', /^That code is not right/],
  ['locked heading', /^Too many wrong codes heading/],
  ['locked', /^For your security, this code no longer works/],
  ['expired heading', /^Your code has expired heading/],
  ['expired', /^Codes work for a limited time/],
  ['verified heading', /^Verified heading/, 'verified'],
  ['verified', / is verified\.$/, 'verified'],
]

/** The short name of the outcome `text` says, if it says one. */
const outcomeOf = (text) => OUTCOMES.find(([, pattern]) => pattern.test(text))?.[0]

/**
 * What the run must hear, in order: `[what, pattern, outcome?]` (`outcome`: its short name, if it is one). The script's keys make it so: a number by
 * SMS, a resend, two wrong codes (locked), a new code, its expiry, a new code and the right one;
 * then again by call (another number), by e-mail, and by SMS with the first number.
 */
export const EXPECTED = [
  ['Sending the code…', /^Sending the code…$/, 'sending'],
  ['the code field on arrival', /^Verification code entry/],
  ['where the code went (its description)', /^We sent a code by SMS to \+233 24 123 4567\. Enter the 6-digit code\./],
  ['Resend code', /^Resend code/],
  ['Sending a new code…', /^Sending a new code…$/, 'sending again'],
  ['the code field again', /^Verification code entry/],
  ['New code sent.', /^New code sent\.$/, 'new code sent'],
  ['Checking the code…', /^Checking the code…$/, 'checking'],
  ['the wrong code', /^That code is not right\. 1 attempt left\.$/, 'wrong code'],
  ['Checking the code…', /^Checking the code…$/, 'checking'],
  ['the locked heading', /^Too many wrong codes heading/, 'locked heading'],
  ['what to do after the lock, with the wait', /^For your security, this code no longer works\. Send a new code to continue\. You can ask for a new code in \d+ seconds?\.$|^For your security, this code no longer works\. Send a new code to continue\.$/, 'locked'],
  ['Send a new code', /^Send a new code/],
  ['Sending a new code… (after the lock)', /^Sending a new code…$/, 'sending again'],
  ['the code field again', /^Verification code entry/],
  ['New code sent.', /^New code sent\.$/, 'new code sent'],
  ['the expired heading', /^Your code has expired heading/, 'expired heading'],
  ['what to do after expiry', /^Codes work for a limited time\. Send a new code to continue\.$/, 'expired'],
  ['Send a new code', /^Send a new code/],
  ['Sending a new code… (after expiry)', /^Sending a new code…$/, 'sending again'],
  ['the code field again', /^Verification code entry/],
  ['New code sent.', /^New code sent\.$/, 'new code sent'],
  ['Checking the code…', /^Checking the code…$/, 'checking'],
  ['the verified heading', /^Verified heading/, 'verified heading'],
  ['verified', /^\+233 24 123 4567 is verified\.$/, 'verified'],
  // By call: the field on arrival says the call is coming, then the outcome.
  ['Sending the code… (call)', /^Sending the code…$/, 'sending'],
  ['the code field (call)', /^Verification code entry/],
  ['where the code comes from (call)', /^We are calling \+233 20 123 4567 to read you a code\. Enter the 6-digit code\./],
  ['Checking the code… (call)', /^Checking the code…$/, 'checking'],
  ['the verified heading (call)', /^Verified heading/, 'verified heading'],
  ['verified (call)', /^\+233 20 123 4567 is verified\.$/, 'verified'],
  // By e-mail.
  ['Sending the code… (email)', /^Sending the code…$/, 'sending'],
  ['the code field (email)', /^Verification code entry/],
  ['where the code went (email)', /^We sent a code to \S+@example\.com\. It may take a minute to arrive\. Enter the 6-digit code\./],
  ['Checking the code… (email)', /^Checking the code…$/, 'checking'],
  ['the verified heading (email)', /^Verified heading/, 'verified heading'],
  ['verified (email)', /@example\.com is verified\.$/, 'verified'],
  // The first number again, by SMS: heard as the first time.
  ['Sending the code… (same number)', /^Sending the code…$/, 'sending'],
  ['the code field (same number)', /^Verification code entry/],
  ['where the code went (same number)', /^We sent a code by SMS to \+233 24 123 4567\. Enter the 6-digit code\./],
  ['Checking the code… (same number)', /^Checking the code…$/, 'checking'],
  ['the verified heading (same number)', /^Verified heading/, 'verified heading'],
  ['verified (same number)', /^\+233 24 123 4567 is verified\.$/, 'verified'],
]

/**
 * The checks of a run's transcript `lines` against `expected`: every expected sentence said, in
 * order; the outcomes heard exactly as expected — none twice, none missing, none out of place; the
 * field's description never read again with the error in it. Returns what is wrong, one line each.
 */
export function checkTranscript(lines, expected = EXPECTED) {
  const problems = []
  // The longest in-order match of the expected sentences in what was said (so one sentence missing
  // is reported as that one, not as every sentence after it matched too late).
  const n = expected.length
  const m = lines.length
  const best = Array.from({ length: n + 1 }, () => Array.from({ length: m + 1 }, () => 0))
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      best[i][j] = expected[i][1].test(lines[j].text) ? best[i + 1][j + 1] + 1 : Math.max(best[i + 1][j], best[i][j + 1])
    }
  }
  for (let i = 0, j = 0; i < n; ) {
    if (j < m && expected[i][1].test(lines[j].text) && best[i][j] === best[i + 1][j + 1] + 1) {
      i++
      j++
    } else if (j < m && best[i][j + 1] === best[i][j]) j++
    else {
      problems.push(`not said (in order): ${expected[i][0]}`)
      i++
    }
  }
  const heard = lines.map((l) => outcomeOf(l.text)).filter(Boolean)
  const want = expected.map(([, , outcome]) => outcome).filter(Boolean)
  for (const [name] of OUTCOMES) {
    const times = heard.filter((h) => h === name).length
    const expectedTimes = want.filter((w) => w === name).length
    if (times !== expectedTimes) problems.push(`said ${times} times, expected ${expectedTimes}: ${name}`)
  }
  const from = heard.findIndex((h, i) => h !== want[i])
  if (from !== -1 || heard.length !== want.length) {
    const i = from === -1 ? Math.min(heard.length, want.length) : from
    problems.push(`outcomes heard differ from outcome ${i + 1}: expected ${want.slice(i, i + 3).join(' › ') || '(nothing more)'}, heard ${heard.slice(i, i + 3).join(' › ') || '(nothing more)'}`)
  }
  // The code field's description read again with the error in it (a description changed under focus).
  for (const line of lines) if (line.text.startsWith('We sent') && line.text.includes('not right')) problems.push(`the field's description repeats the error: ${line.text}`)
  return problems
}
