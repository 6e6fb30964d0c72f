import type { Channel } from '@hakiki/core'
import type { DeliveryStatus, ProviderCoverage } from '@hakiki/provider'
import type { MessageTemplate } from '@hakiki/messages'
import type { Transport } from './transport'

/** One way out: a transport, for some channels and countries. Routes are tried in the order given. */
export interface Route {
  transport: Transport
  /** Channels this route carries; default every channel of the transport. */
  channels?: readonly Channel[]
  /** Countries (ISO 3166-1 alpha-2) this route sends phone messages to; default `'all'`. Ignored for e-mail. */
  countries?: ProviderCoverage
}

/** A locale's own wording and senders, over the built-in template of that locale. */
export interface MessageOverride extends Partial<Omit<MessageTemplate, 'locale' | 'email'>> {
  /** E-mail parts to replace (each keeps the placeholders of the built-in one). */
  email?: Partial<MessageTemplate['email']>
  /** Senders for this locale, per channel (SMS sender id, caller id, e-mail From). */
  from?: Partial<Record<Channel, string>>
}

/** What {@link EngineOptions.onDelivery} is told: a carrier's report about a send, or a failover to the next route. */
export interface DeliveryEvent {
  verificationId: string
  channel: Channel
  /** The address (a secret of the person's: mask it before a log line). */
  to: string
  /** Name of the transport the report came from, or that the failover sent through. */
  route: string
  /** The report's status, or the new send's (`queued`, `sent`, `delivered`) for a failover. */
  status: DeliveryStatus
  /** True when this is the send of a failover, not a report. */
  failover?: boolean
}

/** Options of {@link createEngineProvider}. */
export interface EngineOptions {
  /** Key material of the codes (at least 32 bytes): each code is derived from it, and no code is stored. */
  secret: string | Uint8Array
  /** The app's name, as messages show it ("Your Acme code is…"). */
  appName: string
  /**
   * Host of the app's origin (`app.example.com`): SMS end with the origin-bound line
   * `@app.example.com #123456` that WebOTP (Chrome) and iOS/macOS autofill read. Leave it out only
   * when the codes are not typed on a web page.
   */
  webOtpHost?: string
  /** Ordered routes; for each send the first route that takes the channel and country is tried first. */
  routes: readonly Route[]
  /** Digits of a code, 4–10; default 6. */
  codeLength?: number
  /** Seconds a code works; default 600. */
  lifetimeSeconds?: number
  /** Wrong codes before a verification is cancelled; default 5. */
  maxAttempts?: number
  /** Sends per verification, the first included; default 5. Failovers to another route are not counted. */
  maxSends?: number
  /** Wording and senders per locale (API locale `pr-BR` or BCP-47 tag `pt-BR`; `*` for every locale). */
  messages?: Readonly<Record<string, MessageOverride>>
  /**
   * Seconds to wait for a delivery report of a transport that sends them before the same code goes
   * out on the next route; default 120. Checked whenever the verification is read (the UI polls).
   */
  reportTimeoutSeconds?: number
  /** Countries the provider declares; default every country its phone routes name (or `'all'`). */
  countries?: ProviderCoverage
  /**
   * Told of every delivery report that reached a verification, and of every failover send, e.g.
   * to count deliveries per route (`@hakiki/server`'s metrics). Called synchronously; what it
   * throws is ignored.
   */
  onDelivery?: (event: DeliveryEvent) => void
  /** Name in logs and errors; default `engine`. */
  name?: string
  /** Prefix of every store key; default `hakiki:engine:`. */
  keyPrefix?: string
}
