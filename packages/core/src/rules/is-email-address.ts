/**
 * The e-mail rule of `@hakiki/proxy` (the WHATWG `input type=email` rule, ASCII only), so a form
 * can refuse what the proxy would refuse before a round trip. Quoted local parts, IP literals and
 * Unicode domains are legal in RFC 5322 but never reach the API: type the punycode form instead.
 */
const EMAIL =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]{1,64}@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/

/** True when `value` is an e-mail address a code can be sent to: at most 254 characters, no `..`, ASCII. */
export function isEmailAddress(value: string): boolean {
  return value.length <= 254 && !value.includes('..') && EMAIL.test(value)
}
