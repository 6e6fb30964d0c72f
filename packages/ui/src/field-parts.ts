'use client'
import { useId } from 'react'
import { cx } from './class-names'

/** Options of {@link useFieldParts}. */
export interface FieldPartsOptions {
  /** The input's id, when the app gave one; generated otherwise. */
  id?: string | undefined
  /** The field shows a description. */
  hasDescription: boolean
  /** The field shows an error. */
  invalid: boolean
  /** Ids the app itself describes the input with (its `aria-describedby`), kept after ours. */
  describedBy?: string | undefined
}

/** What {@link useFieldParts} returns: the ids and ARIA wiring of a field's parts. */
export interface FieldParts {
  /** Props of the `<label>`. */
  labelProps: { htmlFor: string }
  /** Props of the input: its id, `aria-invalid`, and `aria-describedby` naming the description and error shown. */
  inputProps: { id: string; 'aria-invalid': true | undefined; 'aria-describedby': string | undefined }
  /** Props of the description element. */
  descriptionProps: { id: string }
  /** Props of the error element: a polite live region, present even when empty so it is read when it fills. */
  errorProps: { id: string; 'aria-live': 'polite' }
}

/**
 * The label, description and error of a field, wired to its input the one way every field of the
 * kit does it (React Aria's `useField` shape): the label names the input, and the input is
 * described by the description and, while there is one, the error, then by the app's own ids.
 */
export function useFieldParts({ id, hasDescription, invalid, describedBy }: FieldPartsOptions): FieldParts {
  const generatedId = useId()
  const descriptionId = useId()
  const errorId = useId()
  const inputId = id ?? generatedId
  return {
    labelProps: { htmlFor: inputId },
    inputProps: {
      id: inputId,
      'aria-invalid': invalid || undefined,
      'aria-describedby': cx(hasDescription && descriptionId, invalid && errorId, describedBy) || undefined,
    },
    descriptionProps: { id: descriptionId },
    errorProps: { id: errorId, 'aria-live': 'polite' },
  }
}
