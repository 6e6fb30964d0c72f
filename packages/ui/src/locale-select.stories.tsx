import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn } from 'storybook/test'
import { LocaleSelect } from './locale-select'

const meta = {
  title: 'Components/LocaleSelect',
  component: LocaleSelect,
  args: { onValueChange: fn() },
} satisfies Meta<typeof LocaleSelect>

export default meta
type Story = StoryObj<typeof meta>

/** The 36 locales, each in its own name and language. */
export const Default: Story = {
  play: async ({ canvas }) => {
    const select = canvas.getByRole('combobox', { name: 'Language' })
    await expect(canvas.getAllByRole('option')).toHaveLength(36)
    await expect(canvas.getByRole('option', { name: 'Français' })).toHaveAttribute('lang', 'fr')
    await expect(select).toHaveValue('en')
  },
}

/** Picking a language reports its BCP-47 tag and the API's spelling. */
export const Picking: Story = {
  play: async ({ canvas, userEvent, args }) => {
    await userEvent.selectOptions(canvas.getByRole('combobox'), 'Português (Brasil)')
    await expect(args.onValueChange).toHaveBeenCalledTimes(1)
    await expect(args.onValueChange).toHaveBeenCalledWith('pt-BR', 'pr-BR')
  },
}

/** A few locales only. */
export const Subset: Story = {
  args: { locales: ['en', 'fr', 'ar', 'sw' as never], defaultValue: 'fr' },
  play: async ({ canvas }) => {
    await expect(canvas.getAllByRole('option').map((o) => o.textContent)).toEqual(['العربية', 'English', 'Français'])
    await expect(canvas.getByRole('combobox')).toHaveValue('fr')
  },
}

/** Disabled. */
export const Disabled: Story = {
  args: { disabled: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('combobox')).toBeDisabled()
  },
}

/** Inside an Arabic page, on Arabic. */
export const Arabic: Story = {
  parameters: { locale: 'ar' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('combobox')).toHaveValue('ar')
  },
}

/** Dark theme. */
export const Dark: Story = {
  parameters: { theme: 'dark' },
}
