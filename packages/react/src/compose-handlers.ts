/**
 * Calls the user's handler first, then ours unless the user's called `preventDefault()`: the one
 * rule every prop getter and headless input follows when it merges an event handler.
 */
export function composeHandlers<E extends { defaultPrevented: boolean }>(
  theirs: ((event: E) => void) | undefined,
  ours: (event: E) => void,
): (event: E) => void {
  return (event) => {
    theirs?.(event)
    if (!event.defaultPrevented) ours(event)
  }
}
