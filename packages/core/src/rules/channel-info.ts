/**
 * What the kit knows about each channel, as data: the kind of address it reaches, the channel a
 * "… instead" button switches to, whether Chrome's WebOTP can read its code, and the phone number
 * types it can reach. Every rule that used to ask `channel === 'email'` asks this table instead,
 * so a new channel is one entry here, one in `CHANNELS`, and its words in the catalogs.
 */
import type { Channel } from '../adapters/contract'

/** The kind of address a channel reaches: a phone number (E.164) or an e-mail address. */
export type AddressKind = 'phone' | 'email'

/** The facts of one channel. */
export interface ChannelInfo {
  /** The kind of address it reaches; a switch of channel stays on the same kind. */
  address: AddressKind
  /**
   * The channel the code step offers instead ("Call me instead" for SMS, "Text me instead" for a
   * call), when the flow offers it too; none for e-mail and WhatsApp.
   */
  switchTo: Channel | undefined
  /** The code arrives by SMS, which Chrome on Android's WebOTP can read (`@domain #code`). */
  webOtp: boolean
  /**
   * The phone number types the channel reaches by default (a landline takes a call, not an SMS);
   * empty for e-mail. Providers may narrow it.
   */
  numberTypes: readonly string[]
}

/** The facts of every channel. */
export const CHANNEL_INFO: Readonly<Record<Channel, ChannelInfo>> = {
  sms: { address: 'phone', switchTo: 'call', webOtp: true, numberTypes: ['mobile', 'fixed_line_or_mobile'] },
  call: { address: 'phone', switchTo: 'sms', webOtp: false, numberTypes: ['mobile', 'fixed_line', 'fixed_line_or_mobile', 'voip'] },
  email: { address: 'email', switchTo: undefined, webOtp: false, numberTypes: [] },
  // WhatsApp reaches the app on a mobile number; no SMS arrives, so WebOTP has nothing to read.
  whatsapp: { address: 'phone', switchTo: undefined, webOtp: false, numberTypes: ['mobile', 'fixed_line_or_mobile'] },
}

/** The kind of address `channel` reaches. */
export function addressKindOf(channel: Channel): AddressKind {
  return CHANNEL_INFO[channel].address
}

/** Whether `channel` reaches an e-mail address (rather than a phone number). */
export function isEmailChannel(channel: Channel): boolean {
  return CHANNEL_INFO[channel].address === 'email'
}
