/** What a country-list page exposes to the bench. */
export interface ListBench {
  /** The page is mounted and everything the list needs is loaded. */
  ready: boolean
}

declare global {
  interface Window {
    hakikiList?: ListBench
  }
}

/** Marks the page ready for the bench. */
export function markReady(): void {
  window.hakikiList = { ready: true }
}
