import type { MetadataJson } from 'libphonenumber-js/core'
import { formatsOf, matchesEntirely, type PlanFormat } from './phone-plan'
import type { PlanNumber } from './read-phone-number'

/** The first group of a layout, where a national prefix formatting rule goes (`$1` → `0$1`). */
export const FIRST_GROUP = /(\$\d)/

/** libphonenumber-js's punctuation, which international numbers turn into single spaces. */
const PUNCTUATION = /[-\u2010-\u2015\u2212\u30FC\uFF0D\uFF0F/\uFF0E. \u00A0\u00AD\u200B\u2060\u3000()\uFF08\uFF09\uFF3B\uFF3D[\]~\u2053\u223C\uFF5E]+/g

/** libphonenumber-js's `applyInternationalSeparatorStyle`: `(212) 555-0100` → `212 555 0100`. */
export const internationalSeparators = (formatted: string): string => formatted.replace(PUNCTUATION, ' ').trim()

/**
 * A national significant number laid out in `format` (libphonenumber-js's
 * `formatNationalNumberUsingFormat`): in its international layout, or nationally with the national
 * prefix rule when `rule` is given.
 */
export function layOut(nationalNumber: string, format: PlanFormat, international: boolean, rule?: string | 0): string {
  const [pattern, layout, , , , internationalLayout] = format
  const groups = new RegExp(pattern)
  if (international) return internationalSeparators(nationalNumber.replace(groups, internationalLayout || layout))
  return nationalNumber.replace(groups, rule ? layout.replace(FIRST_GROUP, rule) : layout)
}

/**
 * Formats a read number for display as libphonenumber-js's `formatNational` (`024 123 4567`) and
 * `formatInternational` (`+233 24 123 4567`) do: the first format whose last leading-digits
 * pattern and whole pattern fit (the region's, else its calling code's main region's), with the
 * national prefix rule in national form and the international layout in international form; digits
 * as they are when no format fits.
 */
export function formatPlanNumber({ nationalNumber, plan }: PlanNumber, style: 'national' | 'international', metadata: MetadataJson): string {
  const international = style === 'international'
  const format = formatsOf(metadata, plan).find(
    ([pattern, , leading]) =>
      (!leading || !leading.length || new RegExp(`^(?:${leading.at(-1)})`).test(nationalNumber)) && matchesEntirely(nationalNumber, pattern),
  )
  const formatted = format ? layOut(nationalNumber, format, international, format[3]) : nationalNumber
  return international ? `+${plan[0]} ${formatted}` : formatted
}
