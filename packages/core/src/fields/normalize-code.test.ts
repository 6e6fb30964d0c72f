import { describe, expect, it } from 'vitest'
import { isCompleteCode, normalizeCode, pickCode, toAsciiDigits } from './normalize-code'

describe('normalizeCode', () => {
  it.each([
    // Plain input, typed or pasted.
    ['123456', 6, '123456'],
    ['  012345 ', 6, '012345'],
    ['000000', 6, '000000'],
    ['123-456', 6, '123456'],
    ['123 456', 6, '123456'],
    ['12 34 56', 6, '123456'],
    ['123.456', 6, '123456'],
    ['123\u2013456', 6, '123456'],
    ['123_456', 6, '123456'],
    ['123\n456', 6, '123456'],
    ['1234567', 6, '123456'],
    ['12', 6, '12'],
    ['', 6, ''],
    ['#123456', 6, '123456'],
    // Non-ASCII digits.
    ['١٢٣ ٤٥٦', 6, '123456'],
    ['٠١٢٣٤٥٦٧٨٩', 10, '0123456789'],
    ['۰۱۲۳۴۵۶۷۸۹', 10, '0123456789'],
    ['०१२३४५६७८९', 10, '0123456789'],
    ['০১২৩৪৫৬৭৮৯', 10, '0123456789'],
    ['๐๑๒๓๔๕๖๗๘๙', 10, '0123456789'],
    ['０１２３４５６７８９', 10, '0123456789'],
    ['１２３－４５６', 6, '123456'],
    // Invisible marks from iOS autofill and RTL text.
    ['\u200E123456\u200F', 6, '123456'],
    ['\u2066123456\u2069', 6, '123456'],
    ['\u202B١٢٣٤٥٦\u202C', 6, '123456'],
    ['\uFEFF12\u200B34\u200D56', 6, '123456'],
    // Pasted sentences: the code is picked out, other numbers are not glued on.
    ['Your code is 123456', 6, '123456'],
    ['Your code: 123-456', 6, '123456'],
    ['Your code is 123456. Reply STOP 2', 6, '123456'],
    ['@example.com #123456', 6, '123456'],
    ['Your Hakiki code is 048213\n\n@example.com #048213', 6, '048213'],
    ['G-123456 is your verification code', 6, '123456'],
    ['Code valid 10 minutes: 654321', 6, '654321'],
    ['Code valid until 2024-05-01: 654321', 6, '654321'],
    ['Call +233 24 123 4567 or use 4821', 4, '4821'],
    ['رمز التحقق الخاص بك هو ٤٨٢١٣٧', 6, '482137'],
    ['Votre code : 12 34 56. Valable 10 min', 6, '123456'],
    ['Code 1234 then 123456', 6, '123456'],
    ['Code 12345', 6, '12345'],
    ['Code 9', 6, '9'],
    ['no digits here', 6, ''],
    // Other numbers of the message's length: the last run of `length` digits, whatever the language
    // (a guess, see pickCode below). No word is read: "Bank 1234" in an app's name is not taken
    // for the code of `Код Bank 1234: 6503` (the per-locale word rule picked 1234 and submitted it).
    ['your OTP for NGN 5000 is 4829', 4, '4829'],
    ['Order 123456 confirmed. Code: 654321', 6, '654321'],
    ['Код Bank 1234: 6503. Действует 5 минут.', 4, '6503'],
    ['Código Bank 1234: 9891. Válido 1 minuto.', 4, '9891'],
    ['Kodi yako ni 4821 (PIN 1234 haitumiki)', 4, '1234'],
    ['Ваш код: 482137. Действует 10 минут', 6, '482137'],
    ['您的验证码是482137，15分钟内有效', 6, '482137'],
    ['認証コードは482137です。有効期限は15分です', 6, '482137'],
    ['[M-Pesa 24] 인증번호는 482137입니다', 6, '482137'],
    ['รหัส OTP 482137 ใช้ได้ 5 นาที', 6, '482137'],
    ['הקוד שלך: 482137, בתוקף 10 דקות', 6, '482137'],
    ['رمز التحقق 482137، صالح لمدة ١٠ دقائق', 6, '482137'],
  ])('%j (length %i) → %j', (input, length, expected) => {
    expect(normalizeCode(input, length)).toBe(expected)
  })

  it('returns at most `length` digits whatever the input', () => {
    for (const input of ['1234567890', 'Code 1234567890', '١٢٣٤٥٦٧٨٩']) {
      for (const length of [4, 6, 8]) expect(normalizeCode(input, length).length).toBeLessThanOrEqual(length)
    }
  })
})

