// The Node.js entry, `@hakiki/sandbox/node`: the sandbox on a `node:http` server, and the adapter
// from its Fetch handler to a Node request listener. Everything else is in the neutral entry.
export { startSandboxServer, type SandboxServer, type SandboxServerOptions } from './start-sandbox-server'
export { toNodeListener } from './node-listener'
