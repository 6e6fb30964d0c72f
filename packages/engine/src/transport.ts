/**
 * The transport port: how the engine hands one rendered message to something that delivers it
 * (an SMTP server, an SMSC over SMPP, an SMS gateway's HTTP API, an in-memory inbox). A transport
 * knows nothing of codes, attempts or verifications; the engine picks routes, renders text and
 * applies delivery reports. A new gateway is one new transport and nothing else.
 *
 * Transports reject with a `ProviderError` (operation `send` or `report`) and never put the
 * message text, a secret or a whole address in an error message or a log line.
 */
import type { Channel } from '@hakiki/core'
import type { DeliveryStatus } from '@hakiki/provider'

/** One message, rendered and ready to go. */
export interface OutboundMessage {
  channel: Channel
  /** E.164 phone number (sms, call) or e-mail address (email). */
  to: string
  /** BCP-47 tag of the message's language. */
  locale: string
  /** Sender (SMS sender id, caller id, e-mail From) when set for this locale; else the transport's own. */
  from?: string
  /** E-mail subject (the code is in it). */
  subject?: string
  /** SMS text, e-mail text part, or the call's script. */
  text: string
  /** E-mail HTML part. */
  html?: string
  /** The engine's reference of this send (unique per send); gateways that echo a reference get it. */
  reference: string
  /** The engine's id of the verification this message belongs to (set by the engine). */
  verificationId?: string
  /**
   * The code the text carries (set by the engine), for an inbox that shows it on screen (the
   * sandbox, a demo). A transport that delivers sends `text` and never reads, logs or forwards this.
   */
  code?: string
}

/** What a transport learned when its carrier accepted the message. */
export interface SendReceipt {
  /** The carrier's message id, which its delivery reports name; absent when it reports nothing. */
  messageId?: string
  /** `sent` when the carrier took it, `queued` when it only queued it; `delivered` when accepting is delivering (an inbox). */
  status: Extract<DeliveryStatus, 'queued' | 'sent' | 'delivered'>
}

/** A carrier's report about one message. */
export interface DeliveryReport {
  /** The carrier's message id, as {@link SendReceipt.messageId} had it. */
  messageId: string
  status: DeliveryStatus
  /** The carrier's own status or error code, for logs. */
  carrierCode?: string
}

/** Per-call options of a transport. */
export interface TransportCallOptions {
  /** Aborting rejects with the signal's reason. */
  signal?: AbortSignal
}

/** Something that delivers rendered messages. */
export interface Transport {
  /** Short name, unique among the engine's routes (`smtp`, `africas-talking`): reports are routed by it. */
  readonly name: string
  /** Channels it can carry. */
  readonly channels: readonly Channel[]
  /** Hands one message to the carrier; resolves once the carrier accepted it. */
  send(message: OutboundMessage, options?: TransportCallOptions): Promise<SendReceipt>
  /**
   * Reads a delivery-report webhook of this transport's gateway (authenticating it as the gateway
   * allows) and gives the answer to send back. Reports it cannot read are dropped, not thrown.
   */
  readReports?(request: Request): Promise<{ reports: DeliveryReport[]; response: Response }>
  /** Reports that came on the transport's own connection (SMPP receipts) since the last call, oldest first. */
  takeReports?(): DeliveryReport[]
  /** Releases connections (an SMPP bind, an SMTP pool). */
  close?(): Promise<void>
}
