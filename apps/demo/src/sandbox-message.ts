import type { ApiLocale, Channel } from '@hakiki/core'

/** A message the sandbox "sent", as its inbox and message stream give it. */
export interface SandboxMessage {
  /** `SM…`, `CA…` or `EM…`. */
  id: string
  verificationId: string
  to: string
  channel: Channel
  locale: ApiLocale
  /** E-mail subject. */
  subject?: string
  /** SMS text, e-mail text or the call's script. */
  body: string
  html?: string
  code: string
  /** ISO time on the sandbox clock. */
  sentAt: string
}

/** Reads one message from the stream's JSON, refusing anything of another shape. */
export function parseSandboxMessage(data: string): SandboxMessage | undefined {
  try {
    const value = JSON.parse(data) as Partial<SandboxMessage> | null
    if (!value || typeof value.id !== 'string' || typeof value.to !== 'string' || typeof value.body !== 'string') return undefined
    if (value.channel !== 'sms' && value.channel !== 'call' && value.channel !== 'email') return undefined
    return value as SandboxMessage
  } catch {
    return undefined
  }
}