describe('pickCode', () => {
  it.each([
    // The field's own input, typed or pasted: no guess.
    ['123456', 6, '123456', true],
    ['123 456', 6, '123456', true],
    ['12', 6, '12', true],
    ['١٢٣٤٥٦', 6, '123456', true],
    // Digits beyond the code's length were not a code of this verification.
    ['1234567', 6, '123456', false],
    // One candidate in a message (the same code twice is one): sure enough to submit.
    ['Your code is 123456. Reply STOP 2', 6, '123456', true],
    ['G-123456 is your verification code', 6, '123456', true],
    ['Your Hakiki code is 048213\n\n@example.com #048213', 6, '048213', true],
    ['Ваш код: 482137. Действует 10 минут', 6, '482137', true],
    // A guess between numbers of the same length: filled in, never submitted.
    ['your OTP for NGN 5000 is 4829', 4, '4829', false],
    ['Order 123456 confirmed. Code: 654321', 6, '654321', false],
    ['Your code is 123456. Ref 654321', 6, '654321', false],
    ['Call +233 24 123 4567 or use 4821', 4, '4821', false],
    ['Code 1234 then 123456', 6, '123456', false],
    ['Code 12345', 6, '12345', false],
    ['no digits here', 6, '', false],
  ])('%j (length %i) → %j, confident: %s', (input, length, code, confident) => {
    expect(pickCode(input, length)).toEqual({ code, confident })
    expect(normalizeCode(input, length)).toBe(code)
  })
})

describe('toAsciiDigits', () => {
  it('maps digits of every script by their place in the run of ten', () => {
    // Every \p{Nd} up to U+1FFFF, grouped into the runs Unicode lays out: each must read 0..9.
    const runs: string[] = []
    for (let cp = 0; cp <= 0x1ffff; cp++) {
      if (!/\p{Nd}/u.test(String.fromCodePoint(cp))) continue
      const digit = toAsciiDigits(String.fromCodePoint(cp))
      if (digit === '0') runs.push('')
      runs[runs.length - 1] += digit
    }
    expect(runs.length).toBeGreaterThan(60)
    expect(new Set(runs)).toEqual(new Set(['0123456789']))
  })

  it('leaves other text alone', () => {
    expect(toAsciiDigits('abc ½ ² -')).toBe('abc ½ ² -')
  })
})

describe('isCompleteCode', () => {
  it.each([
    ['123456', 6, true],
    ['012345', 6, true],
    ['12345', 6, false],
    ['1234567', 6, false],
    ['12345a', 6, false],
    ['١٢٣٤٥٦', 6, false],
    ['1234', 4, true],
  ])('%j with length %i → %s', (code, length, expected) => {
    expect(isCompleteCode(code, length)).toBe(expected)
  })
})

describe('pickCode on long pastes', () => {
  it('stays fast on a long pasted text', () => {
    const started = performance.now()
    expect(pickCode(`code ${'a'.repeat(100_000)} 482137`, 6)).toEqual({ code: '482137', confident: true })
    expect(pickCode(`code ${'1 a '.repeat(100_000)} 482137`, 6)).toEqual({ code: '482137', confident: true })
    expect(pickCode(`code${'a'.repeat(100_000)}`, 6)).toEqual({ code: '', confident: false })
    // Linear: a quadratic match would take minutes on 100,000 letters.
    expect(performance.now() - started).toBeLessThan(10_000)
  }, 30_000)
})
