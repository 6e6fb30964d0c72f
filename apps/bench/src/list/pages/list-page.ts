/** What a country-list page exposes to the bench. */
export interface ListBench {
  /** The page is mounted and everything the list needs is loaded. */
  ready: boolean
}

declare global {
  interface Window {
    hakikiList?: ListBench
    /** Set by the bench: resolves with the ms from `startAt` to the paint of a frame with `option` in it. */
    hakikiWaitForOpen?: (option: string, startAt: number) => Promise<{ ms: number; options: number }>
  }
}

/** Marks the page ready for the bench. */
export function markReady(): void {
  window.hakikiList = { ready: true }
}
