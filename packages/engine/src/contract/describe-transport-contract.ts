/**
 * The transport contract: what the engine relies on from any {@link Transport}, as one reusable
 * Vitest suite. `describeTransportContract(name, setup)` takes a factory that starts the transport's
 * counterpart (a mail server, an SMSC, a gateway stand-in) and returns the transport with ways to
 * see what the counterpart received and to break it.
 */
import { CHANNELS, type Channel } from '@hakiki/core'
import { isProviderError } from '@hakiki/provider'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { OutboundMessage, Transport } from '../transport'

/** One fresh counterpart and the transport under test. */
export interface TransportContractHarness {
  transport: Transport
  /** An address the counterpart accepts, for each channel the transport declares. */
  addresses: Partial<Record<Channel, string>>
  /** The texts (SMS text, e-mail text part, call script) the counterpart received so far, oldest first. */
  received(): string[] | Promise<string[]>
  /** Makes the counterpart refuse or fail every send from now on (an outage, a revoked key); left out when it cannot fail (an in-memory inbox). */
  breakCounterpart?(): void | Promise<void>
  /** A delivery-report request the transport must refuse (wrong or missing secret), when it reads webhooks. */
  forgedReport?(): Request
  close?(): Promise<void>
}

/** Registers the contract's tests for one transport. */
export function describeTransportContract(name: string, setup: () => Promise<TransportContractHarness>): void {
  describe(`transport contract: ${name}`, () => {
    let h: TransportContractHarness
    beforeEach(async () => {
      h = await setup()
    })
    afterEach(async () => {
      await h.close?.()
    })
    const message = (channel: Channel, text: string): OutboundMessage => ({
      channel,
      to: h.addresses[channel] ?? '',
      locale: 'en',
      text,
      reference: `ref-${text}`,
      ...(channel === 'email' ? { subject: `Subject ${text}`, html: `<p>${text}</p>` } : {}),
    })

    it('declares a name and channels, and an address for each channel', () => {
      expect(h.transport.name).toMatch(/^[a-z0-9-]+$/)
      expect(h.transport.channels.length).toBeGreaterThan(0)
      for (const channel of h.transport.channels) {
        expect(CHANNELS).toContain(channel)
        expect(h.addresses[channel]).toEqual(expect.any(String))
      }
    })

    it('hands each declared channel a message the counterpart receives, and says how far it got', async () => {
      for (const [i, channel] of h.transport.channels.entries()) {
        const receipt = await h.transport.send(message(channel, `hello ${i} 408215`))
        expect(['queued', 'sent', 'delivered']).toContain(receipt.status)
        expect(receipt.messageId === undefined || (typeof receipt.messageId === 'string' && receipt.messageId.length > 0)).toBe(true)
      }
      const received = await h.received()
      expect(received).toHaveLength(h.transport.channels.length)
      h.transport.channels.forEach((_, i) => expect(received[i]).toContain(`hello ${i} 408215`))
    })

    it('refuses a channel it does not declare with unsupported_channel, sending nothing', async () => {
      const missing = CHANNELS.find((c) => !h.transport.channels.includes(c))
      if (!missing) return
      const error = await h.transport.send({ ...message(missing, 'nope'), to: '+233241234567' }).catch((e: unknown) => e)
      expect(isProviderError(error, 'unsupported_channel')).toBe(true)
      expect(await h.received()).toHaveLength(0)
    })

    it("rejects with the caller's abort reason, sending nothing", async () => {
      const controller = new AbortController()
      const reason = new Error('the request went away')
      controller.abort(reason)
      await expect(h.transport.send(message(h.transport.channels[0]!, 'aborted'), { signal: controller.signal })).rejects.toBe(reason)
      expect(await h.received()).toHaveLength(0)
    })

    it('rejects with a ProviderError of operation "send" when the counterpart fails', async () => {
      if (!h.breakCounterpart) return
      await h.breakCounterpart()
      const error = await h.transport.send(message(h.transport.channels[0]!, 'broken')).catch((e: unknown) => e)
      expect(isProviderError(error)).toBe(true)
      expect((error as { operation?: string }).operation).toBe('send')
    })

    it('refuses a forged delivery report, reading nothing from it', async () => {
      if (!h.transport.readReports || !h.forgedReport) return
      const { reports, response } = await h.transport.readReports(h.forgedReport())
      expect(reports).toEqual([])
      expect(response.status).toBe(401)
    })
  })
}
