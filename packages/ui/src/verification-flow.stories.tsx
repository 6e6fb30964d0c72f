import type { HakikiErrorCode } from '@hakiki/core'
import { createMemoryAdapter, type MemoryAdapterOptions } from '@hakiki/engine/memory-adapter'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { useState } from 'react'
import { expect, fn, waitFor, type userEvent as UserEvent } from 'storybook/test'
import { errorMessagesEn } from './i18n/messages-en'
import { VerificationFlow, type VerificationFlowProps } from './verification-flow'

/** Props of the story: the flow's, plus the memory adapter's options (scripted failures, clock…). */
interface FlowStoryProps extends VerificationFlowProps {
  /** Options of `createMemoryAdapter`; every story's code is 123456. */
  adapterOptions?: MemoryAdapterOptions
  /** Holds every code check this long (the send stays quick), so a story can show the flow checking. */
  checkDelayMs?: number
}

/** The flow on a fresh memory adapter per render, so that stories never share verifications. */
/** A field's error as shown: the address field's own live region, or the message under the code boxes. */
function fieldError(root: HTMLElement, step: 'address' | 'code'): HTMLElement | null {
  if (step === 'code') return root.querySelector<HTMLElement>('[data-part="step"][data-step="code"] [data-part="code-error"]')
  return root.querySelector<HTMLElement>(`[data-part="step"][data-step="${step}"] [data-part="error"][aria-live="polite"]`)
}

/** The flow's one live region: every outcome, said once. */
function flowRegion(root: HTMLElement): HTMLElement {
  return root.querySelector<HTMLElement>('[data-region="flow"]') as HTMLElement
}

function FlowStory({ adapterOptions, checkDelayMs, ...props }: FlowStoryProps) {
  const [adapter] = useState(() => {
    const memory = createMemoryAdapter({ fixedCode: '123456', ...adapterOptions })
    if (checkDelayMs === undefined) return memory
    const check: typeof memory.check = (id, code, options) => new Promise((resolve) => setTimeout(resolve, checkDelayMs)).then(() => memory.check(id, code, options))
    return { ...memory, check }
  })
  return <VerificationFlow adapter={adapter} {...props} />
}

const meta = {
  title: 'Flow/VerificationFlow',
  component: FlowStory,
  args: { defaultCountry: 'GH', onVerified: fn(), onError: fn() },
  parameters: { layout: 'padded' },
} satisfies Meta<typeof FlowStory>

export default meta
type Story = StoryObj<typeof meta>
type Canvas = Parameters<NonNullable<Story['play']>>[0]['canvas']
type User = ReturnType<typeof UserEvent.setup>

/** Types a Ghanaian number and sends; resolves on the code step. */
async function sendCode(canvas: Canvas, user: User): Promise<HTMLElement> {
  await user.type(canvas.getByRole('textbox', { name: 'Phone number' }), '0241234567{Enter}')
  return canvas.findByRole('textbox', { name: 'Verification code' })
}

/** The address step: channel, country and number, with the exact accessible names. */
export const Empty: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { name: 'Verify your phone number' })).toBeVisible()
    await expect(canvas.getByRole('radio', { name: 'SMS' })).toBeChecked()
    await expect(canvas.getByRole('radio', { name: 'Voice call' })).toBeVisible()
    await expect(canvas.getByRole('radio', { name: 'Email' })).toBeVisible()
    await expect(canvas.getByRole('textbox', { name: 'Phone number' })).toBeVisible()
    await expect(canvas.getByRole('button', { name: 'Send code' })).toBeVisible()
  },
}

/** E-mail first. */
export const EmailAddress: Story = {
  args: { defaultChannel: 'email' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('textbox', { name: 'Email address' })).toHaveAttribute('type', 'email')
    await expect(canvas.getByRole('radio', { name: 'Email' })).toBeChecked()
  },
}

/** Phone channels only: SMS or a voice call. */
export const PhoneOnly: Story = {
  args: { channels: ['sms', 'call'] },
  play: async ({ canvas }) => {
    await expect(canvas.getAllByRole('radio')).toHaveLength(2)
  },
}

/** One channel: no picker. */
export const SmsOnly: Story = {
  args: { channels: ['sms'] },
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole('group')).toBeNull()
  },
}

/** Typing the number, formatted as it goes. */
export const Typing: Story = {
  play: async ({ canvas, userEvent }) => {
    const phone = canvas.getByRole('textbox', { name: 'Phone number' })
    await userEvent.type(phone, '024123')
    await expect(phone).toHaveValue('024 123')
  },
}

