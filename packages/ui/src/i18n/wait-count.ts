/**
 * Waits this long or longer are said in minutes: "in 7 minutes", not "in 365 seconds", which a
 * listener has to divide by 60 (issue 25). Shorter ones stay exact, in seconds.
 */
export const SAY_MINUTES_FROM_SECONDS = 120

/**
 * How to say a wait of `seconds`: in whole minutes, rounded up (never promise a new code sooner
 * than it comes), once it reaches {@link SAY_MINUTES_FROM_SECONDS}; else in seconds.
 */
export function waitCount(seconds: number): { unit: 'second' | 'minute'; count: number } {
  return seconds >= SAY_MINUTES_FROM_SECONDS ? { unit: 'minute', count: Math.ceil(seconds / 60) } : { unit: 'second', count: seconds }
}
