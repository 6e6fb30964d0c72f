import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, waitFor } from 'storybook/test'
import { PhoneInput } from './phone-input'

const meta = {
  title: 'Components/PhoneInput',
  component: PhoneInput,
  args: { defaultCountry: 'GH', onValueChange: fn(), onCountryChange: fn() },
} satisfies Meta<typeof PhoneInput>

export default meta
type Story = StoryObj<typeof meta>

/** Empty, with Ghana chosen: the placeholder is an example number of the country. */
export const Empty: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('textbox', { name: 'Phone number' })).toHaveAttribute('placeholder', '023 123 4567')
    await expect(canvas.getByRole('button', { name: 'Country: Ghana, +233' })).toBeVisible()
  },
}

/** Formatted as it is typed; E.164 out once valid. */
export const Typing: Story = {
  play: async ({ canvas, userEvent, args }) => {
    const input = canvas.getByRole('textbox', { name: 'Phone number' })
    await userEvent.type(input, '0241234567')
    await expect(input).toHaveValue('024 123 4567')
    await expect(args.onValueChange).toHaveBeenLastCalledWith('+233241234567', { country: 'GH', isValid: true, error: undefined })
  },
}

/** A valid number. */
export const Valid: Story = {
  args: { defaultValue: '+254712123456' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('textbox')).toHaveValue('0712 123456')
  },
}

/** Too short, said once the field is left. */
export const Invalid: Story = {
  play: async ({ canvas, userEvent }) => {
    const input = canvas.getByRole('textbox', { name: 'Phone number' })
    await userEvent.type(input, '02412')
    await userEvent.tab()
    await expect(input).toBeInvalid()
    await expect(input).toHaveAccessibleDescription('This number is too short for \u2068Ghana\u2069.')
  },
}

/** `00234…` and `+234 (0)…` are read; the country follows the number. */
export const PastedInternational: Story = {
  play: async ({ canvas, userEvent, args }) => {
    const input = canvas.getByRole('textbox', { name: 'Phone number' })
    await userEvent.click(input)
    await userEvent.paste('+234 (0)803 123 4567')
    await expect(args.onValueChange).toHaveBeenLastCalledWith('+2348031234567', expect.objectContaining({ country: 'NG', isValid: true }))
    await expect(args.onCountryChange).toHaveBeenCalledWith('NG')
  },
}

/** Arabic-Indic digits are read too. */
export const PastedArabicIndicDigits: Story = {
  play: async ({ canvas, userEvent, args }) => {
    const input = canvas.getByRole('textbox', { name: 'Phone number' })
    await userEvent.click(input)
    await userEvent.paste('٠٢٤١٢٣٤٥٦٧')
    await expect(args.onValueChange).toHaveBeenLastCalledWith('+233241234567', expect.objectContaining({ isValid: true }))
  },
}

/** The country list: searchable with the keyboard, with fees. */
export const CountryList: Story = {
  args: { fees: { GH: 'US$0.05', KE: 'US$0.06' } },
  play: async ({ canvas, userEvent, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Country: Ghana, +233' }))
    // The list's code may still be on its way (it is fetched as the button is first hovered).
    const search = await canvas.findByRole('combobox', { name: 'Search countries' })
    await waitFor(() => expect(search).toHaveFocus())
    await userEvent.keyboard('ken')
    await waitFor(() => expect(canvas.getAllByRole('option')).toHaveLength(1))
    await expect(canvas.getByRole('option')).toHaveTextContent('US$0.06 per SMS')
    await userEvent.keyboard('{Enter}')
    await expect(args.onCountryChange).toHaveBeenCalledWith('KE')
    await expect(canvas.getByRole('button', { name: 'Country: Kenya, +254' })).toHaveFocus()
  },
}

/** Disabled. */
export const Disabled: Story = {
  args: { disabled: true, defaultValue: '+233241234567' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('textbox')).toBeDisabled()
  },
}

/** Arabic page: the digits and the dialing code stay left to right. */
export const Arabic: Story = {
  parameters: { locale: 'ar' },
  args: { defaultValue: '+233241234567' },
  play: async ({ canvasElement }) => {
    // Right to left once the Arabic messages are there (until then English, left to right).
    await waitFor(() => expect(getComputedStyle(canvasElement.querySelector('.hakiki-phone') as HTMLElement).direction).toBe('rtl'))
    await expect(getComputedStyle(canvasElement.querySelector('input') as HTMLElement).direction).toBe('ltr')
  },
}

/** Hebrew page. */
export const Hebrew: Story = {
  parameters: { locale: 'he' },
  args: { defaultValue: '+250781234567' },
}

/** Dark theme with a validation message. */
export const Dark: Story = {
  parameters: { theme: 'dark' },
  args: { defaultValue: '+233241234567', error: 'This number is already registered.' },
}

/**
 * Every country (`countries="all"`, for a provider that reaches them, such as Twilio Verify):
 * Germany's metadata is fetched when it is first needed, here as the default country; its
 * placeholder and formatting follow once it has arrived, and its flag once its chunk of flags has.
 */
export const AllCountries: Story = {
  args: { countries: 'all', defaultCountry: 'DE' },
  play: async ({ canvas, userEvent, args }) => {
    const input = canvas.getByRole('textbox', { name: 'Phone number' })
    await waitFor(() => expect(input).toHaveAttribute('placeholder', '01512 3456789'), { timeout: 15_000 })
    await expect(canvas.getByRole('button', { name: 'Country: Germany, +49' })).toBeVisible()
    await userEvent.type(input, '015123456789')
    await expect(input).toHaveValue('01512 3456789')
    await expect(args.onValueChange).toHaveBeenLastCalledWith('+4915123456789', { country: 'DE', isValid: true, error: undefined })
  },
}

/** The list of every country, named in the page's language, searched by name, own name or dialing code. */
export const AllCountriesList: Story = {
  args: { countries: 'all', defaultCountry: 'GH' },
  play: async ({ canvas, userEvent, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Country: Ghana, +233' }))
    // The rows in view are rendered; each option says how many countries the list holds.
    await waitFor(() => expect(canvas.getAllByRole('option')[0]).toHaveAttribute('aria-setsize', '245'))
    await userEvent.keyboard('+39')
    await waitFor(() => expect(canvas.getAllByRole('option')[0]).toHaveTextContent('Italy'))
    await userEvent.keyboard('{Enter}')
    await expect(args.onCountryChange).toHaveBeenCalledWith('IT')
    await expect(canvas.getByRole('button', { name: 'Country: Italy, +39' })).toHaveFocus()
  },
}
