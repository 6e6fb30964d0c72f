// The part of the `smpp` package (0.5.1, no bundled types) that the SMPP transport and its tests use.
declare module 'smpp' {
  import type { EventEmitter } from 'node:events'
  import type { Server as NetServer, Socket } from 'node:net'

  /** One protocol data unit; fields are the SMPP specification's names. */
  export interface PDU {
    command: string
    command_status: number
    sequence_number: number
    [field: string]: unknown
    response(fields?: Record<string, unknown>): PDU
  }

  export interface Session extends EventEmitter {
    socket: Socket
    bind_transceiver(fields: Record<string, unknown>, callback?: (pdu: PDU) => void): boolean
    submit_sm(fields: Record<string, unknown>, callback?: (pdu: PDU) => void): boolean
    deliver_sm(fields: Record<string, unknown>, callback?: (pdu: PDU) => void): boolean
    unbind(fields?: Record<string, unknown>, callback?: (pdu: PDU) => void): boolean
    send(pdu: PDU, callback?: (pdu: PDU) => void): boolean
    close(callback?: () => void): void
    destroy(callback?: () => void): void
    pause(): void
    resume(): void
  }

  export type Server = NetServer

  /** The module (CommonJS: import its default export; its constants are set in a loop, so Node sees no named exports). */
  const smpp: {
    connect(options: { url: string; auto_enquire_link_period?: number }, listener?: () => void): Session
    createServer(listener: (session: Session) => void): Server
    ESME_ROK: number
    ESME_RBINDFAIL: number
    ESME_RINVDSTADR: number
    ESME_RTHROTTLED: number
    ESME_RMSGQFUL: number
    ESME_RSYSERR: number
    ESME_RINVPASWD: number
    ESME_RINVSYSID: number
    encodings: { detect(text: string): string | false }
  }
  export default smpp
}
