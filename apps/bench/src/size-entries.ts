/** One measured consumer bundle: what an app imports, as an entry module. */
export interface SizeEntry {
  /** Short label of the table row. */
  name: string
  /** `hakiki` for ours, `alternative` for the libraries we compare with. */
  kind: 'hakiki' | 'alternative'
  /** What a consumer would write. */
  code: string
  /** For ours: the budget CI enforces, in gzip bytes. */
  budgetGzip?: number
}

/** Each entry re-exports what it measures, so tree-shaking keeps exactly that. */
export const SIZE_ENTRIES: readonly SizeEntry[] = [
  { name: 'hakiki hooks (useStartVerification + useCheckCode)', kind: 'hakiki', code: "export { useStartVerification, useCheckCode, VerificationProvider, createProxyAdapter } from '@hakiki/react'", budgetGzip: 4 * 1024 },
  { name: 'hakiki CodeInput', kind: 'hakiki', code: "export { CodeInput } from '@hakiki/ui'", budgetGzip: 5 * 1024 },
  { name: 'hakiki PhoneInput (with validation)', kind: 'hakiki', code: "export { PhoneInput } from '@hakiki/ui'", budgetGzip: 20 * 1024 },
  {
    // `countries="all"`: what a mounted field loads before any interaction. The region index
    // (every region's calling code and metadata loader) is fetched only when needed (the list
    // opens, a `+` number, a country beyond the 14), so it is counted with the first country
    // beyond the 14 (`measureEveryCountryPhoneInput`, size-budget.test.ts). Issue 15's goal is
    // 15 kB up front; today ~15.4 kB, hence the budget of 16 kB.
    name: 'hakiki PhoneInput, every country (up front)',
    kind: 'hakiki',
    code: "export { PhoneInput } from '@hakiki/ui'",
    budgetGzip: 16 * 1024,
  },
  { name: 'hakiki CountrySelect', kind: 'hakiki', code: "export { CountrySelect } from '@hakiki/ui'", budgetGzip: 6 * 1024 },
  { name: 'hakiki VerificationFlow', kind: 'hakiki', code: "export { VerificationFlow } from '@hakiki/ui'", budgetGzip: 35 * 1024 },
  { name: 'input-otp (OTPInput)', kind: 'alternative', code: "export { OTPInput } from 'input-otp'" },
  { name: 'react-otp-input', kind: 'alternative', code: "export { default } from 'react-otp-input'" },
  { name: 'react-phone-number-input (default)', kind: 'alternative', code: "export { default } from 'react-phone-number-input'" },
  { name: 'react-phone-number-input/input', kind: 'alternative', code: "export { default } from 'react-phone-number-input/input'" },
  { name: 'react-international-phone (PhoneInput)', kind: 'alternative', code: "export { PhoneInput } from 'react-international-phone'" },
  { name: 'libphonenumber-js/min', kind: 'alternative', code: "export { parsePhoneNumber, AsYouType, isValidPhoneNumber } from 'libphonenumber-js/min'" },
]
