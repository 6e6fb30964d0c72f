// A plain module, not 'use client': Server Components and route handlers call it too, to check
// an address by the same rule as the field and the proxy. The rule itself lives in core, once.
export { validateEmail, type EmailInputError } from '@hakiki/core'
