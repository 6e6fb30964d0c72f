/** Client credentials the bench's sandbox accepts: the sandbox's built-in pair, nothing secret. */
export const BENCH_CLIENT = { clientId: 'sandbox-client-id', clientSecret: 'sandbox-client-secret' } as const

/** Where the proxy is mounted in the bench, as an app would mount it. */
export const BENCH_BASE_PATH = '/api/verify'
