/**
 * What `PhoneInput` and `CodeInput` pass to `onChange` and `onBlur`: shaped like a DOM event whose
 * `target.value` is the clean value (E.164 for a phone, ASCII digits for a code), not the text the
 * field shows, so react-hook-form's `register` and `Controller` store the value itself.
 */
export interface FieldValueEvent {
  /** `change` on every edit, `blur` when the field loses focus. */
  type: 'change' | 'blur'
  /** The field's name and its clean value. */
  target: { name: string | undefined; value: string }
}
