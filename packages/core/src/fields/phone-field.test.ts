import { describe, expect, test, vi } from 'vitest'
import { COUNTRIES } from '../phone/countries'
import { loadPhoneHelpers } from '../phone/offered-phone-countries'
import {
  createPhoneFieldLoader,
  editPhoneField,
  pasteIntoPhoneField,
  phoneFieldAllowed,
  phoneFieldFromOutside,
  pickPhoneCountry,
  readPhoneField,
  readPhoneInput,
  settlePhoneField,
  type PhoneFieldAllowed,
  type PhoneFieldState,
} from './phone-field'

const COVERED = COUNTRIES.map((c) => c.iso2)
const covered = phoneFieldAllowed(COVERED, false, true, false)
const NONE: ReadonlySet<string> = new Set()

/** A field as the hook drives it: text, caret (an index in the text) and the state. */
interface Field { state: PhoneFieldState; caret: number }

const field = (country: string | undefined, display = ''): Field => ({ state: { display, country }, caret: display.length })

/** Types `keys` at the caret, one `input` event each, as a browser inserts them. */
function type(f: Field, keys: string, allowed: PhoneFieldAllowed = covered): Field {
  for (const key of keys) {
    const d = f.state.display
    const raw = d.slice(0, f.caret) + key + d.slice(f.caret)
    const out = editPhoneField(f.state, readPhoneInput(d, raw, f.caret + key.length, 'insertText'), allowed)
    f = { state: out.state, caret: out.caret }
  }
  return f
}

/** Backspace or Delete at the caret, as the browser edits the text before React sees it. */
function erase(f: Field, key: 'Backspace' | 'Delete'): Field {
  const d = f.state.display
  const raw = key === 'Backspace' ? d.slice(0, f.caret - 1) + d.slice(f.caret) : d.slice(0, f.caret) + d.slice(f.caret + 1)
  const at = key === 'Backspace' ? f.caret - 1 : f.caret
  const out = editPhoneField(f.state, readPhoneInput(d, raw, at, key === 'Backspace' ? 'deleteContentBackward' : 'deleteContentForward'), covered)
  return { state: out.state, caret: out.caret }
}

function paste(f: Field, text: string, allowed: PhoneFieldAllowed = covered, selection: [number, number] = [f.caret, f.caret]): Field {
  const out = editPhoneField(f.state, pasteIntoPhoneField(f.state, text, selection, allowed), allowed)
  return { state: out.state, caret: out.caret }
}

const read = (f: Field, allowed: PhoneFieldAllowed = covered) => readPhoneField(f.state.display, f.state.country, allowed, NONE)
const digitsBeforeCaret = (f: Field) => f.state.display.slice(0, f.caret).replace(/\D/g, '')
const at = (f: Field, caret: number): Field => ({ ...f, caret })

describe('phone field: typing', () => {
  test('formats as the user types and gives E.164 once valid', () => {
    let f = type(field('GH'), '024123')
    expect(f.state.display).toBe('024 123')
    expect(read(f)).toEqual({ e164: '', error: 'too_short', waitingFor: undefined })
    f = type(f, '4567')
    expect(f.state.display).toBe('024 123 4567')
    expect(read(f).e164).toBe('+233241234567')
  })

  test('typing in the middle keeps the caret after the typed digit', () => {
    const f = type(at(type(field('GH'), '024123'), 2), '5')
    expect(f.state.display.replace(/\D/g, '')).toBe('0254123')
    expect(digitsBeforeCaret(f)).toBe('025')
  })

  test('Backspace after a space deletes the digit before it; Delete before a space the digit after it', () => {
    const typed = type(field('GH'), '024123')
    expect(typed.state.display).toBe('024 123')
    const back = erase(at(typed, 4), 'Backspace')
    expect(back.state.display.replace(/\D/g, '')).toBe('02123')
    expect(digitsBeforeCaret(back)).toBe('02')
    const del = erase(at(typed, 3), 'Delete')
    expect(del.state.display.replace(/\D/g, '')).toBe('02423')
    expect(digitsBeforeCaret(del)).toBe('024')
  })

  test("typing 0 beside a leading 0 keeps both digits, and the country's call prefix dials out", () => {
    let f = type(at(type(field('KE'), '0'), 0), '0')
    expect(f.state.display).toBe('00')
    f = type(at(f, 2), '0233241234567')
    expect(f.state.display).toBe('000 233 24 123 4567')
    expect(f.state.country).toBe('KE')
    expect(read(f).e164).toBe('+233241234567')
  })

  test('typing a + number detects the country as it goes', () => {
    let f = type(field('GH'), '+25471212345')
    expect(f.state.display.startsWith('+254 ')).toBe(true)
    expect(f.state.country).toBe('KE')
    f = type(f, '6')
    expect(read(f).e164).toBe('+254712123456')
  })

  test('a letter typed changes nothing and the caret stays', () => {
    const f = type(field('GH'), '0241')
    const out = editPhoneField(f.state, readPhoneInput('024 1', '02x4 1', 3, 'insertText'), covered)
    expect(out.changed).toBe(false)
    expect(out.state.display).toBe('024 1')
    expect(out.caret).toBe(2)
  })
})

