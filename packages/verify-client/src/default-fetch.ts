/**
 * The transport used when none is injected: {@link nodeFetch} wherever `node:http` exists
 * (Node.js, and Bun and Deno through their Node compatibility), the platform's `fetch` elsewhere.
 *
 * Why not always `globalThis.fetch`: on Node it turns a 407 into `TypeError: fetch failed` with
 * no status and no body (the Fetch standard requires it), and the spec defines 407 on every
 * endpoint. `node-fetch` is loaded on first use with a dynamic import, so merely importing the
 * client never loads `node:http`, and a runtime without it falls back to `fetch`.
 */
export function createDefaultFetch(): typeof globalThis.fetch {
  let transport: Promise<typeof globalThis.fetch> | undefined
  return async (input, init) => {
    transport ??= loadTransport()
    const fetch = await transport
    return fetch(input, init)
  }
}

async function loadTransport(): Promise<typeof globalThis.fetch> {
  if (typeof process === 'object' && typeof process.versions?.node === 'string') {
    try {
      return (await import('./node-fetch')).nodeFetch
    } catch {
      // A runtime that poses as Node but has no `node:http`: the standard fetch still works,
      // it only cannot tell a 407 from a network error.
    }
  }
  return globalThis.fetch
}
