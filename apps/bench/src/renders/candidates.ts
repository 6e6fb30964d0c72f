/** One field measured by the render benchmark. */
export interface RenderCandidate {
  /** Page name: `pages/<name>.tsx` is its entry. */
  name: string
  /** Row label. */
  label: string
  /** `hakiki` for ours, `alternative` for the library compared with. */
  kind: 'hakiki' | 'alternative'
  /** The input the keys go to. */
  selector: string
  /** What is typed, one key press per character. */
  text: string
}

/** A 6-digit code and a 9-digit Cameroonian national number (6 71 23 45 67, formatted as it is typed), into ours and the best-known alternatives. */
export const RENDER_CANDIDATES: readonly RenderCandidate[] = [
  { name: 'hakiki-code-input', label: 'hakiki CodeInput', kind: 'hakiki', selector: 'input[autocomplete="one-time-code"]', text: '123456' },
  { name: 'input-otp', label: 'input-otp (OTPInput)', kind: 'alternative', selector: 'input[autocomplete="one-time-code"]', text: '123456' },
  { name: 'hakiki-phone-input', label: 'hakiki PhoneInput', kind: 'hakiki', selector: 'input[type="tel"]', text: '671234567' },
  { name: 'react-phone-number-input', label: 'react-phone-number-input', kind: 'alternative', selector: 'input[type="tel"]', text: '671234567' },
]
