import type { PhoneCountryCode } from '@hakiki/core'
import { CountrySelect } from '@hakiki/ui'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { useState } from 'react'
import { expect, fn } from 'storybook/test'

// CountrySelect's stories live with the docs (PhoneInput's own stories show it inside the phone field).
const meta = {
  title: 'Components/CountrySelect',
  component: CountrySelect,
  args: { value: 'GH', onChange: fn() },
  argTypes: {
    value: { control: 'select', options: ['BJ', 'BF', 'CM', 'CI', 'GH', 'KE', 'NG', 'RW', 'SN', 'ZA', 'TZ', 'TG', 'UG', 'ZW'] },
  },
  // Controlled: the story keeps the picked country, as your component would.
  render: function Render(args) {
    const [value, setValue] = useState<PhoneCountryCode | undefined>(args.value)
    return (
      <CountrySelect
        {...args}
        value={value}
        onChange={(country) => {
          setValue(country)
          args.onChange?.(country)
        }}
      />
    )
  },
} satisfies Meta<typeof CountrySelect>

export default meta
type Story = StoryObj<typeof meta>

/** Ghana chosen; the button names the country and its dialing code. */
export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Country: Ghana, +233' })).toBeVisible()
  },
}

/** Searching the list by name and picking a country. */
export const Search: Story = {
  play: async ({ canvas, userEvent, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Country: Ghana, +233' }))
    await userEvent.type(await canvas.findByRole('combobox'), 'Keny')
    await userEvent.keyboard('{Enter}')
    await expect(args.onChange).toHaveBeenCalledWith('KE')
    await expect(canvas.getByRole('button', { name: 'Country: Kenya, +254' })).toBeVisible()
  },
}

/** Only some countries, with the SMS fee of each. */
export const WithFees: Story = {
  args: { countries: ['GH', 'NG', 'KE'], fees: { GH: 'US$0.05', NG: 'US$0.03', KE: 'US$0.04' } },
}
