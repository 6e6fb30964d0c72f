import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { postfixAvailable, startPostfix, type PostfixProcess } from '../../../packages/engine/test/postfix'
import type { LocalSmtp } from '../server/find-local-smtp'
import { freshEmail } from './support/addresses'
import { setupDemoHarness } from './support/demo-harness'
import { codeField, openDemo, sendCode, typeCode, verifiedResult } from './support/flow-actions'

// Own delivery with a mail server, in the browser: the demo's proxy on @hakiki/engine sends the
// e-mail code through a real Postfix (Debian's, on a free loopback port, as the engine's SMTP tests
// start it; skipped with a warning without Postfix or root), not into the sandbox's inbox. The
// person reads the code in the delivered mail and types it; it verifies.
describe.skipIf(!postfixAvailable)('own delivery through a local Postfix', () => {
  // Filled in before the harness starts the demo: its hooks run after this one, and read this object then.
  const smtp: LocalSmtp = { host: '127.0.0.1', port: 0 }
  let postfix: PostfixProcess | undefined
  beforeAll(async () => {
    postfix = await startPostfix()
    smtp.port = postfix.port
  })
  afterAll(() => postfix?.stop())
  const h = setupDemoHarness({}, { provider: 'engine', smtp })

  test('an e-mail code goes through the mail server, the page says so, and the mailed code verifies', async () => {
    const { page, demo } = h
    expect(demo.smtp).toEqual(smtp)
    const to = freshEmail()
    await openDemo(page, demo)
    await sendCode(page, { name: 'Ama Mensah', channel: 'Email', to })
    await codeField(page)
    const mails = await postfix!.waitForMessages(1, 60_000)
    const mail = mails.find((m) => m.includes(to))
    const code = mail && /^Subject: .*?(\d{6})/m.exec(mail)?.[1]
    expect(code).toMatch(/^\d{6}$/)
    // Not in the sandbox's inbox: the phone preview points to the mailbox instead.
    expect(demo.sandbox.inbox.list({ to })).toEqual([])
    await expect.poll(() => page.getByText('This e-mail went through the local mail server').count()).toBe(1)
    // A mail server accepts a message but reports nothing later: no delivery status is shown.
    expect(await page.locator('[data-part="delivery"]').count()).toBe(0)
    await typeCode(page, code!)
    const result = await verifiedResult(page)
    expect(result.heading).toBe('Welcome, Ama Mensah')
    expect(result.to).toBe(`${to} by email`)
  })
})
