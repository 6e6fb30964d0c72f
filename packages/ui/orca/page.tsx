/**
 * The page Orca reads (`run-orca.ts`): the whole `VerificationFlow` over the memory adapter, with
 * short lifetimes so that expiry, lock and resend happen within seconds. The code is always 123456.
 */
import '../src/styles.css'
import { createMemoryAdapter } from '@hakiki/engine/memory-adapter'
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

createRoot(document.getElementById('root') as HTMLElement).render(<VerificationFlow adapter={adapter} defaultCountry="GH" headingLevel={1} />)