/** A number too short: said, focused, nothing sent. */
export const InvalidNumber: Story = {
  args: { adapterOptions: { onSend: fn() } },
  play: async ({ canvas, canvasElement, userEvent, args }) => {
    await userEvent.type(canvas.getByRole('textbox', { name: 'Phone number' }), '02412{Enter}')
    await expect(fieldError(canvasElement, 'address')).toHaveTextContent('This number is too short for \u2068Ghana\u2069.')
    await expect(flowRegion(canvasElement)).toBeEmptyDOMElement()
    await expect(canvas.getByRole('textbox', { name: 'Phone number' })).toHaveFocus()
    await expect(args.adapterOptions?.onSend).not.toHaveBeenCalled()
  },
}

/** Sending: the form is busy and says so. */
export const Sending: Story = {
  args: { adapterOptions: { latencyMs: 60_000 } },
  play: async ({ canvas, canvasElement, userEvent }) => {
    await userEvent.type(canvas.getByRole('textbox', { name: 'Phone number' }), '0241234567{Enter}')
    await expect(canvasElement.querySelector('form[data-step="address"]')).toHaveAttribute('aria-busy', 'true')
    await expect(canvas.getByRole('button', { name: 'Send code' })).toHaveAttribute('aria-disabled', 'true')
    await waitFor(() => expect(flowRegion(canvasElement)).toHaveTextContent('Sending the code…'))
  },
}

/** The code is sent: one heading says where it went, beside "Change number"; focus is in the code field (labelled "Verification code", shown); the expiry and resend are shown (the attempts only once few are left). (Text queries fold the no-break spaces of the number into spaces.) */
export const CodeSent: Story = {
  play: async ({ canvas, userEvent }) => {
    const code = await sendCode(canvas, userEvent)
    // Focus moves once the leaving step is gone (two frames; the later steps are a chunk): waited for.
    await waitFor(() => expect(code).toHaveFocus(), { timeout: 15_000 })
    await expect(canvas.getByRole('heading', { name: /^Enter the code sent to \u2068\+233\s24\s123\s4567\u2069$/ })).toBeVisible()
    await expect(canvas.getByRole('button', { name: 'Change number' })).toBeVisible()
    await expect(canvas.getByRole('textbox', { name: 'Verification code' })).toBe(code)
    await expect(canvas.queryByText(/attempts? left/)).toBeNull()
    // Each waiting button shows exactly its name (WCAG 2.5.3); its seconds are drawn beside it.
    for (const name of ['Resend code', 'Call me instead']) {
      const button = canvas.getByRole('button', { name })
      await expect(button).toHaveAttribute('aria-disabled', 'true')
      await expect(button).toHaveTextContent(new RegExp(`^${name}$`))
      await expect(button.parentElement?.querySelector(':scope > [data-part="countdown"]')).toHaveTextContent(/^in \d+ s$/)
    }
    await expect(canvas.getByRole('button', { name: 'Verify' })).toBeVisible()
  },
}

/** Half the code typed. */
export const TypingCode: Story = {
  play: async ({ canvas, userEvent }) => {
    const code = await sendCode(canvas, userEvent)
    await userEvent.type(code, '123')
    await expect(code).toHaveValue('123')
  },
}

/** Verify before the code is complete. */
export const IncompleteCode: Story = {
  play: async ({ canvas, canvasElement, userEvent }) => {
    const code = await sendCode(canvas, userEvent)
    await userEvent.type(code, '12')
    await userEvent.click(canvas.getByRole('button', { name: 'Verify' }))
    await expect(fieldError(canvasElement, 'code')).toHaveTextContent('Enter all 6 digits of the code.')
  },
}

/** Checking the code: busy, announced. */
export const Checking: Story = {
  // The check held for a minute: with a short latency for every call, a loaded machine could finish
  // the check before the play function looked (the send stays quick).
  args: { checkDelayMs: 60_000 },
  play: async ({ canvas, userEvent }) => {
    const code = await sendCode(canvas, userEvent)
    await userEvent.type(code, '123456')
    await expect(code).toHaveAttribute('aria-busy', 'true')
    // Visible progress on Verify: a spinner beside its unchanged label (what is shown is its name,
    // 2.5.3); the flow's live region says "Checking the code…" once.
    const verify = canvas.getByRole('button', { name: 'Verify' })
    await expect(verify).toHaveAttribute('aria-busy', 'true')
    await expect(verify).toHaveTextContent(/^Verify$/)
    await expect(verify.querySelector('[data-part="spinner"]')).toBeVisible()
  },
}

