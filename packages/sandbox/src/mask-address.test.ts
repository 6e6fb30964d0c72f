import { expect, test } from 'vitest'
import { maskAddress } from './mask-address'

test.each([
  ['+233241234567', '+233*******67'],
  ['ama.mensah@example.com', 'a***@example.com'],
  ['oops', '[4 chars]'],
  ['', '[0 chars]'],
])('maskAddress(%j) is %j', (address, masked) => {
  expect(maskAddress(address)).toBe(masked)
})

test('a masked number hides its middle digits', () => {
  expect(maskAddress('+254712345678')).not.toContain('1234567')
})
