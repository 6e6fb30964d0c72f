'use client'
/**
 * The words of `VerificationFlow` up front: how an address is shown, what each error and the
 * address step's announcement say in the UI's language (the later steps' words: `step-text.ts`,
 * in their chunk). Which error goes where is core's policy (`connect()`); this module only words it.
 */
import { formatKnownPhoneNumber, isEmailChannel, type Channel, type FlowAnnouncement, type FlowError, type PhoneCountryCode } from '@hakiki/core'
import { useVerificationContext } from '@hakiki/react'
import { isolate } from '../class-names'
import { countryName } from '../country-names'
import { useLocale, useMessages } from '../i18n/locale-context'
import { errorMessagesEn, flowMessagesEn } from '../i18n/messages-en'
import { waitCount } from '../i18n/wait-count'
import type { spokenStepText, stepErrorText } from './step-text'

/**
 * An address as shown: kept left to right inside RTL text, and a phone number formatted (with the
 * metadata of its country, which the phone field loaded) with no-break spaces, so that a narrow
 * screen never splits it across lines.
 */
export function displayAddress(to: string, by: Channel): string {
  return isolate(isEmailChannel(by) ? to : formatKnownPhoneNumber(to).replaceAll(' ', '\u00A0'))
}

/** What {@link useFlowText} returns. */
export interface FlowText {
  /** The sentence for an error of the flow. */
  errorText: (error: FlowError) => string
  /**
   * The words the flow's live region says for an announcement: the address step's and every
   * error's here, the later steps' by `later` (`spokenStepText` of the chunk they come in; no
   * words until it is there). `waitUntil` (client epoch ms) is when a new code may be asked for.
   */
  spokenText: (announcement: FlowAnnouncement, waitUntil: number | undefined, later: SpokenStepText | undefined) => string | undefined
}

/** `spokenStepText` of `flow/step-text.ts`, handed over once the later steps are loaded. */
export type SpokenStepText = typeof spokenStepText

/** `stepErrorText` of `flow/step-text.ts`, handed over once the later steps are loaded. */
export type StepErrorText = typeof stepErrorText

/** What the wording needs to know beside the error: the code's length, the country, e-mail on offer. */
export interface FlowTextContext {
  /**
   * The words of the errors only the code step meets (`stepErrorText`), once the later steps are
   * loaded: only a code step shows or says those, and it is drawn only then.
   */
  stepErrorText: StepErrorText | undefined
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
  const locale = useLocale()
  const { tag } = locale
  const t = useMessages(flowMessagesEn)
  const te = useMessages(errorMessagesEn)
  const { now } = useVerificationContext()
  const errorText = (e: FlowError): string => {
    const stepError = context.stepErrorText?.(locale, e, context.codeLength)
    if (stepError !== undefined) return stepError
    switch (e.code) {
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
  const spokenText: FlowText['spokenText'] = (a, waitUntil, later) => {
    if (a.kind === 'sending') return t('flow.sending')
    if (a.kind === 'error') return errorText(a.error)
    return later?.(locale, a, { waitUntil, now, switchTo: context.switchTo, address: displayAddress })
  }
  return { errorText, spokenText }
}
