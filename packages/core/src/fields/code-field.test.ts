import { describe, expect, test } from 'vitest'
import { checkCodeLength, codeActiveIndex, codeFieldKey, codeSlotSelection, insertIntoCode, keepsCodeSelection, readCodeInput, type CodeSelection } from './code-field'

/** Types `keys` one by one the way the field does: each replaces the selection the field holds. */
function type(keys: string, start = '', length = 6): { value: string; caret: number } {
  let value = start
  let caret = value.length
  for (const key of keys) {
    const selection = codeSlotSelection(value, caret, length)
    const raw = value.slice(0, selection[0]) + key + value.slice(selection[1])
    const edit = readCodeInput(value, raw, selection, length)
    value = edit.value
    caret = edit.caret
  }
  return { value, caret }
}

/** Presses `key` with the caret on box `at` (the field's own selection), returning code and active box. */
function press(key: string, value: string, at: number, length = 6, selection: CodeSelection = codeSlotSelection(value, at, length)) {
  const out = codeFieldKey(key, value, selection, codeActiveIndex(value, at, length), length)
  if (!out) return undefined
  if ('move' in out) return { value, active: codeActiveIndex(value, out.move, length) }
  return { value: out.edit.value, active: codeActiveIndex(out.edit.value, out.edit.caret, length) }
}

describe('code field: typing and autofill', () => {
  test('typing fills box by box and skips what is not a digit', () => {
    expect(type('12a')).toEqual({ value: '12', caret: 2 })
    expect(type('٣٤56', '12')).toEqual({ value: '123456', caret: 6 })
  })

  test('an input event carrying the whole code (iOS autofill) fills every box', () => {
    expect(readCodeInput('', '123456', [0, 0], 6)).toEqual({ value: '123456', caret: 6, guessed: false })
    expect(readCodeInput('', 'Your code is 654321', [0, 0], 6)).toEqual({ value: '654321', caret: 6, guessed: false })
  })

  test('autofill over a partly typed code replaces it', () => {
    expect(readCodeInput('98', '123456', [2, 2], 6).value).toBe('123456')
    // The browser appended to the old text (`98123456`): the whole code among it still wins.
    expect(readCodeInput('98', '98123456', [2, 2], 6).value).toBe('123456')
  })

  test('typing replaces the selected digit', () => {
    expect(readCodeInput('1234', '1294', [2, 3], 6)).toEqual({ value: '1294', caret: 3, guessed: false })
  })

  test('four digits cut from five are a guess', () => {
    expect(readCodeInput('', '98765', [0, 0], 4)).toEqual({ value: '9876', caret: 4, guessed: true })
    expect(readCodeInput('', '1234', [0, 0], 4).guessed).toBe(false)
  })

  test('a commit that rewrites the whole text (an IME, a keyboard suggestion) is diffed against the code', () => {
    // The IME committed `２` over the composition that held it: the text is the code plus it.
    expect(readCodeInput('1', '1２', [1, 1], 6)).toEqual({ value: '12', caret: 2, guessed: false })
    expect(readCodeInput('12', '1２２', [0, 0], 6).value).toBe('122')
  })
})

describe('code field: paste, drop and WebOTP', () => {
  test.each([
    ['Arabic-Indic digits with a space', '١٢٣ ٤٥٦'],
    ['a dash', '123-456'],
    ['a sentence', 'Your code is 123456'],
    ['a trailing newline', '123456\n'],
    ['a password manager\'s text', 'Code: 12-34-56'],
    ['dropped text with spaces', '  12 34 56 '],
  ])('pasting %s gives the code', (_, text) => {
    expect(insertIntoCode('', text, [0, 0], 6)).toEqual({ value: '123456', caret: 6, guessed: false })
  })

  test.each([
    ['two codes of its length', 'Order 123456 shipped, ref 654321', '654321'],
    ['an amount beside the code', 'Pay NGN 500000 to 123456 today', '123456'],
  ])('a code guessed among other numbers (%s) is marked guessed', (_, text, code) => {
    expect(insertIntoCode('', text, [0, 0], 6)).toEqual({ value: code, caret: 6, guessed: true })
    expect(insertIntoCode('', `Your code: ${code}. It expires in 10 minutes`, [0, 0], 6)).toEqual({ value: code, caret: 6, guessed: false })
  })

  test('a few digits go in at the selection; text without digits changes nothing', () => {
    expect(insertIntoCode('1256', '34', [2, 2], 6)).toEqual({ value: '123456', caret: 4, guessed: false })
    expect(insertIntoCode('1299', '34', [2, 4], 6)?.value).toBe('1234')
    expect(insertIntoCode('12', 'abc', [2, 2], 6)).toBeUndefined()
  })

  test('WebOTP replaces the field (the whole code selected)', () => {
    expect(insertIntoCode('12', '٤٤٥٥٦٦', [0, 2], 6)?.value).toBe('445566')
  })
})

