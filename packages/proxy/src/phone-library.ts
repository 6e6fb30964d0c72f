/**
 * libphonenumber's `max` metadata, loaded on first use. It is the proxy's costliest import by far
 * (~150 kB of numbering-plan patterns; issue 24 measured `import '@hakiki/proxy'` at about three
 * times a bare Hono app, most of it this): an app that imports the proxy, or serves e-mail only,
 * should not pay for it at start-up. The first start that names a phone number loads it (once;
 * concurrent starts share the one load), and the code that parses numbers runs after that.
 */
import type * as LibPhoneNumber from 'libphonenumber-js/max'

type PhoneLibrary = typeof LibPhoneNumber

let loaded: PhoneLibrary | undefined
let loading: Promise<PhoneLibrary> | undefined

/** Loads the library (once); a failed load is tried again by the next caller. */
export function loadPhoneLibrary(): Promise<PhoneLibrary> {
  loading ??= import('libphonenumber-js/max').then(
    (library) => (loaded = library),
    (error: unknown) => {
      loading = undefined
      throw error
    },
  )
  return loading
}

/** A parsed phone number (libphonenumber's `PhoneNumber`). */
export type ParsedPhoneNumber = NonNullable<ReturnType<PhoneLibrary['parsePhoneNumberFromString']>>

let last: ParsedPhoneNumber | undefined
let forgetting = false

/**
 * Forgets the remembered number and its type once the current synchronous step is over (a
 * microtask). The memo only spares a start its second parse in the same step; kept any longer it
 * would hold a user's number in memory until the next start, and let a start's timing tell whether
 * the previous one named the same number (no address is remembered across requests).
 */
function forgetSoon(): void {
  if (forgetting) return
  forgetting = true
  queueMicrotask(() => {
    forgetting = false
    last = undefined
    typed = undefined
    typedAs = undefined
  })
}

/**
 * `parsePhoneNumberFromString(text)`, remembering the last number parsed until the end of the
 * synchronous step: a start parses its number to validate it and, in the same step, again by its
 * E.164 form to check its type (number-type-policy.ts); the second parse, the costlier half of the
 * pair, is then a comparison.
 */
export function parsePhoneNumber(text: string): ParsedPhoneNumber | undefined {
  if (last !== undefined && last.number === text) return last
  const parsed = phoneLibrary().parsePhoneNumberFromString(text)
  if (parsed !== undefined) {
    last = parsed
    forgetSoon()
  }
  return parsed
}

/** A number's type as libphonenumber's `getType()` says it (`MOBILE`, `FIXED_LINE`, …). */
export type PhoneNumberType = ReturnType<ParsedPhoneNumber['getType']>

let typed: ParsedPhoneNumber | undefined
let typedAs: PhoneNumberType

/**
 * `parsed.getType()`, remembered for the last number typed until the end of the synchronous step
 * (like {@link parsePhoneNumber}): a start asks it for validity
 * ({@link isValidPhoneNumber}) and again for the number-type policy, and each answer runs the
 * country's type patterns (a few regular expressions per type).
 */
export function phoneNumberType(parsed: ParsedPhoneNumber): PhoneNumberType {
  if (typed !== parsed) {
    typedAs = parsed.getType()
    typed = parsed
    forgetSoon()
  }
  return typedAs
}

/**
 * `parsed.isValid()`, from the number's type where it has one: with the `max` metadata every
 * country has type patterns, and libphonenumber's `isValid()` is then exactly "the number has a
 * type" (`isValidNumber` runs `getNumberType`), so the start types its number once, not twice. A
 * number without a type still asks `isValid()` (the library's fallback for a plan without types).
 */
export function isValidPhoneNumber(parsed: ParsedPhoneNumber): boolean {
  return phoneNumberType(parsed) !== undefined || parsed.isValid()
}

/** The library if {@link loadPhoneLibrary} has resolved, else `undefined`: no await (a microtask hop) once it is loaded. */
export function loadedPhoneLibrary(): PhoneLibrary | undefined {
  return loaded
}

/** The library, once {@link loadPhoneLibrary} has resolved; before, a programming error. */
export function phoneLibrary(): PhoneLibrary {
  if (!loaded) throw new Error('libphonenumber-js is used before loadPhoneLibrary() resolved')
  return loaded
}

/**
 * The ISO 3166-1 alpha-2 codes libphonenumber has a numbering plan for (its `getCountries()`),
 * so the `countries` options are checked at creation without loading the metadata.
 * `phone-library.test.ts` keeps it equal to the library's list.
 */
export const PHONE_COUNTRIES: ReadonlySet<string> = new Set(
  'AC AD AE AF AG AI AL AM AO AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BW BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GT GU GW GY HK HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PR PS PT PW PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TA TC TD TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG US UY UZ VA VC VE VG VI VN VU WF WS XK YE YT ZA ZM ZW'.split(' '),
)
