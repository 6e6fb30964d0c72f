import type { SentVerification } from '@hakiki/core'
import { createMemoryAdapter } from '@hakiki/engine/memory-adapter'
import { VerificationProvider } from '@hakiki/react'
import type { Decorator, Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn } from 'storybook/test'
import { ExpiryNotice } from './expiry-notice'

const T0 = Date.UTC(2026, 0, 1, 12)

function sent(expiresIn: number): SentVerification {
  return { id: 'VE1', to: '+233241234567', channel: 'sms', codeLength: 6, expiresAt: T0 + expiresIn * 1000, resendAt: T0, attemptsLeft: 5, skewMs: 0 }
}

/** A clock stopped at T0, so that every run shows the same time left. */
const frozenClock: Decorator = (Story) => (
  <VerificationProvider adapter={createMemoryAdapter()} now={() => T0}>
    <Story />
  </VerificationProvider>
)

const meta = {
  title: 'Components/ExpiryNotice',
  component: ExpiryNotice,
  decorators: [frozenClock],
  args: { verification: sent(600), onExpire: fn() },
} satisfies Meta<typeof ExpiryNotice>

export default meta
type Story = StoryObj<typeof meta>

/** Ten minutes to go: m:ss for the eyes, words for screen readers. */
export const Counting: Story = {
  play: async ({ canvasElement }) => {
    const root = canvasElement.querySelector('.hakiki-expiry') as HTMLElement
    await expect(root).toHaveAttribute('data-state', 'counting')
    await expect(root).toHaveTextContent('Code expires in \u206810:00\u2069')
    await expect(root).toHaveTextContent('The code expires in 10 minutes.')
  },
}

/** The last minute: a warning. */
export const Warning: Story = {
  args: { verification: sent(42) },
  play: async ({ canvasElement }) => {
    const root = canvasElement.querySelector('.hakiki-expiry') as HTMLElement
    await expect(root).toHaveAttribute('data-state', 'warning')
    await expect(root).toHaveTextContent('The code expires in 42 seconds.')
  },
}

/** Over. */
export const Expired: Story = {
  args: { verification: sent(0) },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('.hakiki-expiry')).toHaveTextContent('The code has expired.')
  },
}

/** Arabic page: the time keeps its order. */
export const Arabic: Story = {
  parameters: { locale: 'ar' },
  args: { verification: sent(125) },
}

/** Dark theme, warning. */
export const Dark: Story = {
  parameters: { theme: 'dark' },
  args: { verification: sent(30) },
}
