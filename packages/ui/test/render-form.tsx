import { render, type RenderResult } from '@testing-library/react'
import { createRef, useImperativeHandle, type ReactNode, type RefObject } from 'react'
import { useForm, type FieldValues, type UseFormProps, type UseFormReturn } from 'react-hook-form'

/**
 * Renders a react-hook-form form and hands the form's API to the test, through a ref (not by
 * reassigning a variable during render, which React forbids).
 */
export function renderForm<T extends FieldValues>(
  options: UseFormProps<T>,
  body: (form: UseFormReturn<T>) => ReactNode,
): RenderResult & { form: () => UseFormReturn<T> } {
  const ref: RefObject<UseFormReturn<T> | null> = createRef<UseFormReturn<T>>()
  function Form() {
    const form = useForm<T>(options)
    useImperativeHandle(ref, () => form, [form])
    return body(form)
  }
  const view = render(<Form />)
  return {
    ...view,
    form: () => {
      if (!ref.current) throw new Error('the form is not mounted')
      return ref.current
    },
  }
}
