import './styles.css'
import type { Channel } from '@hakiki/core'
import { act, render } from '@testing-library/react'
import { Controller } from 'react-hook-form'
import { describe, expect, test, vi } from 'vitest'
import { userEvent } from 'vitest/browser'
import { axeViolations } from '../test/browser-helpers'
import { renderForm } from '../test/render-form'
import { ChannelPicker, type ChannelPickerProps } from './channel-picker'

const radio = (view: ReturnType<typeof render>, name: string) => view.getByRole('radio', { name }) as HTMLInputElement

describe('ChannelPicker', () => {
  test('is a native radio group in a fieldset named by its legend', () => {
    const view = render(<ChannelPicker defaultValue="sms" />)
    const group = view.getByRole('group', { name: 'Send the code by' })
    expect(group.tagName).toBe('FIELDSET')
    expect(view.getAllByRole('radio').map((r) => (r as HTMLInputElement).value)).toEqual(['sms', 'call', 'email'])
    expect(radio(view, 'SMS').checked).toBe(true)
    expect(radio(view, 'Voice call').name).toBe(radio(view, 'SMS').name)
    expect(radio(view, 'Email')).toBeTruthy()
  })

  test('arrow keys move the choice, as in every native radio group', async () => {
    const onValueChange = vi.fn<(channel: Channel) => void>()
    const view = render(<ChannelPicker defaultValue="sms" onValueChange={onValueChange} />)
    radio(view, 'SMS').focus()
    await userEvent.keyboard('{ArrowRight}')
    expect(radio(view, 'Voice call').checked).toBe(true)
    expect(document.activeElement).toBe(radio(view, 'Voice call'))
    expect(onValueChange).toHaveBeenLastCalledWith('call')
    await userEvent.keyboard('{ArrowRight}')
    expect(onValueChange).toHaveBeenLastCalledWith('email')
    expect(view.container.firstElementChild?.getAttribute('data-value')).toBe('email')
  })

  test('shows a fee where one is given and ties it to its choice', () => {
    const view = render(<ChannelPicker channels={['sms', 'call']} fees={{ sms: 'US$0.05' }} defaultValue="call" />)
    expect(view.getAllByRole('radio')).toHaveLength(2)
    expect(radio(view, 'Voice call').checked).toBe(true)
    const sms = radio(view, 'SMS')
    expect(document.getElementById(sms.getAttribute('aria-describedby') ?? '')?.textContent).toBe('US$0.05 per message')
    expect(radio(view, 'Voice call').hasAttribute('aria-describedby')).toBe(false)
  })

  test.each([
    ['the new choice first', ['call', 'sms']],
    ['the old choice first', ['sms', 'call']],
  ])('uncontrolled: a pick is told to onValueChange; writes through the radios (%s) only show', async (_, order) => {
    const onValueChange = vi.fn<(channel: Channel) => void>()
    const view = render(<ChannelPicker defaultValue="sms" onValueChange={onValueChange} />)
    const root = () => view.container.firstElementChild?.getAttribute('data-value')
    // What a form library's setValue does: every radio of the group written in turn, no event.
    act(() => {
      for (const channel of order) radio(view, channel === 'sms' ? 'SMS' : 'Voice call').checked = channel === 'call'
    })
    expect(root()).toBe('call')
    expect(onValueChange).not.toHaveBeenCalled()
    await userEvent.click(radio(view, 'Email'))
    expect(root()).toBe('email')
    expect(onValueChange).toHaveBeenCalledExactlyOnceWith('email')
  })

  test('controlled: a pick is told to onValueChange and shows only once the value follows', async () => {
    const onValueChange = vi.fn<(channel: Channel) => void>()
    const view = render(<ChannelPicker value="sms" onValueChange={onValueChange} />)
    await userEvent.click(radio(view, 'Email'))
    expect(onValueChange).toHaveBeenCalledExactlyOnceWith('email')
    expect(radio(view, 'SMS').checked).toBe(true)
    expect(view.container.firstElementChild?.getAttribute('data-value')).toBe('sms')
    view.rerender(<ChannelPicker value="email" onValueChange={onValueChange} />)
    expect(radio(view, 'Email').checked).toBe(true)
  })

  test('controlled: follows value; disabled: nothing can be picked', async () => {
    const onValueChange = vi.fn<(channel: Channel) => void>()
    const view = render(<ChannelPicker value="email" onValueChange={onValueChange} />)
    expect(radio(view, 'Email').checked).toBe(true)
    view.rerender(<ChannelPicker value="call" onValueChange={onValueChange} />)
    expect(radio(view, 'Voice call').checked).toBe(true)
    view.rerender(<ChannelPicker value="call" disabled onValueChange={onValueChange} />)
    expect(radio(view, 'SMS').matches(':disabled')).toBe(true)
    await userEvent.click(radio(view, 'SMS'), { force: true })
    expect(onValueChange).not.toHaveBeenCalled()
  })

  test.each<[string, ChannelPickerProps]>([
    ['default', {}],
    ['with fees', { fees: { sms: 'US$0.05', call: 'US$0.09' } }],
    ['disabled', { disabled: true }],
    ['hidden legend', { hideLegend: true, channels: ['sms', 'call'] }],
  ])('no axe violations: %s', async (_, props) => {
    const view = render(<ChannelPicker {...props} />)
    expect(await axeViolations(view.container)).toEqual([])
  })
})

