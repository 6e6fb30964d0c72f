import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn } from 'storybook/test'
import { EmailInput } from './email-input'

const meta = {
  title: 'Components/EmailInput',
  component: EmailInput,
  args: { onValueChange: fn() },
} satisfies Meta<typeof EmailInput>

export default meta
type Story = StoryObj<typeof meta>

/** Empty: an e-mail field for autofill. */
export const Empty: Story = {
  play: async ({ canvas }) => {
    const input = canvas.getByRole('textbox', { name: 'Email address' })
    await expect(input).toHaveAttribute('type', 'email')
    await expect(input).toHaveAttribute('autocomplete', 'email')
    await expect(input).toHaveAttribute('inputmode', 'email')
  },
}

/** Mid-typing: no message while the user is still at it. */
export const Typing: Story = {
  play: async ({ canvas, userEvent }) => {
    const input = canvas.getByRole('textbox', { name: 'Email address' })
    await userEvent.type(input, 'ama@exa')
    await expect(input).not.toBeInvalid()
  },
}

/** A valid address. */
export const Valid: Story = {
  play: async ({ canvas, userEvent, args }) => {
    await userEvent.type(canvas.getByRole('textbox'), 'ama@example.com')
    await userEvent.tab()
    await expect(canvas.getByRole('textbox')).not.toBeInvalid()
    await expect(args.onValueChange).toHaveBeenLastCalledWith('ama@example.com', { isValid: true, error: undefined })
  },
}

/** Not an address: said once the field is left. */
export const Invalid: Story = {
  play: async ({ canvas, userEvent }) => {
    const input = canvas.getByRole('textbox', { name: 'Email address' })
    await userEvent.type(input, 'ama@')
    await userEvent.tab()
    await expect(input).toBeInvalid()
    await expect(input).toHaveAccessibleDescription('Enter a valid email address, like name@example.com.')
  },
}

/** Required and left empty. */
export const Required: Story = {
  args: { required: true },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('textbox'))
    await userEvent.tab()
    await expect(canvas.getByRole('textbox')).toHaveAccessibleDescription('Enter your email address.')
  },
}

/** Disabled. */
export const Disabled: Story = {
  args: { disabled: true, defaultValue: 'ama@example.com' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('textbox')).toBeDisabled()
  },
}

/** Arabic page: the address stays left to right. */
export const Arabic: Story = {
  parameters: { locale: 'ar' },
  args: { defaultValue: 'ama@example.com' },
  play: async ({ canvasElement }) => {
    await expect(getComputedStyle(canvasElement.querySelector('input') as HTMLElement).direction).toBe('ltr')
  },
}

/** Dark theme with an error. */
export const Dark: Story = {
  parameters: { theme: 'dark' },
  args: { defaultValue: 'ama@', error: 'Enter a valid email address, like name@example.com.' },
}