describe('phone field: paste and autofill', () => {
  test.each([
    ['00234…', '00234 802 123 4567', 'GH'],
    ['+234 (0)…', '+234 (0)802 123 4567', 'GH'],
    ['Arabic-Indic digits', '٠٨٠٢ ١٢٣ ٤٥٦٧', 'NG'],
  ] as const)('pasting %s reads a Nigerian number', (_, text, country) => {
    const f = paste(field(country), text)
    expect(f.state).toEqual({ display: '0802 123 4567', country: 'NG' })
    expect(read(f)).toEqual({ e164: '+2348021234567', error: undefined, waitingFor: undefined })
  })

  test.each([
    ['ext.', '+27 83 628 0123 ext. 12', 'GH', '083 628 0123', '+27836280123', 'ZA'],
    ["Kenya's 000", '000 234 802 123 4567', 'KE', '0802 123 4567', '+2348021234567', 'NG'],
    ["Côte d'Ivoire's (0)", '+225 (0)7 12 34 56 78', 'GH', '07 12 34 5678', '+2250712345678', 'CI'],
  ] as const)('pasting a number with %s reads it as libphonenumber-js does', (_, text, country, shown, e164, detected) => {
    const f = paste(field(country), text)
    expect(f.state).toEqual({ display: shown, country: detected })
    expect(read(f).e164).toBe(e164)
  })

  test('autofill of an international number (an input event, no paste) switches the country', () => {
    const out = editPhoneField({ display: '', country: 'GH' }, readPhoneInput('', '+254 712 123456', 15, 'insertReplacementText'), covered)
    expect(out.state.country).toBe('KE')
    expect(out.state.display.startsWith('0712')).toBe(true)
    expect(readPhoneField(out.state.display, out.state.country, covered, NONE).e164).toBe('+254712123456')
  })

  test('pasting national digits in the middle inserts them there', () => {
    const f = paste(at(type(field('GH'), '024567'), 3), '١٢٣')
    expect(f.state.display).toBe('024 123 567')
    expect(digitsBeforeCaret(f)).toBe('024123')
  })

  test('a number from outside (E.164 or typed text) shows formatted', () => {
    expect(phoneFieldFromOutside('+2348021234567', 'GH', covered)).toEqual({ display: '0802 123 4567', country: 'NG', whole: false })
    expect(phoneFieldFromOutside('', 'GH', covered)).toEqual({ display: '', country: 'GH' })
  })
})

describe('phone field: validation', () => {
  test('too long, unsupported country, invalid, no country', () => {
    expect(read(type(field('GH'), '024123456789')).error).toBe('too_long')
    expect(read(paste(field('GH'), '+44 20 7946 0000')).error).toBe('unsupported_country')
    expect(read(type(field('GH'), '0991234567')).error).toBe('invalid')
    expect(read(type(field(undefined), '0241234567')).error).toBe('no_country')
  })

  test('a covered country left out of the offered ones is unsupported', () => {
    const two = phoneFieldAllowed(['GH', 'KE'], false, true, false)
    const f = paste(field('GH'), '+2348021234567', two)
    expect(read(f, two)).toEqual({ e164: '', error: 'unsupported_country', waitingFor: undefined })
  })
})

