'use client'
/**
 * The words of `VerificationFlow`: how an address is shown, what each error and announcement
 * says in the UI's language. Which error goes where is core's policy (`connect()`); this module
 * only words it.
 */
import { formatKnownPhoneNumber, isEmailChannel, type Channel, type FinalDelivery, type FlowAnnouncement, type FlowError, type PhoneCountryCode } from '@hakiki/core'
import { useVerificationContext } from '@hakiki/react'
import { isolate } from '../class-names'
import { countryName } from '../country-names'
import { useLocale, useMessages } from '../i18n/locale-context'
import { attemptsNoticeMessagesEn, channelPickerMessagesEn, codeInputMessagesEn, errorMessagesEn, flowMessagesEn, resendButtonMessagesEn } from '../i18n/messages-en'
import { waitCount } from '../i18n/wait-count'

/**
 * An address as shown: kept left to right inside RTL text, and a phone number formatted (with the
 * metadata of its country, which the phone field loaded) with no-break spaces, so that a narrow
 * screen never splits it across lines.
 */
export function displayAddress(to: string, by: Channel): string {
  return isolate(isEmailChannel(by) ? to : formatKnownPhoneNumber(to).replaceAll(' ', '\u00A0'))
}

/** A channel's own message key when the catalog has one (`flow.sent.sms`), else `undefined`: the generic key with `{channel}` serves. */
function ownKey(key: string): keyof typeof flowMessagesEn | undefined {
  return key in flowMessagesEn ? (key as keyof typeof flowMessagesEn) : undefined
}

/** What {@link useFlowText} returns. */
export interface FlowText {
  /** The sentence for an error of the flow. */
  errorText: (error: FlowError) => string
  /**
   * The words the flow's live region says for an announcement. `waitUntil` (client epoch ms) is
   * when a new code may be asked for: an expired or locked code says how long that is.
   */
  spokenText: (announcement: FlowAnnouncement, waitUntil: number | undefined) => string
  /** "Delivered", or "Couldn't be delivered — try a call" when `switchTo` offers the other channel. */
  deliveryText: (delivery: FinalDelivery, switchTo: Channel | undefined) => string
  /** The code step's heading: where the code went, by which channel. */
  codeHeading: (channel: Channel, to: string) => string
  /** Where the code went, as a sentence ("We sent a code by SMS to …"): the code field's description. */
  sentText: (channel: Channel, to: string) => string
}

/** What the wording needs to know beside the error: the code's length, the country, e-mail on offer. */
export interface FlowTextContext {
  /** The channel "… instead" switches to on the code step, when one is offered. */
  switchTo?: Channel | undefined
  /** Digits of the code sent. */
  codeLength: number | undefined
  /** The country the number was read in (named in an `unsupported_country` refusal). */
  country: PhoneCountryCode | undefined
  /** Whether the flow offers e-mail (a refused number type then says "use your e-mail"). */
  offersEmail: boolean
}

/** The flow's sentences in the UI's language, for this render's context. */
export function useFlowText(context: FlowTextContext): FlowText {
  const { tag } = useLocale()
  const t = useMessages(flowMessagesEn)
  const te = useMessages(errorMessagesEn)
  const tAttempts = useMessages(attemptsNoticeMessagesEn)
  const tChannel = useMessages(channelPickerMessagesEn)
  const tCode = useMessages(codeInputMessagesEn)
  const tResend = useMessages(resendButtonMessagesEn)
  const { now } = useVerificationContext()
  const errorText = (e: FlowError): string => {
    switch (e.code) {
      case 'wrong_code':
        return e.attemptsLeft === undefined ? te('error.wrong_code') : tAttempts('attempts.wrongCode', { count: e.attemptsLeft })
      case 'already_tried':
        return te('error.already_tried')
      case 'incomplete_code':
        return te('error.incomplete_code', { count: context.codeLength ?? 6 })
      case 'unsupported_country':
        // Named in the UI's language: the country the number was read in.
        return context.country ? te('error.unsupported_country.named', { country: countryName(tag, context.country) }) : te('error.unsupported_country')
      case 'unsupported_number_type':
        return context.offersEmail ? te('error.unsupported_number_type') : te('error.unsupported_number_type.noEmail')
      case 'rate_limited': {
        const seconds = e.retryAt === undefined ? 0 : Math.ceil((e.retryAt - now()) / 1000)
        if (seconds <= 0) return te('error.rate_limited')
        const wait = waitCount(seconds)
        return te(wait.unit === 'minute' ? 'error.rate_limited.retryMinutes' : 'error.rate_limited.retry', { count: wait.count })
      }
      default: {
        const key = `error.${e.code}` as const
        return key in errorMessagesEn ? te(key as keyof typeof errorMessagesEn) : te('error.unknown')
      }
    }
  }
  // A channel with words of its own (SMS, call, e-mail) uses them; any other (WhatsApp, a channel
  // added later) the generic sentence with its name, so a new channel needs one key: its name.
  const channelName = (channel: Channel): string => tChannel(`channel.${channel}`)
  const sentText = (channel: Channel, to: string): string => {
    const own = ownKey(`flow.sent.${channel}`)
    return own ? t(own, { address: displayAddress(to, channel) }) : t('flow.sent', { channel: channelName(channel), address: displayAddress(to, channel) })
  }
  const codeHeading = (channel: Channel, to: string): string => {
    const own = ownKey(`flow.heading.code.${channel}`)
    return own ? t(own, { address: displayAddress(to, channel) }) : t('flow.heading.code', { channel: channelName(channel), address: displayAddress(to, channel) })
  }
  /** An outcome, then how long until a new code may be asked for, when there is a wait. */
  const withWait = (outcome: string, waitUntil: number | undefined): string => {
    const seconds = waitUntil === undefined ? 0 : Math.ceil((waitUntil - now()) / 1000)
    if (seconds <= 0) return outcome
    const wait = waitCount(seconds)
    return t('flow.sentences', { first: outcome, second: tResend(wait.unit === 'minute' ? 'resend.waitMinutes' : 'resend.wait', { count: wait.count }) })
  }
  const deliveryText = (delivery: FinalDelivery, switchTo: Channel | undefined): string => {
    if (delivery === 'delivered') return t('flow.delivery.delivered')
    return switchTo === 'call' ? t('flow.delivery.failed.call') : switchTo === 'sms' ? t('flow.delivery.failed.sms') : t('flow.delivery.failed')
  }
  const spokenText = (a: FlowAnnouncement, waitUntil: number | undefined): string => {
    switch (a.kind) {
      case 'sending':
        return t('flow.sending')
      case 'checking':
        return tCode('code.checking')
      case 'sent':
        return sentText(a.channel, a.to)
      case 'resent':
        return t('flow.resent')
      case 'verified':
        return t('flow.verified', { address: displayAddress(a.to, a.channel) })
      // The heading focus moves to names the outcome ("Your code has expired"); the region says
      // the words under it, what to do next, so nothing is heard twice.
      case 'expired':
        return withWait(t('flow.expiredBody'), waitUntil)
      case 'locked':
        return withWait(t('flow.lockedBody'), waitUntil)
      case 'delivery':
        return deliveryText(a.delivery, context.switchTo)
      case 'error':
        return errorText(a.error)
    }
  }
  return { errorText, spokenText, deliveryText, codeHeading, sentText }
}
