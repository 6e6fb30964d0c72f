/**
 * Masks a phone number or e-mail address for logs: enough to tell two users apart while
 * debugging, not enough to contact them.
 */

/**
 * `+233241234567` → `+2332••••••67`; `ama.mensah@example.com` → `a•••@example.com`. Anything that is
 * neither is masked whole except its first character.
 */
export function maskAddress(address: string): string {
  const at = address.lastIndexOf('@')
  if (at > 0) return `${address[0]}•••${address.slice(at)}`
  if (/^\+\d{6,}$/.test(address)) return `${address.slice(0, 5)}${'•'.repeat(address.length - 7)}${address.slice(-2)}`
  return address.length > 0 ? `${address[0]}•••` : ''
}
