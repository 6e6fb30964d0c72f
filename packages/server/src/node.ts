/**
 * `@hakiki/server/node`: the Verify API over `node:http`, with the store opened from the
 * configuration (memory, or Redis through node-redis) and a graceful shutdown.
 */
export { openStore, startVerifyServer, type RunningVerifyServer, type StartVerifyServerOptions } from './start-verify-server'
export { loadServerConfig } from './load-server-config'
export { createNodeRouteTransport } from './create-node-route-transport'
