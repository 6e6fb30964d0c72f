/**
 * The demo's stand-in for a carrier that can fail, in its own-delivery mode: SMS (and WhatsApp) to
 * a number ending in `0000` is taken (`sent`) and then reported `undelivered`, as a gateway's
 * delivery report would say of a switched-off or unreachable phone; the message never reaches the
 * inbox. Everything else goes to `inner` (the sandbox's inbox). Calls always go through, so "try a
 * call" works. The report arrives over `takeReports`, which the engine drains on its next call
 * (the page polls the verification), as SMPP receipts do.
 */
import type { DeliveryReport, Transport } from '@hakiki/engine'

/** Whether the demo's carrier cannot deliver an SMS to `to`: numbers ending in 0000. */
export const isUnreachable = (to: string): boolean => /^\+\d+0000$/.test(to)

/** `inner` behind a carrier that reports SMS to {@link isUnreachable} numbers undelivered. */
export function createDemoCarrier(inner: Transport): Transport {
  let reports: DeliveryReport[] = []
  let counter = 0
  return {
    name: 'demo-carrier',
    channels: inner.channels,
    async send(message, options) {
      options?.signal?.throwIfAborted()
      if (message.channel === 'call' || message.channel === 'email' || !isUnreachable(message.to)) return inner.send(message, options)
      counter += 1
      const messageId = `demo-undelivered-${counter}`
      // Bounded: the engine drains on every call; a burst the page never polls cannot grow it.
      reports = [...reports.slice(-99), { messageId, status: 'undelivered', carrierCode: 'absent-subscriber' }]
      return { messageId, status: 'sent' }
    },
    takeReports() {
      const taken = reports
      reports = []
      return taken
    },
  }
}
