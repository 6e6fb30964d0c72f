import { createMemoryAdapter } from '@hakiki/engine/memory-adapter'
import { VerificationProvider } from '@hakiki/react'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn } from 'storybook/test'
import { CustomVerification } from './custom-verification'

const meta = {
  title: 'Hooks/Build your own UI',
  component: CustomVerification,
  // The page is docs/hooks/headless-hooks.mdx, which shows this story with its source.
  tags: ['!autodocs'],
  args: { onReceipt: fn() },
  decorators: [
    (Story) => (
      // In your app: createProxyAdapter({ baseUrl: '/api/verify' }). Here every code is 123456.
      <VerificationProvider adapter={createMemoryAdapter({ fixedCode: '123456' })}>
        <Story />
      </VerificationProvider>
    ),
  ],
} satisfies Meta<typeof CustomVerification>

export default meta
type Story = StoryObj<typeof meta>

/** Your markup on `useVerificationFlow` and `useCodeInput`: type +233 24 123 4567, then 123456. */
export const Example: Story = {
  play: async ({ canvas, userEvent, args }) => {
    await userEvent.type(canvas.getByRole('textbox', { name: 'Phone number' }), '+233241234567')
    await userEvent.click(canvas.getByRole('button', { name: 'Send code' }))
    const code = await canvas.findByRole('textbox', { name: 'Verification code' })
    await userEvent.type(code, '123456')
    await expect(await canvas.findByRole('status')).toHaveTextContent('+233241234567 is verified.')
    await expect(args.onReceipt).toHaveBeenCalledTimes(1)
  },
}
