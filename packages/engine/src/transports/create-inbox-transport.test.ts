// The inbox transport passes the transport contract (it cannot fail, so that test is left out).
import { describeTransportContract } from '../contract/index'
import { createInboxTransport } from './create-inbox-transport'

describeTransportContract('inbox', async () => {
  const inbox = createInboxTransport()
  return {
    transport: inbox,
    addresses: { sms: '+233241234567', call: '+233241234567', email: 'ama@example.com' },
    received: () => inbox.list().toReversed().map((m) => m.text),
  }
})
