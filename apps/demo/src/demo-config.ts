/**
 * What the demo server says of itself (`GET /api/demo/config`, see `server/create-demo-api.ts`):
 * which provider the proxy talks to and which countries it accepts. Demo-only: a real app knows
 * its own provider when it is built.
 */
import { ALL_CHANNELS, CHANNELS, type Channel } from '@hakiki/core'

export interface DemoConfig {
  /** `engine`: own delivery, the proxy on `@hakiki/engine` (see `server/create-demo-api.ts`). */
  provider: 'verify-api' | 'twilio' | 'engine'
  /** `all` with Twilio Verify; `covered` (the Verify API's 14) otherwise. */
  countries: 'all' | 'covered'
  /** The channels the provider sends, in the picker's order (WhatsApp with Twilio Verify). */
  channels: readonly Channel[]
  /** Own delivery only: e-mail goes through a local mail server (`smtp`) or to the sandbox's inbox. */
  email?: 'smtp' | 'inbox'
}

/** The Verify API with its 14 countries: what the page assumes when the server does not say. */
export const DEFAULT_DEMO_CONFIG: DemoConfig = { provider: 'verify-api', countries: 'covered', channels: CHANNELS }

/** Asks the demo server; the default when it cannot be read. */
export async function fetchDemoConfig(): Promise<DemoConfig> {
  try {
    const response = await fetch('/api/demo/config')
    if (!response.ok) return DEFAULT_DEMO_CONFIG
    const body = (await response.json()) as Partial<DemoConfig>
    return {
      provider: body.provider === 'twilio' || body.provider === 'engine' ? body.provider : 'verify-api',
      countries: body.countries === 'all' ? 'all' : 'covered',
      // Only channels the kit knows, in the kit's order.
      channels: Array.isArray(body.channels) ? ALL_CHANNELS.filter((c) => body.channels?.includes(c)) : CHANNELS,
      ...(body.email === 'smtp' || body.email === 'inbox' ? { email: body.email } : {}),
    }
  } catch {
    return DEFAULT_DEMO_CONFIG
  }
}
