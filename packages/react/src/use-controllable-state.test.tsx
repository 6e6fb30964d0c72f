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
})
