import type { StartVerificationRequest, StartVerificationResponse, VerificationAdapter } from '@hakiki/core'

/** Called after each code the backend accepted to send: start, resend or channel switch. */
export type StartListener = (request: StartVerificationRequest, response: StartVerificationResponse) => void

/** An adapter that also tells who listens where each accepted code went. */
export interface ObservedAdapter {
  adapter: VerificationAdapter
  /** Adds a listener; returns the function that removes it. */
  subscribe(listener: StartListener): () => void
}

/**
 * Wraps an adapter so the page learns the normalized address of every send. The device preview
 * needs it to show the messages of that address only, and `VerificationFlow` (like any drop-in)
 * need not expose its state for that: the adapter is the one seam every flow goes through.
 */
export function observeStarts(adapter: VerificationAdapter): ObservedAdapter {
  const listeners = new Set<StartListener>()
  return {
    adapter: {
      ...adapter,
      async start(request, options) {
        const response = await adapter.start(request, options)
        for (const listener of listeners) listener(request, response)
        return response
      },
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => void listeners.delete(listener)
    },
  }
}
