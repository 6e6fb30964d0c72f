import { act, render } from '@testing-library/react'
import { createRef, useState } from 'react'
import { describe, expect, it } from 'vitest'
import { useObservedInput, type UseObservedInputOptions } from './use-observed-input'

// The hook in jsdom, with writes made the way form libraries make them (`input.value = …`,
// `radio.checked = …`, `form.reset()`); @hakiki/ui tests it in Chromium with react-hook-form.

/** A text field whose `data-seen` shows the last value the observer was told about. */
function Text({ transform, ...options }: Omit<UseObservedInputOptions, 'accept'> & { transform?: (value: string) => string }) {
  const [seen, setSeen] = useState('')
  const ref = useObservedInput({
    ...options,
    accept: (value) => {
      setSeen(value)
      return transform ? transform(value) : value
    },
  })
  return (
    <form>
      <input ref={ref} data-seen={seen} defaultValue="first" />
    </form>
  )
}

describe('useObservedInput', () => {
  it('sees writes to value that bypass React, may change what is stored, and forwards the ref', () => {
    const forwarded = createRef<HTMLInputElement>()
    const view = render(<Text ref={forwarded} transform={(v) => v.toUpperCase()} />)
    const input = view.container.querySelector('input') as HTMLInputElement
    expect(forwarded.current).toBe(input)
    act(() => {
      input.value = 'ama'
    })
    expect(input.value).toBe('AMA')
    expect(input.dataset.seen).toBe('ama')
  })

  it('calls the callbacks of the latest render', () => {
    const view = render(<Text transform={(v) => `${v}-1`} />)
    const input = view.container.querySelector('input') as HTMLInputElement
    view.rerender(<Text transform={(v) => `${v}-2`} />)
    act(() => {
      input.value = 'kofi'
    })
    expect(input.value).toBe('kofi-2')
  })

  it('observes checked as a boolean and restores what onFormReset returns on a form reset', () => {
    const written: boolean[] = []
    function Radio() {
      const ref = useObservedInput({
        property: 'checked',
        accept: (on) => {
          written.push(on)
          return on
        },
        onFormReset: () => true,
      })
      return (
        <form>
          <input ref={ref} type="radio" name="channel" value="sms" />
        </form>
      )
    }
    const view = render(<Radio />)
    const radio = view.container.querySelector('input') as HTMLInputElement
    act(() => {
      radio.checked = 1 as unknown as boolean
    })
    act(() => {
      radio.checked = false
    })
    expect(written).toEqual([true, false])
    act(() => radio.form?.reset())
    expect(radio.checked).toBe(true)
  })

  it('removes its wrapper on unmount, giving the element back its previous setter', () => {
    const forwarded = createRef<HTMLInputElement>()
    const view = render(<Text ref={forwarded} transform={(v) => v.toUpperCase()} />)
    const input = forwarded.current as HTMLInputElement
    view.unmount()
    expect(forwarded.current).toBeNull()
    input.value = 'after'
    expect(input.value).toBe('after')
  })

  it('a write through value followed by a bare input event reaches onChange, as a typed edit does', () => {
    const changes: string[] = []
    function Controlled() {
      const [value, setValue] = useState('')
      const ref = useObservedInput()
      return (
        <input
          ref={ref}
          value={value}
          onChange={(event) => {
            changes.push(event.target.value)
            setValue(event.target.value)
          }}
        />
      )
    }
    const view = render(<Controlled />)
    const input = view.container.querySelector('input') as HTMLInputElement
    // An autofill script (or Playwright's Firefox for a character no key makes): no native setter.
    act(() => {
      input.value = '٠١'
      input.setSelectionRange(1, 1)
      input.dispatchEvent(new Event('input', { bubbles: true }))
    })
    expect(changes).toEqual(['٠١'])
    expect(input.value).toBe('٠١')
    expect([input.selectionStart, input.selectionEnd]).toEqual([1, 1])
    // React's own write of the new value, then an input event with nothing changed: no report.
    act(() => {
      input.dispatchEvent(new Event('input', { bubbles: true }))
    })
    expect(changes).toEqual(['٠١'])
  })
})
