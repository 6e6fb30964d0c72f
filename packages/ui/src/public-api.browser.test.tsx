import { describe, expect, test } from 'vitest'
import * as ui from './index'

describe('public exports of @hakiki/ui', () => {
  test('the English catalog is public, its per-component groups are not', () => {
    expect(ui).toHaveProperty('messagesEn')
    expect(Object.keys(ui).filter((name) => name.endsWith('MessagesEn'))).toEqual([])
  })

})
