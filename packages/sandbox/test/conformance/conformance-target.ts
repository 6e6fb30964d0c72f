/**
 * What the Verify API conformance suite needs of an implementation under test: a way to send it
 * requests, two clients, and a way to read the codes it sent (the sandbox's inbox, or a message
 * sink a real server delivers to). Implementations: the sandbox (in-process) and `@hakiki/server`
 * (over HTTP, one instance or three behind a round-robin).
 */

/** Credentials of one client of the API. */
export interface ConformanceClient {
  id: string
  secret: string
}

/** A message the implementation sent, as far as the suite reads it. */
export interface SentMessage {
  /** The code in the message. */
  code: string
  /** The verification it belongs to, when the implementation says. */
  verificationId?: string
  channel?: string
  locale?: string
}

/** An implementation of the spec under test. */
export interface ConformanceTarget {
  /** Sends a request; `path` starts with `/` (and may carry a query). */
  fetch(path: string, init?: RequestInit): Promise<Response>
  /** Two distinct clients. */
  clients: readonly [ConformanceClient, ConformanceClient]
  /** Messages sent to `to` so far, newest first (resolves once a just-answered create's message is readable). */
  messages(to: string): Promise<SentMessage[]>
  /** Digits of a code. */
  codeLength: number
  /** Wrong codes that cancel a verification. */
  maxAttempts: number
  /** Sends per verification, the first included. */
  maxSends: number
}
