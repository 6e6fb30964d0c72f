/**
 * `@hakiki/engine`: Hakiki makes, sends and checks codes itself. `createEngineProvider` is a
 * provider (port v2, `@hakiki/provider`) whose state lives in the caller's store; transports
 * deliver its messages over ordered routes. Runtime-neutral: Web APIs only. Transports that need
 * Node (SMTP, SMPP) are their own entries, `@hakiki/engine/smtp` and `@hakiki/engine/smpp`.
 */
export { createEngineProvider, type EngineProvider, type EngineVerification } from './create-engine-provider'
export type { DeliveryEvent, EngineOptions, MessageOverride, Route } from './engine-options'
export type { DeliveryReport, OutboundMessage, SendReceipt, Transport, TransportCallOptions } from './transport'
export { createInboxTransport, type InboxMessage, type InboxTransport, type InboxTransportOptions } from './transports/create-inbox-transport'
export { createAfricasTalkingTransport, type AfricasTalkingOptions } from './transports/create-africas-talking-transport'
export { createTermiiTransport, type TermiiOptions } from './transports/create-termii-transport'
export { createInfobipTransport, type InfobipOptions } from './transports/create-infobip-transport'
export { createTwilioMessagingTransport, type TwilioMessagingOptions } from './transports/create-twilio-messaging-transport'
