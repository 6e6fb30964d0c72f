/** Elements the well-known managers add to the page (input-otp's list). */
const MANAGER_ELEMENTS = '[data-lastpass-icon-root],com-1password-button,[data-dashlanecreated],[style$="2147483647 !important;"]'


/**
 * Looks for a password manager's badge over the code field's end, the way input-otp's
 * `pushPasswordManagerStrategy` does: managers draw their icon inside the end of the input, which
 * here spans every box, so it covers the last digit. Checked now, then 2 s and 5 s later (managers
 * draw late), until one is found. Then the input says so in `data-badge`: `pushed` when there is
 * room (40 px, input-otp's figure) to widen it past the boxes, `unpushed` when there is not (a
 * clipping parent, the viewport's edge). The widening itself is the stylesheet's
 * (`[data-badge='pushed']`: 40 px wider, that part clipped away, so the badge sits beside the last
 * box). Written on the element itself, not through React state: a field without a manager renders
 * nothing more. `input`'s parent is the box the input covers.
 */
export function watchPasswordManagerBadge(input: HTMLInputElement): void {
  const check = (): void => {
    const box = input.parentElement
    if (input.dataset.badge || !box) return
    const doc = box.ownerDocument
    const r = box.getBoundingClientRect()
    // A known manager's element is in the page, or something else covers the field's end, where
    // managers draw their badge (inside the end, vertically centred).
    const hit = doc.elementFromPoint(r.right - 18, r.top + r.height / 2)
    if (!doc.querySelector(MANAGER_ELEMENTS) && (!hit || box.contains(hit))) return
    // The room right of the box: up to the nearest ancestor that clips overflow, else the viewport.
    let clip: HTMLElement | null = box
    while (clip && getComputedStyle(clip).overflowX === 'visible') clip = clip.parentElement
    input.dataset.badge = (clip ? clip.getBoundingClientRect().left + clip.clientLeft + clip.clientWidth : doc.documentElement.clientWidth) - r.right >= 40 ? 'pushed' : 'unpushed'
  }
  for (const ms of [0, 2000, 5000]) setTimeout(check, ms)
}
