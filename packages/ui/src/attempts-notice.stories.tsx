import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect } from 'storybook/test'
import { AttemptsNotice } from './attempts-notice'

const meta = {
  title: 'Components/AttemptsNotice',
  component: AttemptsNotice,
  args: { attemptsLeft: 5 },
} satisfies Meta<typeof AttemptsNotice>

export default meta
type Story = StoryObj<typeof meta>

/** Plenty left. */
export const Several: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByText('5 attempts left')).toHaveAttribute('data-state', 'ok')
  },
}

/** After a wrong code. */
export const WrongCode: Story = {
  args: { attemptsLeft: 3, wrongCode: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('That code is not right. 3 attempts left.')).toBeVisible()
  },
}

/** The last one: singular, and a warning. */
export const LastOne: Story = {
  args: { attemptsLeft: 1 },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('1 attempt left')).toHaveAttribute('data-state', 'warning')
  },
}

/** None left. */
export const None: Story = {
  args: { attemptsLeft: 0 },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('No attempts left. Ask for a new code.')).toHaveAttribute('data-state', 'none')
  },
}

/** Arabic page (six plural forms once translated). */
export const Arabic: Story = {
  parameters: { locale: 'ar' },
  args: { attemptsLeft: 2 },
}

/** Dark theme, warning. */
export const Dark: Story = {
  parameters: { theme: 'dark' },
  args: { attemptsLeft: 2, wrongCode: true },
}
