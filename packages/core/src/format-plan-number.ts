import { matchesEntirely } from './phone-plan'
import type { PlanNumber } from './read-phone-number'

/**
 * Formats a read number for display as libphonenumber-js's `formatNational` (`024 123 4567`) and
 * `formatInternational` (`+233 24 123 4567`) do: the first format whose last leading-digits
 * pattern and whole pattern fit, with the national prefix rule in national form; digits as they
 * are when no format fits. (The covered formats have no separate international layout.)
 */
export function formatPlanNumber({ nationalNumber, plan }: PlanNumber, style: 'national' | 'international'): string {
  const format = (plan[4] || []).find(
    ([pattern, , leading]) =>
      (!leading || !leading.length || new RegExp(`^(?:${leading.at(-1)})`).test(nationalNumber)) && matchesEntirely(nationalNumber, pattern),
  )
  let formatted = nationalNumber
  if (format) {
    const [pattern, layout, , rule] = format
    formatted = nationalNumber.replace(new RegExp(pattern), rule && style === 'national' ? layout.replace(/(\$\d)/, rule) : layout)
  }
  // International numbers separate groups with single spaces (libphonenumber-js's separator style).
  return style === 'national' ? formatted : `+${plan[0]} ${formatted.replace(/[-\s()]+/g, ' ').trim()}`
}
