// One group of the English messages, a module of its own so that a bundle takes only the groups
// its components use (esbuild shares a module's every used part between chunks; see messages-en.ts).
/** English messages of `ChannelPicker`. */
export const channelPickerMessagesEn = {
  /** Legend of the group of channels. */
  'channel.legend': 'Send the code by',
  /** The SMS channel. */
  'channel.sms': 'SMS',
  /** The voice-call channel: the code is read aloud. */
  'channel.call': 'Voice call',
  /** The e-mail channel. */
  'channel.email': 'Email',
  /** The WhatsApp channel (the brand name). */
  'channel.whatsapp': 'WhatsApp',
  /** Price of one code by a channel, e.g. "USD 0.05 per message". */
  'channel.fee': '{fee} per message',
} as const