/** The whole flow by keyboard: verified, focus on the result, `onVerified(receipt, details)`. */
export const Verified: Story = {
  play: async ({ canvas, userEvent, args }) => {
    await userEvent.tab()
    await userEvent.tab()
    await userEvent.tab()
    await expect(canvas.getByRole('textbox', { name: 'Phone number' })).toHaveFocus()
    await userEvent.keyboard('0241234567{Enter}')
    await expect(await canvas.findByRole('textbox', { name: 'Verification code' })).toHaveFocus()
    await userEvent.keyboard('123456')
    const heading = await canvas.findByRole('heading', { name: 'Verified' })
    await expect(heading).toHaveFocus()
    await expect(args.onVerified).toHaveBeenCalledTimes(1)
    await expect(args.onVerified).toHaveBeenCalledWith(expect.stringMatching(/^memory\./), expect.objectContaining({ to: '+233241234567', channel: 'sms' }))
  },
}

/** By e-mail, verified. */
export const VerifiedByEmail: Story = {
  args: { defaultChannel: 'email' },
  play: async ({ canvas, userEvent, args }) => {
    await userEvent.type(canvas.getByRole('textbox', { name: 'Email address' }), 'ama@example.com{Enter}')
    await userEvent.type(await canvas.findByRole('textbox', { name: 'Verification code' }), '123456')
    await canvas.findByRole('heading', { name: 'Verified' })
    await expect(args.onVerified).toHaveBeenCalledWith(expect.any(String), expect.objectContaining({ to: 'ama@example.com', channel: 'email' }))
  },
}

/** A wrong code: shown under the boxes with the attempts left, and said once by the flow's live region. */
export const WrongCode: Story = {
  play: async ({ canvas, canvasElement, userEvent, args }) => {
    const code = await sendCode(canvas, userEvent)
    await userEvent.type(code, '111111')
    await waitFor(() => expect(fieldError(canvasElement, 'code')).toHaveTextContent('That code is not right. 4 attempts left.'))
    await expect(code).toBeInvalid()
    await waitFor(() => expect(flowRegion(canvasElement)).toHaveTextContent('That code is not right. 4 attempts left.'))
    await expect(args.onError).toHaveBeenCalledWith(expect.objectContaining({ code: 'wrong_code', attemptsLeft: 4 }))
  },
}

/** Too many wrong codes. */
export const Locked: Story = {
  args: { adapterOptions: { maxAttempts: 1 } },
  play: async ({ canvas, userEvent }) => {
    await userEvent.type(await sendCode(canvas, userEvent), '111111')
    await expect(await canvas.findByRole('heading', { name: 'Too many wrong codes' })).toHaveFocus()
    await expect(canvas.getByRole('button', { name: 'Send a new code' })).toBeVisible()
  },
}

/** The code expired: a new one is one press away. */
export const Expired: Story = {
  args: { adapterOptions: { script: [{ operation: 'check', code: 'expired' }] } },
  play: async ({ canvas, canvasElement, userEvent }) => {
    await userEvent.type(await sendCode(canvas, userEvent), '123456')
    await expect(await canvas.findByRole('heading', { name: 'Your code has expired' })).toHaveFocus()
    // Shown under the heading, and said once by the flow's live region (the heading says the rest).
    await expect(canvasElement.querySelector('[data-step="problem"] [data-part="message"]')).toHaveTextContent('Codes work for a limited time. Send a new code to continue.')
    await waitFor(() => expect(flowRegion(canvasElement)).toHaveTextContent('Codes work for a limited time. Send a new code to continue.'))
  },
}

/** After the cooldown: resend; "New code sent." shown under the boxes and said once; focus back in the code field. */
export const Resend: Story = {
  args: { adapterOptions: { cooldownsSeconds: [0], onSend: fn() } },
  play: async ({ canvas, canvasElement, userEvent, args }) => {
    await sendCode(canvas, userEvent)
    await userEvent.click(canvas.getByRole('button', { name: 'Resend code' }))
    await waitFor(() => expect(args.adapterOptions?.onSend).toHaveBeenCalledTimes(2))
    await waitFor(() => expect(canvas.getByRole('textbox', { name: 'Verification code' })).toHaveFocus())
    // Drawn the render after the focus moves: waited for, not read at once (null on a loaded machine).
    await waitFor(() => expect(canvasElement.querySelector('[data-part="code-message"] [data-part="resent"]')).toHaveTextContent('New code sent.'))
    await waitFor(() => expect(flowRegion(canvasElement)).toHaveTextContent('New code sent.'))
  },
}

