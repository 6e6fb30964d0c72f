/**
 * Masks a phone number or e-mail address for logs and events: enough to correlate ("a Ghanaian
 * number ending in 67"), never the address. `+233241234567` → `+233*******67`,
 * `jane.doe@Example.com` → `j***@example.com`. Any other string (a rejected input) keeps only its
 * length, since it may be an address in a shape we did not recognise.
 */
export function maskAddress(value: string): string {
  const at = value.lastIndexOf('@')
  if (at > 0 && !/[\s\p{Cc}\p{Cf}]/u.test(value)) {
    const domain = value.slice(at + 1)
    if (/^[A-Za-z0-9.-]{1,253}$/.test(domain)) return `${value.slice(0, 1)}***@${domain.toLowerCase()}`
  }
  if (/^\+[0-9]{8,15}$/.test(value)) {
    // Dial code (up to 3 digits after "+") and last two digits: country-level information only.
    return `${value.slice(0, 4)}${'*'.repeat(value.length - 6)}${value.slice(-2)}`
  }
  return `[${Math.min(value.length, 999)} chars]`
}
