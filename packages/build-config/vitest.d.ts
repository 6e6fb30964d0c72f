/**
 * The node test packages' `testTimeout` and `hookTimeout` (60 s each): bounds for a hang, not
 * speed goals. Spread into a Vitest config's `test`.
 */
export declare const HANG_BOUNDS: Readonly<{ testTimeout: number; hookTimeout: number }>
