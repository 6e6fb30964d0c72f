import { describe, expect, test } from 'vitest'
import { suggestEmailAddress } from './suggest-email-address'

describe('suggestEmailAddress', () => {
  test.each([
    ['ama@gmial.com', 'ama@gmail.com'],
    ['ama@gamil.com', 'ama@gmail.com'],
    ['ama@gmai.com', 'ama@gmail.com'],
    ['ama@gmail.co', 'ama@gmail.com'],
    ['ama@gmail.con', 'ama@gmail.com'],
    ['ama@gmial.con', 'ama@gmail.com'],
    ['kofi@hotmial.com', 'kofi@hotmail.com'],
    ['kofi@yahooo.com', 'kofi@yahoo.com'],
    ['kofi@outlok.com', 'kofi@outlook.com'],
    ['kofi@iclod.com', 'kofi@icloud.com'],
    ['Ama.Mensah@GMIAL.COM', 'Ama.Mensah@gmail.com'],
    ['ivan@yandex.tu', 'ivan@yandex.ru'],
    ['anna@company.con', 'anna@company.com'],
    ['anna@example.ogr', 'anna@example.org'],
    ['  ama@gmial.com ', 'ama@gmail.com'],
  ])('%s → %s', (typed, meant) => {
    expect(suggestEmailAddress(typed)).toBe(meant)
  })

  test.each([
    // Popular domains as they are, real ones a letter away from a popular one, and short ones.
    'ama@gmail.com',
    'ama@mail.com',
    'ama@ymail.com',
    'ama@live.com',
    'ama@gmx.de',
    'ama@web.de',
    'ama@qq.com',
    'ama@wp.pl',
    'ama@mk.ru',
    // Any other domain: the address as typed is a fine address.
    'ama@example.com',
    'ama@mensah.gh',
    'ama@company.co',
    'ama@company.cm',
    // Not an address yet.
    'ama',
    'ama@',
    '@gmial.com',
    '',
  ])('%s: no hint', (typed) => {
    expect(suggestEmailAddress(typed)).toBeUndefined()
  })

  test('no guess when two popular domains are equally near', () => {
    // One letter from hotmail.it and from hotmail.nl (and a real domain in Israel).
    expect(suggestEmailAddress('ama@hotmail.il')).toBeUndefined()
  })
})
