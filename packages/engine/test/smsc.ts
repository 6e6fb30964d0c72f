/**
 * Test helper: an SMSC on a loopback port, built on the `smpp` package's server (the same wire
 * protocol a real SMSC speaks): transceiver binds checked against one system id and password,
 * `submit_sm` answered with a message id, and delivery receipts sent back as `deliver_sm` in the
 * SMPP 3.4 appendix B text format (`id:… sub:001 dlvrd:001 … stat:DELIVRD err:000 text:…`).
 */
import type { AddressInfo } from 'node:net'
import smpp, { type PDU, type Session } from 'smpp'

/** What the SMSC does after accepting a submit. */
export type ReceiptMode = 'delivered' | 'undelivered' | 'none'

/** One accepted submit. */
export interface Submitted {
  messageId: string
  to: string
  from: string
  text: string
  registeredDelivery: number
}

/** A running SMSC. */
export interface Smsc {
  url: string
  submitted: Submitted[]
  /** Binds tried, with their outcome. */
  binds: { systemId: string; ok: boolean }[]
  receipts: ReceiptMode
  /** Drops every bound connection, as an SMSC restart does. */
  dropConnections(): void
  close(): Promise<void>
}

/** A decoded message field: a string, or `{ message }` when the package splits off a header. */
const read = (field: unknown) => (typeof field === 'string' ? field : ((field as { message?: string } | undefined)?.message ?? ''))
const pad = (n: number) => String(n).padStart(2, '0')
const smppDate = (d: Date) => `${pad(d.getUTCFullYear() % 100)}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}${pad(d.getUTCHours())}${pad(d.getUTCMinutes())}`

export async function startSmsc(credentials: { systemId: string; password: string }, receipts: ReceiptMode = 'delivered'): Promise<Smsc> {
  const sessions = new Set<Session>()
  let counter = 0
  const smsc = { submitted: [], binds: [], receipts } as unknown as Smsc
  const server = smpp.createServer((session: Session) => {
    sessions.add(session)
    session.on('close', () => sessions.delete(session))
    session.on('error', () => sessions.delete(session))
    let authorized = false
    session.on('bind_transceiver', (pdu: PDU) => {
      authorized = pdu.system_id === credentials.systemId && pdu.password === credentials.password
      smsc.binds.push({ systemId: String(pdu.system_id), ok: authorized })
      session.send(pdu.response({ command_status: authorized ? smpp.ESME_ROK : smpp.ESME_RBINDFAIL }))
      if (!authorized) session.close()
    })
    session.on('enquire_link', (pdu: PDU) => session.send(pdu.response()))
    session.on('unbind', (pdu: PDU) => {
      session.send(pdu.response())
      session.close()
    })
    session.on('submit_sm', (pdu: PDU) => {
      if (!authorized) return void session.send(pdu.response({ command_status: smpp.ESME_RBINDFAIL }))
      const to = String(pdu.destination_addr)
      if (!/^\d{8,15}$/.test(to)) return void session.send(pdu.response({ command_status: smpp.ESME_RINVDSTADR }))
      counter += 1
      const messageId = `SMSC${counter}`
      // Text that does not fit one SMS comes in the message_payload TLV, with an empty short_message.
      const text = read(pdu.message_payload) || read(pdu.short_message)
      smsc.submitted.push({ messageId, to, from: String(pdu.source_addr), text, registeredDelivery: Number(pdu.registered_delivery) })
      session.send(pdu.response({ message_id: messageId }))
      if (smsc.receipts === 'none' || (Number(pdu.registered_delivery) & 0x01) === 0) return
      const stat = smsc.receipts === 'delivered' ? 'DELIVRD' : 'UNDELIV'
      const now = smppDate(new Date())
      setTimeout(() => {
        session.deliver_sm({
          source_addr: to,
          destination_addr: String(pdu.source_addr),
          esm_class: 0x04,
          short_message: `id:${messageId} sub:001 dlvrd:${stat === 'DELIVRD' ? '001' : '000'} submit date:${now} done date:${now} stat:${stat} err:${stat === 'DELIVRD' ? '000' : '001'} text:`,
        })
      }, 20)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()))
  smsc.url = `smpp://127.0.0.1:${(server.address() as AddressInfo).port}`
  smsc.dropConnections = () => {
    for (const s of sessions) s.destroy()
  }
  smsc.close = async () => {
    for (const s of sessions) s.destroy()
    await new Promise<void>((resolve) => server.close(() => resolve()))
  }
  return smsc
}
