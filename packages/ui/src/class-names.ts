/** Joins class names, skipping empty ones. Five lines instead of a `clsx` dependency. */
export function cx(...names: (string | false | null | undefined)[]): string {
  return names.filter(Boolean).join(' ')
}

/** Wraps text in Unicode isolates (FSI … PDI) so a number or address keeps its order inside RTL text. */
export function isolate(text: string): string {
  return `\u2068${text}\u2069`
}
