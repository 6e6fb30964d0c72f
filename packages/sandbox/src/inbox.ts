/**
 * The sandbox inbox: every message the sandbox "sent", newest first, readable in-process, over
 * `GET /sandbox/messages` and live over Server-Sent Events.
 */
import type { Channel } from '@hakiki/core'

/** A message the sandbox sent instead of a real SMS, call or e-mail. */
export interface SandboxMessage {
  /** Message id (`SM…` for sms, `CA…` for call, `EM…` for email). */
  id: string
  /** The verification the message belongs to. */
  verificationId: string
  /** Recipient: E.164 phone number or e-mail address. */
  to: string
  channel: Channel
  /** API locale the message was rendered in. */
  locale: string
  /** E-mail subject (email only). */
  subject?: string
  /** SMS text, e-mail plain text or voice-call script. */
  body: string
  /** E-mail HTML (email only). */
  html?: string
  /** The code the message carries, so tests need not parse `body`. */
  code: string
  /** ISO 8601 time of sending, on the sandbox clock. */
  sentAt: string
}

/** Filter of {@link SandboxInbox.list}. */
export interface InboxFilter {
  /** Only messages to this address (e-mail addresses compare case-insensitively). */
  to?: string
}

/** Read side of the inbox, part of the public `Sandbox`. */
export interface SandboxInbox {
  /** Messages, newest first, optionally only those to one address. */
  list(filter?: InboxFilter): SandboxMessage[]
  /** Deletes every message. */
  clear(): void
  /** Calls `listener` with each new message; returns the unsubscribe function. */
  subscribe(listener: (message: SandboxMessage) => void): () => void
  /** Number of live subscribers (the SSE streams among them); lets tests prove none leak. */
  subscriberCount(): number
}

/** The inbox as the sandbox itself uses it. */
export interface InboxStore extends SandboxInbox {
  /** Stores a message and tells the subscribers. */
  add(message: SandboxMessage): void
  /** Calls `listener` after each `clear()`; returns the unsubscribe function. */
  onClear(listener: () => void): () => void
}

/** Newest messages kept; older ones are dropped so a long-running sandbox stays small. */
export const INBOX_LIMIT = 500

/** True when `message` passes `filter`. */
export function matchesFilter(message: SandboxMessage, filter: InboxFilter | undefined): boolean {
  return filter?.to === undefined || message.to.toLowerCase() === filter.to.toLowerCase()
}

/** Creates an empty inbox keeping at most `limit` messages. */
export function createInbox(limit: number = INBOX_LIMIT): InboxStore {
  // Oldest first internally, so dropping the oldest is a shift.
  let messages: SandboxMessage[] = []
  const listeners = new Set<(m: SandboxMessage) => void>()
  const clearListeners = new Set<() => void>()
  return {
    list: (filter) => messages.filter((m) => matchesFilter(m, filter)).toReversed().map((m) => ({ ...m })),
    clear() {
      messages = []
      for (const l of Array.from(clearListeners)) l()
    },
    subscribe(listener) {
      // A wrapper per subscription, so subscribing the same function twice needs two unsubscribes.
      const entry = (m: SandboxMessage) => listener(m)
      listeners.add(entry)
      return () => void listeners.delete(entry)
    },
    subscriberCount: () => listeners.size,
    add(message) {
      messages.push(message)
      if (messages.length > limit) messages.splice(0, messages.length - limit)
      // A snapshot: a listener that subscribes another must not have it called for this message.
      for (const l of Array.from(listeners)) {
        // One broken listener must not stop the others or fail the create that sent the message.
        try {
          l({ ...message })
        } catch {
          /* ignored on purpose */
        }
      }
    },
    onClear(listener) {
      clearListeners.add(listener)
      return () => void clearListeners.delete(listener)
    },
  }
}
