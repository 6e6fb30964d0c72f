/**
 * The page Orca reads (`run-orca.ts`): the whole `VerificationFlow` over the memory adapter, with
 * short lifetimes so that expiry, lock and resend happen within seconds, and buttons to start again
 * by call, by e-mail and by SMS (the first number again). The code is always 123456.
 */
import '../src/styles.css'
import { createMemoryAdapter } from '@hakiki/engine/memory-adapter'
import type { Channel } from '@hakiki/core'
import { useState } from 'react'
import { createRoot } from 'react-dom/client'
import { VerificationFlow } from '../src/verification-flow'

const params = new URLSearchParams(location.search)
const adapter = createMemoryAdapter({
  fixedCode: '123456',
  ttlSeconds: Number(params.get('ttl') ?? 600),
  maxAttempts: Number(params.get('attempts') ?? 5),
  cooldownsSeconds: [Number(params.get('cooldown') ?? 2)],
  // A real network takes a while: "Checking the code…" is on screen before the answer.
  latencyMs: Number(params.get('latency') ?? 400),
})

/**
 * The flow, then buttons that start it again with one channel: a sign-up by call, one by e-mail and
 * one by SMS with the first number again follow the first one in the same page (a flow with one
 * channel shows no channel picker).
 */
function Page() {
  const [run, setRun] = useState<{ n: number; channel?: Channel }>({ n: 0 })
  return (
    <>
      <VerificationFlow key={run.n} adapter={adapter} defaultCountry="GH" headingLevel={1} {...(run.channel ? { channels: [run.channel] } : {})} />
      <button type="button" onClick={() => setRun({ n: run.n + 1, channel: 'call' })}>
        Start again by call
      </button>
      <button type="button" onClick={() => setRun({ n: run.n + 1, channel: 'email' })}>
        Start again by email
      </button>
      <button type="button" onClick={() => setRun({ n: run.n + 1, channel: 'sms' })}>
        Start again by SMS
      </button>
    </>
  )
}

createRoot(document.getElementById('root') as HTMLElement).render(<Page />)
