import { createServer, type Server } from 'node:net'
import type { AddressInfo } from 'node:net'
import { afterEach, expect, test } from 'vitest'
import { findLocalSmtp, greetsWithSmtp } from './find-local-smtp'

let server: Server | undefined
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())))

const listen = async (greeting: string) => {
  server = createServer((socket) => socket.end(greeting))
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve))
  return (server.address() as AddressInfo).port
}

test('a server greeting with 220 is a mail server; another greeting is not', async () => {
  const port = await listen('220 localhost ESMTP\r\n')
  expect(await greetsWithSmtp('127.0.0.1', port)).toBe(true)
  expect(await findLocalSmtp(`127.0.0.1:${port}`)).toEqual({ host: '127.0.0.1', port })
  await new Promise<void>((resolve) => server!.close(() => resolve()))
  const other = await listen('HTTP/1.1 400 Bad Request\r\n')
  expect(await greetsWithSmtp('127.0.0.1', other)).toBe(false)
})

test('off turns it off, a malformed setting throws', async () => {
  expect(await findLocalSmtp('off')).toBeUndefined()
  await expect(findLocalSmtp('localhost')).rejects.toThrow(TypeError)
})
