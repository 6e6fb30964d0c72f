import { useEffect, useState } from 'react'
import { parseSandboxMessage, type SandboxMessage } from './sandbox-message'

/**
 * The sandbox's messages to `to`, newest first, live from its Server-Sent Events stream (stored
 * messages first, then each new one). Connects only once there is an address, so a fresh page
 * holds no long-lived request open (which would also keep Lighthouse from seeing the page idle).
 */
export function useSandboxMessages(to: string | undefined): readonly SandboxMessage[] {
  const [state, setState] = useState<{ to: string | undefined; messages: readonly SandboxMessage[] }>({ to, messages: [] })
  useEffect(() => {
    if (!to || typeof EventSource === 'undefined') return
    const source = new EventSource(`/api/sandbox/messages/stream?to=${encodeURIComponent(to)}`)
    source.addEventListener('message', (event) => {
      const message = parseSandboxMessage(event.data as string)
      if (!message) return
      setState((previous) => ({
        to,
        messages: [message, ...(previous.to === to ? previous.messages : []).filter((m) => m.id !== message.id)].slice(0, 20),
      }))
    })
    source.addEventListener('clear', () => setState({ to, messages: [] }))
    return () => source.close()
  }, [to])
  return state.to === to ? state.messages : []
}
