import { describe, expect, test } from 'vitest'
import { createInbox, INBOX_LIMIT, type SandboxMessage } from './inbox'

const message = (n: number, to = '+233241234567'): SandboxMessage => ({
  id: `SM${n}`,
  verificationId: `VE${n}`,
  to,
  channel: 'sms',
  locale: 'en',
  body: `code ${n}`,
  code: String(n),
  sentAt: new Date(n).toISOString(),
})

describe('createInbox', () => {
  test('lists newest first and filters by address, e-mail case-insensitively', () => {
    const inbox = createInbox()
    inbox.add(message(1))
    inbox.add(message(2, 'Ama@Example.com'))
    inbox.add(message(3))
    expect(inbox.list().map((m) => m.id)).toEqual(['SM3', 'SM2', 'SM1'])
    expect(inbox.list({ to: '+233241234567' }).map((m) => m.id)).toEqual(['SM3', 'SM1'])
    expect(inbox.list({ to: 'ama@example.COM' }).map((m) => m.id)).toEqual(['SM2'])
    expect(inbox.list({ to: '+233200000000' })).toEqual([])
  })

  test(`keeps only the newest ${INBOX_LIMIT} messages`, () => {
    const inbox = createInbox()
    for (let n = 1; n <= INBOX_LIMIT + 20; n++) inbox.add(message(n))
    const list = inbox.list()
    expect(list).toHaveLength(INBOX_LIMIT)
    expect(list[0]!.id).toBe(`SM${INBOX_LIMIT + 20}`)
    expect(list.at(-1)!.id).toBe('SM21')
  })

  test('returned messages are copies: editing them does not change the inbox', () => {
    const inbox = createInbox()
    inbox.add(message(1))
    inbox.list()[0]!.code = 'tampered'
    expect(inbox.list()[0]!.code).toBe('1')
  })

  test('subscribers get new messages until they unsubscribe; a throwing one does not stop others', () => {
    const inbox = createInbox()
    const seen: string[] = []
    inbox.subscribe(() => {
      throw new Error('broken listener')
    })
    const unsubscribe = inbox.subscribe((m) => seen.push(m.id))
    expect(inbox.subscriberCount()).toBe(2)
    inbox.add(message(1))
    unsubscribe()
    inbox.add(message(2))
    expect(seen).toEqual(['SM1'])
    expect(inbox.subscriberCount()).toBe(1)
  })

  test('clear empties the inbox and tells clear listeners', () => {
    const inbox = createInbox()
    let cleared = 0
    inbox.onClear(() => cleared++)
    inbox.add(message(1))
    inbox.clear()
    expect(inbox.list()).toEqual([])
    expect(cleared).toBe(1)
  })
})
