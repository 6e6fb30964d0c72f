import { useEffect, useState } from 'react'
import type { ObservedAdapter } from './observe-starts'

const KEY = 'hakiki-demo:preview-to'

const read = (): string | undefined => {
  try {
    return sessionStorage.getItem(KEY) ?? undefined
  } catch {
    return undefined
  }
}

/**
 * The normalized address the last code went to, for the device preview; kept in `sessionStorage`
 * like the flow itself, so the preview still shows the message after a reload mid-flow.
 */
export function usePreviewAddress(observed: ObservedAdapter): string | undefined {
  const [to, setTo] = useState(read)
  useEffect(
    () =>
      observed.subscribe((_request, response) => {
        setTo(response.to)
        try {
          sessionStorage.setItem(KEY, response.to)
        } catch {
          // Storage blocked: the preview follows this page only.
        }
      }),
    [observed],
  )
  return to
}
