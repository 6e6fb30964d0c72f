/**
 * `GET /sandbox/messages/stream`: the inbox as Server-Sent Events. On connect the stream replays the
 * stored messages (oldest first, or only those after `Last-Event-ID` on a reconnect), then sends
 * each new one live. It ends, and frees its subscription, when the client goes away.
 */
import type { InboxFilter, InboxStore, SandboxMessage } from './inbox'
import { matchesFilter } from './inbox'

/** Interval of the comment lines that keep idle connections open through proxies. */
const HEARTBEAT_MS = 15_000

const encoder = new TextEncoder()
const noop = () => {}

/** One SSE event: `event: message`, the message id as `id`, the JSON message as `data`. */
export function formatMessageEvent(message: SandboxMessage): string {
  // JSON.stringify escapes line breaks, so the payload is always a single `data:` line.
  return `id: ${message.id}\nevent: message\ndata: ${JSON.stringify(message)}\n\n`
}

/** The streaming response for `request`. */
export function messageStream(inbox: InboxStore, filter: InboxFilter, request: Request): Response {
  let stop: () => void = noop
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      let open = true
      const send = (text: string) => {
        if (open) controller.enqueue(encoder.encode(text))
      }
      const unsubscribe = inbox.subscribe((m) => {
        if (matchesFilter(m, filter)) send(formatMessageEvent(m))
      })
      const unsubscribeClear = inbox.onClear(() => send('event: clear\ndata: {}\n\n'))
      const heartbeat = setInterval(() => send(': keep-alive\n\n'), HEARTBEAT_MS)
      // Never keep a process alive only for a stream nobody reads (Node; a no-op elsewhere).
      ;(heartbeat as { unref?: () => void }).unref?.()
      stop = () => {
        if (!open) return
        open = false
        unsubscribe()
        unsubscribeClear()
        clearInterval(heartbeat)
      }
      request.signal.addEventListener(
        'abort',
        () => {
          stop()
          try {
            controller.close()
          } catch {
            /* already closed or cancelled */
          }
        },
        { once: true },
      )

      send('retry: 2000\n\n')
      const stored = inbox.list(filter).toReversed()
      const lastId = request.headers.get('last-event-id')
      const after = lastId ? stored.findIndex((m) => m.id === lastId) : -1
      for (const m of stored.slice(after + 1)) send(formatMessageEvent(m))
      if (request.signal.aborted) stop()
    },
    cancel() {
      stop()
    },
  })
  return new Response(body, {
    status: 200,
    headers: {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      // Tell buffering reverse proxies (nginx) to pass events through at once.
      'x-accel-buffering': 'no',
      'access-control-allow-origin': '*',
    },
  })
}
