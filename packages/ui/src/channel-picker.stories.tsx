import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn } from 'storybook/test'
import { ChannelPicker } from './channel-picker'

const meta = {
  title: 'Components/ChannelPicker',
  component: ChannelPicker,
  args: { defaultValue: 'sms', onValueChange: fn() },
} satisfies Meta<typeof ChannelPicker>

export default meta
type Story = StoryObj<typeof meta>

/** SMS, voice call or e-mail, as a native radio group. */
export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('group', { name: 'Send the code by' })).toBeVisible()
    await expect(canvas.getByRole('radio', { name: 'SMS' })).toBeChecked()
    await expect(canvas.getByRole('radio', { name: 'Voice call' })).not.toBeChecked()
    await expect(canvas.getByRole('radio', { name: 'Email' })).not.toBeChecked()
  },
}

/** Arrow keys move the choice. */
export const Keyboard: Story = {
  play: async ({ canvas, userEvent, args }) => {
    await userEvent.tab()
    await expect(canvas.getByRole('radio', { name: 'SMS' })).toHaveFocus()
    await userEvent.keyboard('{ArrowRight}')
    await expect(canvas.getByRole('radio', { name: 'Voice call' })).toBeChecked()
    await expect(args.onValueChange).toHaveBeenLastCalledWith('call')
  },
}

/** Fees where known (SMS from `useRates`). */
export const WithFees: Story = {
  args: { fees: { sms: 'US$0.05' } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('radio', { name: 'SMS' })).toHaveAccessibleDescription('US$0.05 per message')
  },
}

/** Phone channels only. */
export const PhoneOnly: Story = {
  args: { channels: ['sms', 'call'] },
  play: async ({ canvas }) => {
    await expect(canvas.getAllByRole('radio')).toHaveLength(2)
  },
}

/** Disabled (while a code is being sent). */
export const Disabled: Story = {
  args: { disabled: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('radio', { name: 'SMS' })).toBeDisabled()
  },
}

/** Arabic page. */
export const Arabic: Story = {
  parameters: { locale: 'ar' },
  args: { fees: { sms: 'US$0.05' } },
}

/** Dark theme, voice call chosen. */
export const Dark: Story = {
  parameters: { theme: 'dark' },
  args: { defaultValue: 'call', fees: { sms: 'US$0.05' } },
}
