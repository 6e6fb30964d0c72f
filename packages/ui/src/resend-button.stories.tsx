import type { SentVerification } from '@hakiki/core'
import { createMemoryAdapter } from '@hakiki/engine/memory-adapter'
import { VerificationProvider } from '@hakiki/react'
import type { Decorator, Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, waitFor } from 'storybook/test'
import { ResendButton } from './resend-button'

const T0 = Date.UTC(2026, 0, 1, 12)

/** A sent verification whose resend opens `resendIn` seconds after T0. */
function sent(resendIn: number): SentVerification {
  return { id: 'VE1', to: '+233241234567', channel: 'sms', codeLength: 6, expiresAt: T0 + 600_000, resendAt: T0 + resendIn * 1000, attemptsLeft: 5, skewMs: 0 }
}

/** A clock stopped at T0, so that every run of a story shows the same second. */
const frozenClock: Decorator = (Story) => (
  <VerificationProvider adapter={createMemoryAdapter()} now={() => T0}>
    <Story />
  </VerificationProvider>
)

const meta = {
  title: 'Components/ResendButton',
  component: ResendButton,
  decorators: [frozenClock],
  args: { onResend: fn() },
} satisfies Meta<typeof ResendButton>

export default meta
type Story = StoryObj<typeof meta>

/** In the cooldown: focusable, showing exactly its name "Resend code" (WCAG 2.5.3), the seconds beside it; the wait announced once, and again on a focus or press. */
export const Waiting: Story = {
  args: { verification: sent(30) },
  play: async ({ canvas, canvasElement, userEvent, args }) => {
    const button = canvas.getByRole('button', { name: 'Resend code' })
    await expect(button).toHaveAttribute('aria-disabled', 'true')
    await expect(button).toHaveTextContent(/^Resend code$/)
    await expect(button).not.toHaveAttribute('aria-describedby')
    await expect(canvasElement.querySelector('.hakiki-resend > [data-part="countdown"]')).toHaveTextContent(/^in 30 s$/)
    await expect(canvas.getByRole('status')).toHaveTextContent('You can ask for a new code in 30 seconds.')
    await userEvent.click(button)
    await expect(args.onResend).not.toHaveBeenCalled()
    await expect(button).toHaveFocus()
  },
}

/** The cooldown is over. */
export const Ready: Story = {
  args: { verification: sent(0) },
  play: async ({ canvas, userEvent, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Resend code' }))
    await expect(args.onResend).toHaveBeenCalledTimes(1)
  },
}

/** A new code is on its way. */
export const Busy: Story = {
  args: { verification: sent(0), busy: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button')).toHaveAttribute('aria-busy', 'true')
    await expect(canvas.getByRole('status')).toHaveTextContent('Sending a new code…')
  },
}

/** Another label on the same cooldown, its seconds beside it too; it leaves the news of the wait to "Resend code". */
export const CallInstead: Story = {
  args: { verification: sent(45), children: 'Call me instead', announce: false },
  play: async ({ canvas, canvasElement }) => {
    const button = canvas.getByRole('button', { name: 'Call me instead' })
    await expect(button).toHaveAttribute('aria-disabled', 'true')
    await expect(button).toHaveTextContent(/^Call me instead$/)
    await expect(canvasElement.querySelector('.hakiki-resend > [data-part="countdown"]')).toHaveTextContent(/^in 45 s$/)
    await expect(canvas.getByRole('status')).toBeEmptyDOMElement()
  },
}

/** Arabic page: the seconds at the button's left, its inline end. */
export const Arabic: Story = {
  parameters: { locale: 'ar' },
  args: { verification: sent(30) },
  play: async ({ canvasElement }) => {
    const button = canvasElement.querySelector('.hakiki-resend > button')
    const countdown = canvasElement.querySelector('.hakiki-resend > [data-part="countdown"]')
    await waitFor(() => expect(button).toHaveTextContent(/^إعادة إرسال الرمز$/))
    await expect(countdown?.getBoundingClientRect().right).toBeLessThanOrEqual(button?.getBoundingClientRect().left ?? 0)
  },
}

/** Dark theme, waiting and ready. */
export const Dark: Story = {
  parameters: { theme: 'dark' },
  args: { verification: sent(90) },
}
