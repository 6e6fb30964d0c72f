/**
 * The browser side of the packed-tarball app (`packed.test.ts`): type-checked with
 * `tsconfig.browser.json` and built by Vite from the app's own node_modules.
 */
import { createProxyAdapter } from '@hakiki/core'
import { VerificationFlow } from '@hakiki/ui'
import '@hakiki/ui/styles.css'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'

const adapter = createProxyAdapter({ baseUrl: '/api/verify' })
const root = document.getElementById('root')
if (root === null) throw new Error('#root is missing')

createRoot(root).render(
  <StrictMode>
    <VerificationFlow adapter={adapter} defaultCountry="GH" onVerified={(receipt) => void fetch('/sign-up', { method: 'POST', body: receipt ?? '' })} />
  </StrictMode>,
)