describe('phone field: picking a country', () => {
  test('the typed digits are re-read in the new country', () => {
    const f = type(field('GH'), '0802123456')
    const picked = pickPhoneCountry(f.state, 'NG', covered)
    expect(picked?.country).toBe('NG')
    expect(picked?.display.replace(/\D/g, '')).toBe('0802123456')
    const done = type({ state: picked as PhoneFieldState, caret: picked?.display.length ?? 0 }, '7')
    expect(done.state.display).toBe('0802 123 4567')
    expect(read(done).e164).toBe('+2348021234567')
  })

  test('a + number keeps its national number; the chosen or a not offered country changes nothing', () => {
    expect(pickPhoneCountry({ display: '+234 802 123 4567', country: 'NG' }, 'GH', covered)?.display.replace(/\D/g, '')).toBe('8021234567')
    expect(pickPhoneCountry({ display: '', country: 'GH' }, 'GH', covered)).toBeUndefined()
    expect(pickPhoneCountry({ display: '', country: 'GH' }, 'DE', covered)).toBeUndefined()
  })
})

describe('phone field: metadata beyond the covered countries', () => {
  const all = phoneFieldAllowed(['GH', 'DE', 'PL', 'FR'], false, true, true)

  test('a German number waits for its metadata without an error, then reads whole', async () => {
    const f = paste(field('GH'), '+49 1512 3456789', all)
    expect(f.state.whole).toBe(true)
    // First the region index (`+`) that names +49's regions, then their metadata.
    const waits: (string | undefined)[] = []
    let settled: PhoneFieldState | undefined
    while (!(settled = settlePhoneField(f.state, all))) {
      const reading = read(f, all)
      expect(reading.error).toBeUndefined()
      // Had the load failed, the field would say so.
      expect(readPhoneField(f.state.display, f.state.country, all, new Set([reading.waitingFor ?? ''])).error).toBe('unavailable')
      waits.push(reading.waitingFor)
      await loadPhoneHelpers(reading.waitingFor ?? '')
    }
    expect(waits).toEqual(['+', '+49'])
    expect(settled).toEqual({ display: '01512 3456789', country: 'DE' })
    // Now read nationally, in Germany: the field fetches the country's own metadata next.
    await loadPhoneHelpers('DE')
    expect(readPhoneField(settled?.display ?? '', settled?.country, all, NONE).e164).toBe('+4915123456789')
  })

  test("a third country's number dialled out with the chosen country's call prefix (00 33 … on Poland) is read", async () => {
    await Promise.all([loadPhoneHelpers('PL'), loadPhoneHelpers('+33')])
    const f = type(field('PL'), '0033612345678', all)
    expect(f.state).toEqual({ display: '00 33 6 12 34 56 78', country: 'PL' })
    expect(read(f, all).e164).toBe('+33612345678')
    const pasted = paste(field('PL'), '0033 6 12 34 56 78', all)
    expect(pasted.state).toEqual({ display: '06 12 34 56 78', country: 'FR' })
  })
})

describe('phone field loader', () => {
  test('a failed load is remembered until retried; listeners hear of both', async () => {
    let fail = true
    const load = vi.fn<(key: string) => Promise<void>>(async () => {
      if (fail) throw new Error('offline')
    })
    const loader = createPhoneFieldLoader(load)
    const heard = vi.fn<() => void>()
    loader.subscribe(heard)
    expect(await loader.load('DE')).toBe(false)
    expect(loader.failed.has('DE')).toBe(true)
    // Not hammered: while failed, needing it again does not fetch.
    expect(await loader.load('DE')).toBe(false)
    expect(load).toHaveBeenCalledTimes(1)
    fail = false
    expect(loader.retry()).toBe(true)
    expect(loader.retry()).toBe(false)
    expect(await loader.load('DE')).toBe(true)
    expect(loader.failed.size).toBe(0)
    expect(heard).toHaveBeenCalledTimes(2)
  })
})
