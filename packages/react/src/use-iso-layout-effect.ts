import { useEffect, useLayoutEffect } from 'react'

/**
 * `useLayoutEffect` in the browser, `useEffect` on the server (where React 18 warns about layout
 * effects). Chosen at import time from `document`, which the server does not have.
 */
export const useIsoLayoutEffect: typeof useEffect = typeof document === 'undefined' ? useEffect : useLayoutEffect
