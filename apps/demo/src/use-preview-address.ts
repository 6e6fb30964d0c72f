import type { FlowState } from '@hakiki/core'
import { useCallback, useState } from 'react'

const KEY = 'hakiki-demo:preview-to'

const read = (): string | undefined => {
  try {
    return sessionStorage.getItem(KEY) ?? undefined
  } catch {
    return undefined
  }
}

/**
 * The normalized address the last code went to, for the device preview, learnt from the flow's
 * `onStateChange` (the state says where each code went); kept in `sessionStorage` like the flow
 * itself, so the preview still shows the message after a reload mid-flow.
 */
export function usePreviewAddress(): { to: string | undefined; onStateChange: (state: FlowState) => void } {
  const [to, setTo] = useState(read)
  const onStateChange = useCallback((state: FlowState) => {
    if (state.status !== 'code_sent') return
    const sentTo = state.verification.to
    setTo(sentTo)
    try {
      sessionStorage.setItem(KEY, sentTo)
    } catch {
      // Storage blocked: the preview follows this page only.
    }
  }, [])
  return { to, onStateChange }
}
