/** Debian's Chromium, never a downloaded browser: `CHROME_PATH` or `CHROMIUM_PATH` override it. */
export declare const CHROMIUM_PATH: string
/** Launch flags of every Chromium the project drives (see chromium.js). */
export declare const CHROMIUM_ARGS: readonly string[]