/** "Call me instead": the same code, read aloud. */
export const SwitchToCall: Story = {
  args: { adapterOptions: { cooldownsSeconds: [0], onSend: fn() } },
  play: async ({ canvas, userEvent, args }) => {
    await sendCode(canvas, userEvent)
    await userEvent.click(canvas.getByRole('button', { name: 'Call me instead' }))
    await waitFor(() => expect(args.adapterOptions?.onSend).toHaveBeenLastCalledWith(expect.objectContaining({ channel: 'call' })))
    // The heading now says the code comes by the call.
    await expect(await canvas.findByRole('heading', { name: /^Enter the code from our call to \u2068\+233\s24\s123\s4567\u2069$/ })).toBeVisible()
    await expect(canvas.getByRole('button', { name: 'Text me instead' })).toBeVisible()
  },
}

/** "Change number": back to the number as typed. */
export const ChangeNumber: Story = {
  play: async ({ canvas, userEvent }) => {
    await sendCode(canvas, userEvent)
    await userEvent.click(canvas.getByRole('button', { name: 'Change number' }))
    const phone = await canvas.findByRole('textbox', { name: 'Phone number' })
    await expect(phone).toHaveValue('024 123 4567')
    await expect(phone).toHaveFocus()
  },
}

/** SMS prices per country, from `useRates`. */
export const WithFees: Story = {
  args: { showFees: true },
  play: async ({ canvas }) => {
    await waitFor(() => expect(canvas.getByRole('radio', { name: 'SMS' })).toHaveAccessibleDescription(/0\.05 per message/))
  },
}

/** In French (the message is asked for in French too). */
export const French: Story = {
  args: { locale: 'fr', adapterOptions: { onSend: fn() } },
  play: async ({ canvas, userEvent, args }) => {
    await userEvent.type(canvas.getByRole('textbox'), '0241234567{Enter}')
    await waitFor(() => expect(args.adapterOptions?.onSend).toHaveBeenCalledWith(expect.objectContaining({ locale: 'fr' })))
  },
}

/** Arabic: right to left, the number and the code still left to right. */
export const Arabic: Story = {
  parameters: { locale: 'ar' },
  play: async ({ canvas, canvasElement, userEvent }) => {
    await userEvent.type(canvas.getByRole('textbox'), '0241234567{Enter}')
    await waitFor(() => expect(canvasElement.querySelector('input[autocomplete="one-time-code"]')).toHaveFocus())
    const root = canvasElement.querySelector('.hakiki-flow') as HTMLElement
    await waitFor(() => expect(getComputedStyle(root).direction).toBe('rtl'))
    const xs = [...canvasElement.querySelectorAll('[data-part="slot"]')].map((s) => s.getBoundingClientRect().left)
    await expect(xs).toEqual(xs.toSorted((a, b) => a - b))
  },
}

/** Hebrew. */
export const Hebrew: Story = {
  parameters: { locale: 'he' },
  play: async ({ canvas, canvasElement, userEvent }) => {
    await userEvent.type(canvas.getByRole('textbox'), '0241234567{Enter}')
    await waitFor(() => expect(canvasElement.querySelector('input[autocomplete="one-time-code"]')).toHaveFocus())
  },
}

/** Dark theme, address step. */
export const Dark: Story = {
  parameters: { theme: 'dark' },
  args: { showFees: true },
}

/** Dark theme, code step after a wrong code. */
export const DarkWrongCode: Story = {
  parameters: { theme: 'dark' },
  play: async ({ canvas, canvasElement, userEvent }) => {
    await userEvent.type(await sendCode(canvas, userEvent), '111111')
    await waitFor(() => expect(fieldError(canvasElement, 'code')).toHaveTextContent('That code is not right.'))
  },
}

/** A story whose start is refused with `code`: the message is shown and announced, `onError` called. */
function startError(code: HakikiErrorCode, extra: { retryAfter?: number } = {}): Story {
  return {
    args: { adapterOptions: { script: [{ operation: 'start', code, ...extra }] } },
    play: async ({ canvas, canvasElement, userEvent, args }) => {
      await userEvent.type(canvas.getByRole('textbox', { name: 'Phone number' }), '0241234567{Enter}')
      // An unsupported country is named: Ghana, the stories' default country.
      const text = extra.retryAfter
        ? /^Too many requests\. Try again in \d+ seconds\.$/
        : code === 'unsupported_country'
          ? 'Codes can’t be sent to Ghana yet.'
          : errorMessagesEn[`error.${code}`]
      // Said once: by the number field when it is about the number, else by the flow's live region.
      const aboutTheNumber = ['invalid_request', 'invalid_phone_number', 'invalid_email', 'unsupported_country', 'unsupported_number_type'].includes(code)
      await waitFor(() => expect(aboutTheNumber ? fieldError(canvasElement, 'address') : flowRegion(canvasElement)).toHaveTextContent(text))
      await expect(args.onError).toHaveBeenCalledWith(expect.objectContaining({ code }))
      // Shown, not only announced: on the field at fault or below the buttons.
      await expect(canvas.getAllByText(text).some((el) => el.closest('[data-part="error"]'))).toBe(true)
    },
  }
}