describe('ChannelPicker with react-hook-form', () => {
  test('register: the ref reaches every radio, so picking, setValue and reset work', async () => {
    const view = renderForm<{ channel: Channel }>({ defaultValues: { channel: 'call' } }, (form) => (
      <form>
        <ChannelPicker {...form.register('channel')} />
      </form>
    ))
    const form = view.form()
    expect(radio(view, 'Voice call').checked).toBe(true)
    await userEvent.click(radio(view, 'Email'))
    expect(form.getValues('channel')).toBe('email')
    act(() => form.setValue('channel', 'sms'))
    expect(radio(view, 'SMS').checked).toBe(true)
    act(() => form.reset())
    expect(radio(view, 'Voice call').checked).toBe(true)
  })

  test('register: the state attributes follow setValue and reset at once, not on the next pick', async () => {
    const view = renderForm<{ channel: Channel }>({ defaultValues: { channel: 'call' } }, (form) => (
      <form>
        <ChannelPicker {...form.register('channel')} />
      </form>
    ))
    const form = view.form()
    const root = view.container.querySelector('.hakiki-channels') as HTMLElement
    const shown = () => ({
      value: root.getAttribute('data-value'),
      checked: [...root.querySelectorAll('[data-part="option"][data-state="checked"]')].map((o) => o.getAttribute('data-channel')),
    })
    // register checks the default radio through the ref when it attaches.
    expect(shown()).toEqual({ value: 'call', checked: ['call'] })
    act(() => form.setValue('channel', 'sms'))
    expect(radio(view, 'SMS').checked).toBe(true)
    expect(shown()).toEqual({ value: 'sms', checked: ['sms'] })
    await userEvent.click(radio(view, 'Email'))
    expect(shown()).toEqual({ value: 'email', checked: ['email'] })
    act(() => form.reset())
    expect(radio(view, 'Voice call').checked).toBe(true)
    expect(shown()).toEqual({ value: 'call', checked: ['call'] })
  })

  test('a native form reset restores the default choice and its state', async () => {
    const view = render(
      <form>
        <ChannelPicker defaultValue="sms" />
      </form>,
    )
    const root = view.container.querySelector('.hakiki-channels') as HTMLElement
    await userEvent.click(radio(view, 'Email'))
    expect(root.getAttribute('data-value')).toBe('email')
    act(() => radio(view, 'SMS').form?.reset())
    expect(radio(view, 'SMS').checked).toBe(true)
    expect(root.getAttribute('data-value')).toBe('sms')
    expect(view.container.querySelector('[data-channel="sms"]')?.getAttribute('data-state')).toBe('checked')
  })

  test('Controller: picking and setValue', async () => {
    const view = renderForm<{ channel: Channel }>({ defaultValues: { channel: 'sms' } }, (form) => (
      <Controller control={form.control} name="channel" render={({ field }) => <ChannelPicker {...field} />} />
    ))
    const form = view.form()
    await userEvent.click(radio(view, 'Voice call'))
    expect(form.getValues('channel')).toBe('call')
    act(() => form.setValue('channel', 'email'))
    expect(radio(view, 'Email').checked).toBe(true)
  })
})