describe('code field: keys', () => {
  test('arrow keys, Home and End move between boxes', () => {
    expect(press('ArrowLeft', '1234', 4)?.active).toBe(3)
    expect(press('ArrowLeft', '1234', 0)?.active).toBe(0)
    expect(press('Home', '1234', 3)?.active).toBe(0)
    expect(press('ArrowUp', '1234', 3)?.active).toBe(0)
    expect(press('End', '1234', 0)?.active).toBe(4)
    expect(press('ArrowRight', '1234', 4)?.active).toBe(4)
    expect(press('ArrowRight', '123456', 5)?.active).toBe(5)
    expect(press('a', '1234', 2)).toBeUndefined()
  })

  test('Backspace deletes the digit before the caret or the selected one; Delete the selected one', () => {
    expect(press('Backspace', '123456', 5)).toEqual({ value: '12345', active: 5 })
    expect(press('Backspace', '12345', 5)).toEqual({ value: '1234', active: 4 })
    expect(press('Backspace', '1234', 2)).toEqual({ value: '124', active: 1 })
    expect(press('Delete', '124', 1)).toEqual({ value: '14', active: 1 })
    expect(press('Backspace', '', 0)).toEqual({ value: '', active: 0 })
    expect(press('Delete', '12', 2)).toEqual({ value: '12', active: 2 })
  })

  test('a selection wider than one digit, however made (select(), a touch "Select all", fill), is removed whole', () => {
    expect(press('Backspace', '123456', 5, 6, [0, 6])).toEqual({ value: '', active: 0 })
    expect(press('Delete', '1234', 4, 6, [0, 4])).toEqual({ value: '', active: 0 })
    expect(press('Delete', '123456', 0, 6, [1, 4])).toEqual({ value: '156', active: 1 })
  })

  test('a collapsed caret inside the code (set by a script) deletes as a caret does', () => {
    expect(press('Backspace', '1234', 2, 6, [2, 2])).toEqual({ value: '134', active: 1 })
    expect(press('Delete', '1234', 2, 6, [2, 2])).toEqual({ value: '124', active: 2 })
  })

  test('a read-only field only moves', () => {
    expect(codeFieldKey('Backspace', '123456', [5, 6], 5, 6, true)).toBeUndefined()
    expect(codeFieldKey('Home', '123456', [5, 6], 5, 6, true)).toEqual({ move: 0 })
  })
})

describe('code field: selection and bounds', () => {
  test('the caret sits on a box: the digit there, or after the last digit', () => {
    expect(codeSlotSelection('1234', 2, 6)).toEqual([2, 3])
    expect(codeSlotSelection('1234', 9, 6)).toEqual([4, 4])
    expect(codeSlotSelection('123456', 6, 6)).toEqual([5, 6])
  })

  test('only a selection of the whole code is kept as made', () => {
    expect(keepsCodeSelection('1234', [0, 4])).toBe(true)
    expect(keepsCodeSelection('1234', [1, 4])).toBe(false)
    expect(keepsCodeSelection('1', [0, 1])).toBe(false)
  })

  test('lengths 4 to 10 only', () => {
    expect(checkCodeLength(4)).toBe(4)
    expect(checkCodeLength(10)).toBe(10)
    expect(() => checkCodeLength(3)).toThrow(RangeError)
    expect(() => checkCodeLength(11)).toThrow(RangeError)
    expect(() => checkCodeLength(6.5)).toThrow(RangeError)
  })
})
