import type { ApiLocale, FlowState } from '@hakiki/core'
import { VerificationProvider } from '@hakiki/react'
import { LocaleSelect } from '@hakiki/ui'
import { useCallback, useEffect, useState } from 'react'
import { fetchDemoConfig, type DemoConfig } from './demo-config'
import { demoAdapter } from './demo-adapter'
import { DevicePreview } from './device-preview'
import { FaultsPanel } from './faults-panel'
import { initialLocale } from './initial-locale'
import { SignupForm } from './signup-form'
import { ThemeToggle } from './theme-toggle'
import { useDocumentLocale } from './use-document-locale'
import { usePreviewAddress } from './use-preview-address'

/**
 * The demo's page: a sign-up form with the kit's verification flow inside it, a device preview of
 * what the user receives, and a panel to try the error paths, all against the sandbox.
 */
export function App() {
  const [locale, setLocale] = useState<ApiLocale>(initialLocale)
  useDocumentLocale(locale)
  const { to: previewTo, onStateChange: onPreviewState } = usePreviewAddress()
  // The faults panel's notes follow the flow (a note about an expired code goes with that code).
  const [flow, setFlow] = useState<FlowState>()
  const onStateChange = useCallback(
    (state: FlowState) => {
      onPreviewState(state)
      setFlow(state)
    },
    [onPreviewState],
  )
  // The form waits for the server's answer (one local request), so that the phone field offers the
  // provider's countries from its first render instead of switching lists under the user.
  const [config, setConfig] = useState<DemoConfig>()
  useEffect(() => {
    void fetchDemoConfig().then(setConfig)
  }, [])
  return (
    <VerificationProvider adapter={demoAdapter}>
      <header className="demo-header" lang="en">
        <p className="demo-brand">
          Hakiki <span>demo</span>
        </p>
        <div className="demo-header-controls">
          <LocaleSelect value={locale} onValueChange={(_tag, api) => setLocale(api)} className="demo-locale" />
          <ThemeToggle />
        </div>
      </header>
      <main className="demo-main">
        {config ? <SignupForm locale={locale} countries={config.countries === 'all' ? 'all' : undefined} channels={config.channels} onStateChange={onStateChange} /> : <section className="demo-card demo-signup" aria-busy="true" />}
        <DevicePreview to={previewTo} {...(config?.email ? { emailBy: config.email } : {})} />
        <FaultsPanel provider={config?.provider ?? 'verify-api'} flow={flow} />
      </main>
      <footer className="demo-footer" lang="en">
        <p>
          Everything here runs on your machine: the sandbox sends no real message. The language applies to the verification flow and to the
          message sent.
        </p>
      </footer>
    </VerificationProvider>
  )
}
