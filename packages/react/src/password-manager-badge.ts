/** Elements the well-known managers add to the page (input-otp's list). */
const MANAGER_ELEMENTS = '[data-lastpass-icon-root],com-1password-button,[data-dashlanecreated],[style$="2147483647 !important;"]'

/**
 * Watches for a password manager's badge over the code field's end, the way input-otp's
 * `pushPasswordManagerStrategy` does: managers draw their icon inside the end of the input, which
 * here spans every box, so it covers the last digit. Checked as focus arrives, then 2 s and 5 s
 * later (managers draw late); `report('pushed')` when there is room to widen the input past the
 * boxes for the badge (`space` px), `'unpushed'` when there is not (a clipping parent, the
 * viewport's edge). `input`'s parent is the box the input covers. Returns the cleanup.
 */
export function watchPasswordManagerBadge(input: HTMLInputElement, space: number, report: (found: 'pushed' | 'unpushed') => void): () => void {
  let done = false
  const check = (): void => {
    const box = input.parentElement
    if (done || !box) return
    const doc = box.ownerDocument
    const r = box.getBoundingClientRect()
    // A known manager's element is in the page, or something else covers the field's end, where
    // managers draw their badge (inside the end, vertically centred).
    const hit = doc.elementFromPoint(r.right - 18, r.top + r.height / 2)
    if (!doc.querySelector(MANAGER_ELEMENTS) && (!hit || box.contains(hit))) return
    done = true
    // The room right of the box: up to the nearest ancestor that clips overflow, else the viewport.
    let clip: HTMLElement | null = box
    while (clip && getComputedStyle(clip).overflowX === 'visible') clip = clip.parentElement
    const edge = clip ? clip.getBoundingClientRect().left + clip.clientLeft + clip.clientWidth : doc.documentElement.clientWidth
    report(edge - r.right >= space ? 'pushed' : 'unpushed')
  }
  const timers = [0, 2000, 5000].map((ms) => setTimeout(check, ms))
  return () => timers.forEach(clearTimeout)
}
