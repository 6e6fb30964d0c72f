/**
 * Constant-time string comparison for client secrets and one-time codes.
 *
 * Written here rather than taken from `node:crypto.timingSafeEqual` because the Fetch handler must
 * stay runtime-agnostic (it also runs in workers and browsers for Storybook), and because Node's
 * version throws on inputs of different lengths, which would itself leak the length.
 */

const encoder = new TextEncoder()

/**
 * True when `a` and `b` are equal. The time taken depends only on the length of `b` (the expected
 * secret) and never on where the first difference is.
 */
export function timingSafeEqual(a: string, b: string): boolean {
  const x = encoder.encode(a)
  const y = encoder.encode(b)
  // Fold the length difference into the result instead of returning early on it.
  let diff = x.length ^ y.length
  for (let i = 0; i < y.length; i++) diff |= (x[i] ?? 0) ^ y[i]!
  return diff === 0
}
