/** `@hakiki/engine/smpp`: SMS through an SMSC over SMPP 3.4 (Node only, the `smpp` package). */
export { createSmppTransport, type SmppTransportOptions } from './create-smpp-transport'
