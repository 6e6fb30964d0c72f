import { act, fireEvent, render, renderHook } from '@testing-library/react'
import { describe, expect, test, vi } from 'vitest'
import { useControllableState } from './use-controllable-state'
import { usePhoneInput } from './use-phone-input'

describe('useControllableState', () => {
  test('uncontrolled: keeps its own value and tells onChange with the details', () => {
    const onChange = vi.fn<(value: string, why: string) => void>()
    const { result } = renderHook(() => useControllableState<string, [string]>({ value: undefined, defaultValue: 'a', onChange }))
    expect(result.current[0]).toBe('a')
    expect(result.current[2]).toBe(false)
    act(() => result.current[1]('b', 'typed'))
    expect(result.current[0]).toBe('b')
    expect(onChange).toHaveBeenCalledExactlyOnceWith('b', 'typed')
  })

  test('controlled: the value prop wins; setting only tells onChange', () => {
    const onChange = vi.fn<(value: string) => void>()
    const { result, rerender } = renderHook(({ value }) => useControllableState({ value, defaultValue: 'a', onChange }), { initialProps: { value: 'x' } })
    act(() => result.current[1]('y'))
    expect(result.current[0]).toBe('x')
    expect(onChange).toHaveBeenCalledExactlyOnceWith('y')
    rerender({ value: 'y' })
    expect(result.current[0]).toBe('y')
    expect(result.current[2]).toBe(true)
  })
})

describe('useControllableState: updates from the current value', () => {
  test('uncontrolled: updates chain within one event, before React renders', () => {
    const onChange = vi.fn<(value: string | undefined) => void>()
    const { result } = renderHook(() => useControllableState<string | undefined>({ value: undefined, defaultValue: 'sms', onChange }))
    // A form library writes each radio in turn: `call` on, then `sms` (the old choice) off.
    act(() => {
      result.current[1](() => 'call')
      result.current[1]((current) => (current === 'sms' ? undefined : current))
    })
    expect(result.current[0]).toBe('call')
    expect(onChange.mock.calls).toEqual([['call'], ['call']])
  })

  test('controlled: an update reads the value prop and only tells onChange', () => {
    const onChange = vi.fn<(value: number) => void>()
    const { result, rerender } = renderHook(({ value }) => useControllableState({ value, defaultValue: 0, onChange }), { initialProps: { value: 5 } })
    act(() => result.current[1]((n) => n + 1))
    act(() => result.current[1]((n) => n + 1))
    // The parent did not take the first one: both read 5.
    expect(onChange.mock.calls).toEqual([[6], [6]])
    expect(result.current[0]).toBe(5)
    rerender({ value: 6 })
    act(() => result.current[1]((n) => n + 1))
    expect(onChange).toHaveBeenLastCalledWith(7)
  })

  test('switching from controlled to uncontrolled keeps the last default of its own', () => {
    const { result, rerender } = renderHook(({ value }: { value: string | undefined }) => useControllableState({ value, defaultValue: 'own' }), { initialProps: { value: 'given' as string | undefined } })
    expect(result.current[0]).toBe('given')
    rerender({ value: undefined })
    expect(result.current[0]).toBe('own')
    expect(result.current[2]).toBe(false)
  })
})

describe('usePhoneInput', () => {
  test("getInputProps calls the caller's onChange after the field read the edit", () => {
    const seen: string[] = []
    function Field() {
      const phone = usePhoneInput({ defaultCountry: 'GH' })
      return <input {...phone.getInputProps({ onChange: (event) => seen.push(event.target.value) })} />
    }
    const view = render(<Field />)
    fireEvent.change(view.container.querySelector('input') as HTMLInputElement, { target: { value: '024' } })
    expect(seen).toEqual(['024'])
  })

  test('uncontrolled: keeps the text it shows and reports the E.164 value of each edit', () => {
    const onChange = vi.fn<(e164: string) => void>()
    function Field() {
      const phone = usePhoneInput({ defaultCountry: 'GH', onChange })
      return <input {...phone.getInputProps()} />
    }
    const view = render(<Field />)
    const input = view.container.querySelector('input') as HTMLInputElement
    fireEvent.change(input, { target: { value: '0241234567' } })
    expect(input.value).toBe('024 123 4567')
    expect(onChange).toHaveBeenLastCalledWith('+233241234567', expect.objectContaining({ country: 'GH', isValid: true }))
  })

  test('controlled: an echo of what was reported keeps the text; another value replaces it; a form reset leaves it', () => {
    const onChange = vi.fn<(e164: string) => void>()
    function Field({ value }: { value: string }) {
      const phone = usePhoneInput({ defaultCountry: 'GH', value, onChange })
      return (
        <form>
          <input {...phone.getInputProps()} />
        </form>
      )
    }
    const view = render(<Field value="" />)
    const input = view.container.querySelector('input') as HTMLInputElement
    fireEvent.change(input, { target: { value: '024' } })
    // Not a valid number yet: '' is reported, and the parent's '' (its echo) keeps the digits.
    expect(onChange).toHaveBeenLastCalledWith('', expect.objectContaining({ isValid: false }))
    view.rerender(<Field value="" />)
    expect(input.value).toBe('024')
    view.rerender(<Field value="+233201234567" />)
    expect(input.value).toBe('020 123 4567')
    act(() => input.form?.reset())
    expect(input.value).toBe('020 123 4567')
  })
})
