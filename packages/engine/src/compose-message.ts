/**
 * Builds the message of one send: the locale's template with the app's overrides, rendered with
 * the code, the time it has left and the origin-bound line, and the sender for that locale and channel.
 */
import { toApiLocale, toLanguageTag, type ApiLocale, type Channel } from '@hakiki/core'
import type { MessageOverride } from './engine-options'
import type { OutboundMessage } from './transport'
import type { MessageTemplate } from '@hakiki/messages'
import { getTemplate, renderMessage } from '@hakiki/messages'

/** What the engine knows when it composes a message. */
export interface ComposeInput {
  channel: Channel
  to: string
  /** BCP-47 tag or API locale; an unknown one falls back to English. */
  locale: string
  code: string
  /**
   * Seconds until the code expires, from the verification's own clock: a re-send or a failover keeps
   * the first send's expiry, so its message must not promise the full lifetime again.
   */
  secondsLeft: number
  reference: string
  verificationId: string
}

/** Settings of {@link createComposer}, from the engine's options. */
export interface ComposerSettings {
  appName: string
  webOtpHost?: string
  messages?: Readonly<Record<string, MessageOverride>>
}

/** A function that composes messages with the app's settings. Overrides are resolved once, here. */
export function createComposer(settings: ComposerSettings): (input: ComposeInput) => OutboundMessage {
  const overrides = new Map<string, MessageOverride>()
  for (const [key, value] of Object.entries(settings.messages ?? {})) {
    const api = key === '*' ? '*' : toApiLocale(key)
    if (!api) throw new TypeError(`messages: unknown locale "${key}"`)
    overrides.set(api, value)
  }
  const templates = new Map<ApiLocale, { template: MessageTemplate; from: Partial<Record<Channel, string>> }>()
  const resolve = (api: ApiLocale) => {
    let found = templates.get(api)
    if (!found) {
      const base = getTemplate(api)
      const all = overrides.get('*') ?? {}
      const own = overrides.get(api) ?? {}
      const { from: fromAll, email: emailAll, ...restAll } = all
      const { from: fromOwn, email: emailOwn, ...restOwn } = own
      found = {
        template: { ...base, ...restAll, ...restOwn, locale: api, email: { ...base.email, ...emailAll, ...emailOwn } },
        from: { ...fromAll, ...fromOwn },
      }
      templates.set(api, found)
    }
    return found
  }
  return (input) => {
    const api = toApiLocale(input.locale) ?? 'en'
    const { template, from } = resolve(api)
    const rendered = renderMessage(template, input.channel, {
      app: settings.appName,
      code: input.code,
      // Rounded down: a message never promises time the code does not have (350 s left is "5 minutes").
      // Messages count in minutes, so the last minute is still "1 minute".
      minutes: Math.max(1, Math.floor(input.secondsLeft / 60)),
      autofillHost: settings.webOtpHost,
    })
    const sender = from[input.channel]
    return {
      channel: input.channel,
      to: input.to,
      locale: toLanguageTag(api),
      text: rendered.body,
      reference: input.reference,
      verificationId: input.verificationId,
      code: input.code,
      ...(rendered.subject === undefined ? {} : { subject: rendered.subject }),
      ...(rendered.html === undefined ? {} : { html: rendered.html }),
      ...(sender === undefined ? {} : { from: sender }),
    }
  }
}
