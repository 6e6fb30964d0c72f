'use client'
/**
 * The words only the steps after the address step say, in the chunk those steps come in (see
 * `later-steps.ts`): where the code went, what the provider says of the message, the outcomes the
 * flow's live region says, the errors only the code step meets. The address step's words, and every
 * other error's, are `flow-text.ts`, up front.
 * Addresses come worded by the caller (`displayAddress`): this chunk carries no phone formatting.
 */
import type { Channel, FinalDelivery, FlowAnnouncement, FlowError } from '@hakiki/core'
import { useLocale, type LocaleValue } from '../i18n/locale-context'
import { translator } from '../i18n/translator'
import { attemptsNoticeMessagesEn, channelPickerMessagesEn, codeErrorMessagesEn, codeInputMessagesEn, flowStepsMessagesEn, resendButtonMessagesEn } from '../i18n/messages-en'
import { waitCount } from '../i18n/wait-count'

/** A channel's own message key when the catalog has one (`flow.sent.sms`), else `undefined`: the generic key with `{channel}` serves. */
function ownKey(key: string): keyof typeof flowStepsMessagesEn | undefined {
  return key in flowStepsMessagesEn ? (key as keyof typeof flowStepsMessagesEn) : undefined
}

/** The words of the code step, in the UI's language. */
export interface StepText {
  /** The code step's heading: where the code went, by which channel (`address` as shown). */
  codeHeading: (channel: Channel, address: string) => string
  /** Where the code went, as a sentence ("We sent a code by SMS to …"): the code field's description. */
  sentText: (channel: Channel, address: string) => string
  /** "Delivered", or "Couldn't be delivered — try a call" when `switchTo` offers the other channel. */
  deliveryText: (delivery: FinalDelivery, switchTo: Channel | undefined) => string
}

/** {@link StepText} for `locale` (what `useLocale()` gives). */
export function stepText(locale: Pick<LocaleValue, 'tag' | 'messages'>): StepText {
  const t = translator(locale, flowStepsMessagesEn)
  const tChannel = translator(locale, channelPickerMessagesEn)
  // A channel with words of its own (SMS, call, e-mail) uses them; any other (WhatsApp, a channel
  // added later) the generic sentence with its name, so a new channel needs one key: its name.
  const channelName = (channel: Channel): string => tChannel(`channel.${channel}`)
  return {
    sentText: (channel, address) => {
      const own = ownKey(`flow.sent.${channel}`)
      return own ? t(own, { address }) : t('flow.sent', { channel: channelName(channel), address })
    },
    codeHeading: (channel, address) => {
      const own = ownKey(`flow.heading.code.${channel}`)
      return own ? t(own, { address }) : t('flow.heading.code', { channel: channelName(channel), address })
    },
    deliveryText: (delivery, switchTo) => {
      if (delivery === 'delivered') return t('flow.delivery.delivered')
      return switchTo === 'call' ? t('flow.delivery.failed.call') : switchTo === 'sms' ? t('flow.delivery.failed.sms') : t('flow.delivery.failed')
    },
  }
}

/** {@link stepText} for this render's locale. */
export function useStepText(): StepText {
  return stepText(useLocale())
}

/** What {@link spokenStepText} needs beside the announcement. */
export interface SpokenStepContext {
  /** When (client epoch ms) a new code may be asked for: an expired or locked code says how long that is. */
  waitUntil: number | undefined
  /** The flow's clock (client epoch ms). */
  now: () => number
  /** The channel "… instead" switches to on the code step, when one is offered. */
  switchTo: Channel | undefined
  /** An address as shown (`displayAddress`). */
  address: (to: string, channel: Channel) => string
}

/**
 * The words the flow's live region says for an announcement of the later steps (checking, sent
 * again, an outcome, the provider's news of the message); `undefined` for the address step's
 * (`sending`) and for errors, which the up-front `useFlowText` words.
 */
export function spokenStepText(locale: Pick<LocaleValue, 'tag' | 'messages'>, a: FlowAnnouncement, context: SpokenStepContext): string | undefined {
  const t = translator(locale, flowStepsMessagesEn)
  const tResend = translator(locale, resendButtonMessagesEn)
  /** An outcome, then how long until a new code may be asked for, when there is a wait. */
  const withWait = (outcome: string): string => {
    const seconds = context.waitUntil === undefined ? 0 : Math.ceil((context.waitUntil - context.now()) / 1000)
    if (seconds <= 0) return outcome
    const wait = waitCount(seconds)
    return t('flow.sentences', { first: outcome, second: tResend(wait.unit === 'minute' ? 'resend.waitMinutes' : 'resend.wait', { count: wait.count }) })
  }
  switch (a.kind) {
    case 'checking':
      return translator(locale, codeInputMessagesEn)('code.checking')
    case 'sent':
      return stepText(locale).sentText(a.channel, context.address(a.to, a.channel))
    case 'resent':
      return t('flow.resent')
    case 'verified':
      return t('flow.verified', { address: context.address(a.to, a.channel) })
    // The heading focus moves to names the outcome ("Your code has expired"); the region says
    // the words under it, what to do next, so nothing is heard twice.
    case 'expired':
      return withWait(t('flow.expiredBody'))
    case 'locked':
      return withWait(t('flow.lockedBody'))
    case 'delivery':
      return stepText(locale).deliveryText(a.delivery, context.switchTo)
    case 'sending':
    case 'error':
      return undefined
  }
}

/**
 * The sentence of an error only the code step meets, all made by the flow itself (a wrong code,
 * with the attempts left when the server said; a code typed again after it was refused; Verify
 * pressed before every digit); `undefined` for any other error, which `useFlowText` words up front.
 */
export function stepErrorText(locale: Pick<LocaleValue, 'tag' | 'messages'>, e: FlowError, codeLength: number | undefined): string | undefined {
  const t = translator(locale, codeErrorMessagesEn)
  switch (e.code) {
    case 'wrong_code':
      return e.attemptsLeft === undefined ? t('error.wrong_code') : translator(locale, attemptsNoticeMessagesEn)('attempts.wrongCode', { count: e.attemptsLeft })
    case 'already_tried':
      return t('error.already_tried')
    case 'incomplete_code':
      return t('error.incomplete_code', { count: codeLength ?? 6 })
    default:
      return undefined
  }
}
