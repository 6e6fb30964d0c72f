/**
 * Test helper: a real, throw-away Postfix (Debian's) in the foreground on a free loopback port,
 * with its own configuration, queue and a catch-all virtual Maildir for `example.com`; any other
 * domain is refused (relay denied). Postfix's master runs as root, so the tests need root, as in
 * CI; without Postfix or root they are skipped with a warning.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { chmodSync, chownSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { connect } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { freePort } from '@hakiki/test-support/free-port'

const POSTFIX = '/usr/sbin/postfix'
/** True when Postfix is installed and we may start it. */
export const postfixAvailable = existsSync(POSTFIX) && process.getuid?.() === 0
if (!postfixAvailable) console.warn(`postfix not found at ${POSTFIX} (or not root): the SMTP transport tests are skipped (apt-get install postfix)`)

/** A running Postfix. */
export interface PostfixProcess {
  port: number
  /** Raw messages delivered so far (headers and body), oldest first. */
  messages(): string[]
  /** Resolves with the messages once there are `count` of them (polls the Maildir). */
  waitForMessages(count: number, timeoutMs?: number): Promise<string[]>
  stop(): Promise<void>
}

function waitForBanner(port: number, deadline: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const attempt = () => {
      const socket = connect(port, '127.0.0.1')
      socket.once('data', (data) => {
        socket.destroy()
        if (data.toString().startsWith('220')) resolve()
        else reject(new Error(`unexpected banner ${data.toString()}`))
      })
      socket.once('error', () => {
        socket.destroy()
        if (Date.now() > deadline) reject(new Error('postfix did not start'))
        else setTimeout(attempt, 100)
      })
    }
    attempt()
  })
}

export async function startPostfix(): Promise<PostfixProcess> {
  const dir = mkdtempSync(join(tmpdir(), 'hakiki-postfix-'))
  // Postfix's unprivileged daemons must reach the queue and the Maildir under this folder.
  chmodSync(dir, 0o755)
  const postfixUser = spawnSync('id', ['-u', 'postfix'], { encoding: 'utf8' }).stdout.trim()
  const postfixGroup = spawnSync('id', ['-g', 'postfix'], { encoding: 'utf8' }).stdout.trim()
  for (const sub of ['conf', 'queue', 'data', 'mail']) mkdirSync(join(dir, sub))
  chownSync(join(dir, 'data'), Number(postfixUser), Number(postfixGroup))
  chownSync(join(dir, 'mail'), Number(postfixUser), Number(postfixGroup))
  const port = await freePort()
  writeFileSync(
    join(dir, 'conf/main.cf'),
    [
      'compatibility_level = 3.6',
      `queue_directory = ${dir}/queue`,
      `data_directory = ${dir}/data`,
      'mail_owner = postfix',
      'inet_interfaces = 127.0.0.1',
      'inet_protocols = ipv4',
      'myhostname = localhost.localdomain',
      'mydestination =',
      'mynetworks = 127.0.0.0/8',
      'relay_domains =',
      'alias_maps =',
      'alias_database =',
      'virtual_mailbox_domains = example.com',
      `virtual_mailbox_base = ${dir}/mail`,
      'virtual_mailbox_maps = static:catchall/',
      `virtual_uid_maps = static:${postfixUser}`,
      `virtual_gid_maps = static:${postfixGroup}`,
      'virtual_minimum_uid = 1',
      'smtpd_relay_restrictions = permit_mynetworks, reject_unauth_destination',
      'smtpd_recipient_restrictions = reject_unauth_destination',
      // Foreground logging to stdout (a path under /tmp is refused by maillog_file_prefixes).
      'maillog_file = /dev/stdout',
      '',
    ].join('\n'),
  )
  const master = readFileSync('/etc/postfix/master.cf', 'utf8').replace(/^smtp\s+inet.*$/m, `127.0.0.1:${port} inet n - n - - smtpd`)
  writeFileSync(join(dir, 'conf/master.cf'), master)
  const child: ChildProcess = spawn(POSTFIX, ['-c', join(dir, 'conf'), 'start-fg'], { stdio: ['ignore', 'ignore', 'ignore'] })
  await waitForBanner(port, Date.now() + 20_000)
  const maildir = join(dir, 'mail/catchall')
  const messages = () => {
    const files: string[] = []
    for (const sub of ['new', 'cur']) {
      const folder = join(maildir, sub)
      if (existsSync(folder)) for (const name of readdirSync(folder)) files.push(join(folder, name))
    }
    // Delivery order: by modification time (Maildir names sort by the second only, then by a unique part).
    return files
      .map((file) => ({ file, at: statSync(file).mtimeMs }))
      .toSorted((a, b) => a.at - b.at || (a.file < b.file ? -1 : 1))
      .map(({ file }) => readFileSync(file, 'utf8'))
  }
  return {
    port,
    messages,
    async waitForMessages(count, timeoutMs = 20_000) {
      const deadline = Date.now() + timeoutMs
      for (;;) {
        const found = messages()
        if (found.length >= count) return found
        if (Date.now() > deadline) throw new Error(`expected ${count} messages, found ${found.length}`)
        await new Promise((resolve) => setTimeout(resolve, 100))
      }
    },
    async stop() {
      spawnSync(POSTFIX, ['-c', join(dir, 'conf'), 'stop'])
      if (child.exitCode === null) await new Promise((resolve) => child.once('exit', resolve))
      rmSync(dir, { recursive: true, force: true })
    },
  }
}
