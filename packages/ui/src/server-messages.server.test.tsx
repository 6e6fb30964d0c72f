import { createMemoryAdapter } from '@hakiki/engine/memory-adapter'
import { renderToString } from 'react-dom/server'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { loadMessages } from './i18n/load-messages'
import { LocaleProvider } from './i18n/locale-provider'
import { VerificationFlow } from './verification-flow'

// The first HTML, as a Server Component or any server renderer sends it: translations otherwise
// load in an effect, after hydration, so only messages handed over by the server can make it
// French.

afterEach(() => {
  vi.restoreAllMocks()
})

describe('messages loaded on the server', () => {
  it('render the flow in French in the server HTML', async () => {
    const errors = vi.spyOn(console, 'error')
    const messages = await loadMessages('fr')
    const html = renderToString(<VerificationFlow adapter={createMemoryAdapter()} locale="fr" messages={messages} defaultCountry="GH" />)
    expect(html).toContain('Vérifiez votre numéro de téléphone')
    expect(html).toContain('Numéro de téléphone')
    expect(html).toContain('Envoyer le code')
    expect(html).toContain('lang="fr"')
    expect(html).not.toContain('Send code')
    expect(errors).not.toHaveBeenCalled()
  })

  it('also through a LocaleProvider around the components', async () => {
    const html = renderToString(
      <LocaleProvider locale="de" messages={await loadMessages('de')}>
        <VerificationFlow adapter={createMemoryAdapter()} defaultCountry="GH" />
      </LocaleProvider>,
    )
    expect(html).toContain('lang="de"')
    expect(html).not.toContain('Send code')
  })

  it('are needed: without them the server HTML is English until the translation loads', () => {
    const html = renderToString(<VerificationFlow adapter={createMemoryAdapter()} locale="fr" defaultCountry="GH" />)
    expect(html).toContain('Send code')
    expect(html).not.toContain('Envoyer le code')
  })
})
