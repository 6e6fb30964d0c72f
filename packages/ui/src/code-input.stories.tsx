import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, waitFor } from 'storybook/test'
import { CodeInput } from './code-input'

const meta = {
  title: 'Components/CodeInput',
  component: CodeInput,
  args: { onComplete: fn(), onValueChange: fn() },
} satisfies Meta<typeof CodeInput>

export default meta
type Story = StoryObj<typeof meta>

/** One labelled textbox for one-time codes, drawn as six boxes. */
export const Empty: Story = {
  play: async ({ canvas }) => {
    const input = canvas.getByRole('textbox', { name: 'Verification code' })
    await expect(input).toHaveAttribute('autocomplete', 'one-time-code')
    await expect(input).toHaveAttribute('inputmode', 'numeric')
    await expect(input).toHaveAttribute('type', 'text')
    await expect(input).toHaveAccessibleDescription('Enter the 6-digit code.')
  },
}

/** Part of the code typed; letters are skipped. */
export const Typing: Story = {
  play: async ({ canvas, userEvent, args }) => {
    const input = canvas.getByRole('textbox')
    await userEvent.type(input, '12a3')
    await expect(input).toHaveValue('123')
    await expect(args.onComplete).not.toHaveBeenCalled()
  },
}

/** The whole code typed: submitted once. */
export const Complete: Story = {
  play: async ({ canvas, userEvent, args }) => {
    const input = canvas.getByRole('textbox')
    await userEvent.type(input, '123456')
    await expect(args.onComplete).toHaveBeenCalledTimes(1)
    await expect(args.onComplete).toHaveBeenCalledWith('123456')
    await expect(canvas.getByRole('textbox').closest('[data-part="root"]')).toHaveAttribute('data-state', 'complete')
  },
}

/** A pasted SMS sentence gives the code. */
export const PastedSentence: Story = {
  play: async ({ canvas, userEvent, args }) => {
    const input = canvas.getByRole('textbox')
    await userEvent.click(input)
    await userEvent.paste('Your code is 123456')
    await expect(input).toHaveValue('123456')
    await expect(args.onComplete).toHaveBeenCalledTimes(1)
    await expect(args.onComplete).toHaveBeenCalledWith('123456')
  },
}

/** Pasted Arabic-Indic digits with a space, and a dashed code, are read as ASCII digits. */
export const PastedArabicIndicDigits: Story = {
  play: async ({ canvas, userEvent, args }) => {
    const input = canvas.getByRole('textbox')
    await userEvent.click(input)
    await userEvent.paste('١٢٣ ٤٥٦')
    await expect(input).toHaveValue('123456')
    await userEvent.clear(input)
    await userEvent.paste('987-654')
    await expect(input).toHaveValue('987654')
    await expect(args.onComplete).toHaveBeenCalledTimes(2)
  },
}

/** iOS SMS autofill: one `input` event carrying the whole code, no `paste`. */
export const Autofill: Story = {
  play: async ({ canvas, args }) => {
    const input = canvas.getByRole('textbox') as HTMLInputElement
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, '246810')
    input.dispatchEvent(new Event('input', { bubbles: true }))
    await expect(input).toHaveValue('246810')
    await expect(args.onComplete).toHaveBeenCalledTimes(1)
    await expect(args.onComplete).toHaveBeenCalledWith('246810')
  },
}

/** Arrow keys pick a box, typing replaces its digit, Backspace deletes. */
export const Keyboard: Story = {
  play: async ({ canvas, userEvent }) => {
    const input = canvas.getByRole('textbox')
    await userEvent.type(input, '1234')
    await userEvent.keyboard('{ArrowLeft}{ArrowLeft}9')
    await expect(input).toHaveValue('1294')
    await userEvent.keyboard('{End}{Backspace}')
    await expect(input).toHaveValue('129')
  },
}

/** Described by where the code was sent. */
export const WithAddress: Story = {
  args: { address: '+233 •• ••• 4567' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('textbox')).toHaveAccessibleDescription('Enter the 6-digit code sent to \u2068+233 •• ••• 4567\u2069.')
  },
}

/** A wrong code: marked invalid, with the message tied to the field. */
export const Invalid: Story = {
  args: { defaultValue: '123456', error: 'That code is not right.' },
  play: async ({ canvas }) => {
    const input = canvas.getByRole('textbox')
    await expect(input).toBeInvalid()
    await expect(input).toHaveAccessibleDescription(expect.stringContaining('That code is not right.'))
  },
}

/** Being checked: read-only, busy, announced. */
export const Loading: Story = {
  args: { defaultValue: '123456', loading: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('textbox')).toHaveAttribute('aria-busy', 'true')
    await expect(canvas.getByRole('status')).toHaveTextContent('Checking the code…')
  },
}

/** Disabled. */
export const Disabled: Story = {
  args: { defaultValue: '12', disabled: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('textbox')).toBeDisabled()
  },
}

/** Dots instead of digits (the value stays the digits). */
export const Masked: Story = {
  args: { defaultValue: '1234', mask: true },
  play: async ({ canvasElement }) => {
    const slots = [...canvasElement.querySelectorAll('[data-part="slot"]')].map((s) => s.textContent)
    await expect(slots.join('')).toBe('••••')
  },
}

/** Codes of 4 to 10 digits: four here. A digit typed on a full code replaces the last one. */
export const FourDigits: Story = {
  args: { length: 4 },
  play: async ({ canvas, userEvent, args }) => {
    const input = canvas.getByRole('textbox')
    await userEvent.type(input, '9876')
    await expect(args.onComplete).toHaveBeenCalledTimes(1)
    await expect(args.onComplete).toHaveBeenCalledWith('9876')
    await userEvent.keyboard('5')
    await expect(input).toHaveValue('9875')
    await expect(args.onComplete).toHaveBeenLastCalledWith('9875')
  },
}

/** Arabic page: the label follows the page, the boxes still read left to right. */
export const Arabic: Story = {
  parameters: { locale: 'ar' },
  args: { defaultValue: '123456', address: '+233 •• ••• 4567' },
  play: async ({ canvasElement }) => {
    const root = canvasElement.querySelector('.hakiki-code') as HTMLElement
    // Right to left once the Arabic messages are there (until then English, left to right).
    await waitFor(() => expect(getComputedStyle(root).direction).toBe('rtl'))
    const xs = [...canvasElement.querySelectorAll('[data-part="slot"]')].map((s) => s.getBoundingClientRect().left)
    await expect(xs).toEqual(xs.toSorted((a, b) => a - b))
  },
}

/** Hebrew page: same. */
export const Hebrew: Story = {
  parameters: { locale: 'he' },
  args: { defaultValue: '1234' },
  play: async ({ canvasElement }) => {
    await expect(getComputedStyle(canvasElement.querySelector('input') as HTMLElement).direction).toBe('ltr')
  },
}

/** Dark theme, mid-typing. */
export const Dark: Story = {
  parameters: { theme: 'dark' },
  args: { defaultValue: '123' },
}