/** 400 `invalid_request`. */
export const ErrorInvalidRequest = startError('invalid_request')
/** 400 `invalid_phone_number`: on the number field. */
export const ErrorInvalidPhoneNumber = startError('invalid_phone_number')
/** 400 `invalid_email`. */
export const ErrorInvalidEmail = startError('invalid_email')
/** 400 `unsupported_country`. */
export const ErrorUnsupportedCountry = startError('unsupported_country')
/** 400 `unsupported_number_type`: on the number field, with "Use email instead". */
export const ErrorUnsupportedNumberType = startError('unsupported_number_type')
/** `unsupported_country`, then "Use email instead": the address step switches to e-mail. */
export const UnsupportedCountryUseEmail: Story = {
  args: { defaultCountry: 'KE', adapterOptions: { script: [{ operation: 'start', code: 'unsupported_country' }] } },
  play: async ({ canvas, canvasElement, userEvent }) => {
    await userEvent.type(canvas.getByRole('textbox', { name: 'Phone number' }), '0712345678{Enter}')
    await waitFor(() => expect(fieldError(canvasElement, 'address')).toHaveTextContent('Codes can’t be sent to Kenya yet.'))
    await userEvent.click(canvas.getByRole('button', { name: 'Use email instead' }))
    await waitFor(() => expect(canvas.getByRole('textbox', { name: 'Email address' })).toHaveFocus())
  },
}
/** 400 `unsupported_locale`. */
export const ErrorUnsupportedLocale = startError('unsupported_locale')
/** 400 `invalid_code_format`. */
export const ErrorInvalidCodeFormat = startError('invalid_code_format')
/** 429 `rate_limited` without a wait. */
export const ErrorRateLimited = startError('rate_limited')
/** 429 `rate_limited` with `retryAfter`: says how long. */
export const ErrorRateLimitedRetryAfter = startError('rate_limited', { retryAfter: 45 })
/** 404 `not_found`. */
export const ErrorNotFound = startError('not_found')
/** 410 `expired`. */
export const ErrorExpired = startError('expired')
/** 429 `too_many_attempts`. */
export const ErrorTooManyAttempts = startError('too_many_attempts')
/** 403 `forbidden_origin`. */
export const ErrorForbiddenOrigin = startError('forbidden_origin')
/** 403 `forbidden` (the app's `authorize` hook). */
export const ErrorForbidden = startError('forbidden')
/** 503 `upstream_unavailable`. */
export const ErrorUpstreamUnavailable = startError('upstream_unavailable')
/** 502 `upstream_error`. */
export const ErrorUpstreamError = startError('upstream_error')
/** The request never arrived: `network_error`. */
export const ErrorNetwork = startError('network_error')
/** An answer that is not the contract's: `invalid_response`. */
export const ErrorInvalidResponse = startError('invalid_response')

/** The check fails upstream: the typed code stays for another try. */
export const CheckUpstreamUnavailable: Story = {
  args: { adapterOptions: { script: [{ operation: 'check', code: 'upstream_unavailable' }] } },
  play: async ({ canvas, canvasElement, userEvent }) => {
    const code = await sendCode(canvas, userEvent)
    await userEvent.type(code, '123456')
    await waitFor(() => expect(flowRegion(canvasElement)).toHaveTextContent(errorMessagesEn['error.upstream_unavailable']))
    await expect(code).toHaveValue('123456')
  },
}

/** The verification is gone (`not_found` on check): start again from here. */
export const CheckNotFound: Story = {
  args: { adapterOptions: { script: [{ operation: 'check', code: 'not_found' }] } },
  play: async ({ canvas, userEvent }) => {
    await userEvent.type(await sendCode(canvas, userEvent), '123456')
    await expect(await canvas.findByRole('heading', { name: 'Something went wrong' })).toHaveFocus()
    await expect(canvas.getByText(errorMessagesEn['error.not_found'], { selector: 'p' })).toBeVisible()
  },
}
