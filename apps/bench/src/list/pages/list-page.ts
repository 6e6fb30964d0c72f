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
    /** Set by the bench before a real input: resolves as {@link Window.hakikiWaitForOpen} does, from the first input. */
    hakikiOpened?: Promise<{ ms: number; options: number }>
    /** Set by the bench: the first input the page saw (`keydown Tab`, `pointerover`), for its error messages. */
    hakikiFirstInput?: string
  }
}

/** Marks the page ready for the bench. */
export function markReady(): void {
  window.hakikiList = { ready: true }
}
