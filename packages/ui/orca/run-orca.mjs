#!/usr/bin/env node
/**
 * Runs the whole VerificationFlow in Chromium with Orca, a real screen reader, reading it, and
 * checks what Orca said (`check-transcript.mjs`): every expected sentence in order, and every
 * outcome (sending, checking, new code sent, wrong code, locked, expired, verified, and the headings
 * focus moves to) exactly where expected — none twice, none missing. Orca's own debug log is the transcript
 * ("SPEECH OUTPUT" lines); speech-dispatcher speaks through espeak-ng into libao's null driver, so
 * no sound device is needed. Keys are real X key events (xdotool), as a user's would be.
 *
 * Needs Debian's orca, speech-dispatcher, speech-dispatcher-espeak-ng, xdotool, xvfb,
 * matchbox-window-manager, dbus and chromium (`.ci/setup`). Usage: `pnpm --filter @hakiki/ui orca`
 * (first tests the checks on recorded transcripts, `node --test orca/`; prints the transcript; exits 1
 * when a check fails; `transcript.txt` keeps the last passing run). HAKIKI_ORCA_TRACE=1 prints progress,
 * HAKIKI_ORCA_KEEP=1 keeps Orca's whole debug log.
 */
import { execFileSync, spawn } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { availableParallelism, loadavg, tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { checkTranscript, parseSpeech } from './check-transcript.mjs'

const here = dirname(fileURLToPath(import.meta.url))
const INNER = 'HAKIKI_ORCA_INNER'

/** Starts a private X server and a D-Bus session, and runs the rest inside them. */
async function outer() {
  for (const tool of ['orca', 'xdotool', 'Xvfb', 'matchbox-window-manager', 'dbus-run-session', 'speech-dispatcher', '/usr/bin/chromium']) {
    try {
      execFileSync('sh', ['-c', `command -v ${tool}`], { stdio: 'ignore' })
    } catch {
      console.error(`orca: ${tool} is missing (Debian packages in .ci/setup)`)
      process.exit(2)
    }
  }
  const work = mkdtempSync(join(tmpdir(), 'hakiki-orca-'))
  const display = await startXvfb(work)
  const home = join(work, 'home')
  mkdirSync(join(home, '.config', 'speech-dispatcher'), { recursive: true })
  // espeak-ng through libao's null driver: Orca speaks, nothing plays, nothing blocks on a sound card.
  writeFileSync(join(home, '.config', 'speech-dispatcher', 'speechd.conf'), 'AudioOutputMethod "libao"\nAddModule "espeak-ng" "sd_espeak-ng" "espeak-ng.conf"\nDefaultModule espeak-ng\n')
  writeFileSync(join(home, '.libao'), 'default_driver=null\n')
  const runtime = join(work, 'run')
  mkdirSync(runtime, { mode: 0o700 })
  const env = { ...process.env, [INNER]: work, DISPLAY: display.name, HOME: home, XDG_RUNTIME_DIR: runtime, XDG_CONFIG_HOME: join(home, '.config') }
  const child = spawn('dbus-run-session', ['--', process.execPath, fileURLToPath(import.meta.url)], { env, stdio: ['ignore', 'inherit', 'pipe'] })
  let stderr = ''
  child.stderr.on('data', (chunk) => {
    stderr += chunk
    if (process.env.HAKIKI_ORCA_TRACE) process.stderr.write(chunk)
  })
  const code = await new Promise((resolve) => child.on('exit', (c) => resolve(c ?? 1)))
  display.process.kill()
  // speech-dispatcher daemonizes itself out of the session: stop it by its pid file.
  const pidFile = join(runtime, 'speech-dispatcher', 'pid', 'speech-dispatcher.pid')
  if (existsSync(pidFile)) {
    try {
      process.kill(Number(readFileSync(pidFile, 'utf8').trim()))
    } catch {
      // Already gone.
    }
  }
  if (code !== 0) console.error(stderr.split('\n').filter((l) => !l.includes('dbus-daemon')).join('\n'))
  // HAKIKI_ORCA_KEEP=1 keeps Orca's whole debug log (focus and object events beside the speech).
  if (process.env.HAKIKI_ORCA_KEEP) console.error(`orca: kept ${join(work, 'orca.log')}`)
  else rmSync(work, { recursive: true, force: true })
  process.exit(code)
}

/** Xvfb on a free display it picks itself (`-displayfd`). */
function startXvfb(work) {
  return new Promise((resolve, reject) => {
    const xvfb = spawn('Xvfb', ['-displayfd', '1', '-screen', '0', '1280x800x24', '-nolisten', 'tcp', '-noreset'], { cwd: work, stdio: ['ignore', 'pipe', 'ignore'] })
    xvfb.stdout.once('data', (chunk) => resolve({ name: `:${String(chunk).trim()}`, process: xvfb }))
    xvfb.once('exit', () => reject(new Error('Xvfb did not start')))
  })
}

async function inner() {
  const work = process.env[INNER]
  const log = join(work, 'orca.log')
  const started = []
  const loadAtStart = loadavg()[0]
  let server
  const stopAll = async () => {
    await server?.close()
    for (const p of started.toReversed()) p.kill('SIGINT')
  }
  try {
    started.push(spawn('matchbox-window-manager', ['-use_titlebar', 'no'], { stdio: 'ignore' }))
    const orca = spawn('/usr/bin/python3', [join(here, 'orca-line-buffered.py'), log, '-d', 'braille'], { stdio: 'ignore' })
    started.push(orca)
    await waitFor(() => existsSync(log) && readFileSync(log, 'utf8').includes("SPEECH OUTPUT: 'Screen reader on.'"), 30_000, 'Orca to start')
    trace('orca started')

    const { createServer, defaultClientConditions } = await import('vite')
    const { default: react } = await import('@vitejs/plugin-react')
    server = await createServer({
      root: here,
      configFile: false,
      logLevel: 'warn',
      plugins: [react()],
      resolve: { conditions: ['source', ...defaultClientConditions] },
      server: { port: 0, host: '127.0.0.1' },
    })
    await server.listen()
    trace('vite listening')
    const url = `${server.resolvedUrls.local[0]}?ttl=15&attempts=2&cooldown=3&latency=400`
    // The page is built before Chromium opens it: a cold transform would otherwise race the first keys.
    await fetch(url)
    trace('page fetched')

    const chromium = spawn(
      '/usr/bin/chromium',
      [
        '--force-renderer-accessibility',
        '--no-sandbox',
        '--disable-gpu',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        `--user-data-dir=${join(work, 'chromium')}`,
        '--window-size=1000,760',
        '--window-position=0,0',
        `--app=${url}`,
      ],
      { stdio: 'ignore' },
    )
    started.push(chromium)
    const transcript = new Transcript(log)
    const steps = []
    const step = (name) => {
      trace(name)
      steps.push({ name, at: transcript.length() })
    }
    const said = (pattern, ms = 20_000) => transcript.waitFor(pattern, ms)
    /** Presses `name` and waits until Orca says something about it (a moment more for the rest). */
    const press = async (name) => {
      const before = transcript.length()
      key(name)
      await waitFor(() => transcript.length() > before, 5000, `Orca to speak after ${name}`).catch(() => {})
      await sleep(300)
    }

    await said(/^Page has/, 40_000)
    // Tab to the phone field, as a user would: the channel, the country, the number.
    for (let i = 0; i < 6 && !transcript.lines().some((l) => l.text.startsWith('Phone number entry')); i++) {
      await press('Tab')
    }
    step('send the number')
    type('0241234567')
    key('Return')
    await said(/^Verification code entry/)
    step('resend the code')
    await said(/^You can ask for a new code now\./) // the cooldown is over
    key('Tab', 'Tab')
    await said(/^Resend code/)
    key('Return')
    await said(/^New code sent\./)
    step('a wrong code')
    type('111111')
    await said(/^That code is not right/)
    step('another wrong code: locked')
    type('222222')
    await said(/^For your security/)
    step('a new code after the lock')
    // The lock said how long to wait, if there was a wait left: then its end is said too.
    if (transcript.lines().some((l) => /^For your security.*in \d+ seconds?\.$/.test(l.text))) await said(/^You can ask for a new code now\./)
    key('Tab')
    await said(/^Send a new code/)
    key('Return')
    await said(/^New code sent\./)
    step('the code expires')
    await said(/^Codes work for a limited time/, 40_000)
    step('a new code after expiry, then the right code')
    key('Tab')
    await said(/^Send a new code/)
    key('Return')
    await said(/^New code sent\./)
    type('123456')
    await said(/is verified\.$/)
    await sleep(1500) // anything said late, twice, would show here

    // Back from the verified heading: each run by another channel starts from a button after the
    // flow, then Shift+Tab into the new flow's field, as a keyboard user would.
    const into = async (field) => {
      for (let i = 0; i < 4 && !transcript.lines().slice(transcript.cursor).some((l) => l.text.startsWith(field)); i++) {
        await press('shift+Tab')
      }
      await said(new RegExp(`^${field}`))
    }
    step('again, by call')
    key('Tab')
    await said(/^Start again by call/)
    key('Return')
    await into('Phone number entry')
    // Another number: a new person signing up (the SMS run's number is verified already).
    type('0201234567')
    key('Return')
    await said(/^We are calling/)
    type('123456')
    await said(/is verified\.$/)
    await sleep(1000)
    step('again, by email')
    key('Tab', 'Tab')
    await said(/^Start again by email/)
    key('Return')
    await into('Email address entry')
    type('ama@example.com')
    key('Return')
    await said(/^We sent a code to /)
    type('123456')
    await said(/is verified\.$/)
    await sleep(1500)

    // The first number again, by SMS: a second sign-up with a number verified a minute ago is
    // heard like the first one ("Checking the code…", the heading, "… is verified." once).
    step('again, the first number by SMS')
    key('Tab', 'Tab', 'Tab')
    await said(/^Start again by SMS/)
    key('Return')
    await into('Phone number entry')
    type('0241234567')
    key('Return')
    await said(/^We sent a code by SMS to /)
    type('123456')
    await said(/is verified\.$/)
    await sleep(1500)
    step('end')

    console.info(transcript.format(steps))
    const problems = checkTranscript(transcript.lines())
    if (problems.length > 0) {
      console.error(`orca: ${problems.length} problem(s):\n${problems.map((p) => `- ${p}`).join('\n')}`)
      // Orca lags a busy machine: past its 100 ms live-region delay a focus change flushes a queued
      // message, and a heading focused after the old field is gone is taken silently. Say how busy.
      console.error(`orca: load average ${loadAtStart.toFixed(1)} at the start, ${loadavg()[0].toFixed(1)} at the end, on ${availableParallelism()} cores (Orca's own lag grows with it; HAKIKI_ORCA_KEEP=1 keeps its debug log)`)
      process.exitCode = 1
    } else console.info('orca: 1 passed, 0 failed')
  } catch (error) {
    console.error(error)
    process.exitCode = 1
  } finally {
    await stopAll()
    await sleep(500)
  }
}

/** What Orca said, read from its debug log as it is written; key echo left out. */
class Transcript {
  constructor(file) {
    this.file = file
    this.cursor = 0
  }
  lines() {
    return parseSpeech(existsSync(this.file) ? readFileSync(this.file, 'utf8') : '')
  }
  length() {
    return this.lines().length
  }
  /** Waits until Orca says something matching `pattern` after what an earlier wait matched. */
  async waitFor(pattern, ms) {
    let found = -1
    await waitFor(
      () => {
        found = this.lines().findIndex((l, i) => i >= this.cursor && pattern.test(l.text))
        return found !== -1
      },
      ms,
      `Orca to say ${pattern}`,
    ).catch((error) => {
      throw new Error(`${error.message}\n${this.format([])}`)
    })
    this.cursor = found + 1
  }
  format(steps) {
    const out = []
    this.lines().forEach((line, i) => {
      for (const s of steps) if (s.at === i) out.push(`# ${s.name}`)
      out.push(`${line.at}  ${line.text}`)
    })
    for (const s of steps) if (s.at >= this.length()) out.push(`# ${s.name}`)
    return `${out.join('\n')}\n`
  }
}

/** Real X key presses, one after another. */
function key(...keys) {
  execFileSync('xdotool', ['key', '--delay', '120', ...keys])
}

/** Real X typing. */
function type(text) {
  execFileSync('xdotool', ['type', '--delay', '120', text])
}

/** Progress on stderr with HAKIKI_ORCA_TRACE=1. */
function trace(what) {
  if (process.env.HAKIKI_ORCA_TRACE) console.error(`${new Date().toISOString()} ${what}`)
}

function sleep(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms))
}

async function waitFor(condition, ms, what) {
  const end = Date.now() + ms
  while (!condition()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`)
    await sleep(100)
  }
}

if (!process.env[INNER]) await outer()
else await inner()
