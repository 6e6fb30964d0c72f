import type { Channel } from '@hakiki/core'
import { ChannelPicker } from '@hakiki/ui'
import '@hakiki/ui/styles.css'
import { useState } from 'react'

export function HowToSend() {
  const [channel, setChannel] = useState<Channel>('sms')
  // A native radio group: arrow keys, form data and screen readers work without script.
  return <ChannelPicker name="channel" channels={['sms', 'call']} value={channel} onValueChange={setChannel} fees={{ sms: 'US$0.05' }} />
}
