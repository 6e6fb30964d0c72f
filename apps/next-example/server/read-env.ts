/**
 * A required setting from the environment. Read when the first request needs it, not when the
 * module loads: `next build` evaluates route modules to collect their config, and the secrets of
 * the deployment are not (and should not be) present at build time.
 */
export function readEnv(name: string): string {
  const value = process.env[name]
  if (value === undefined || value === '') throw new Error(`@hakiki/next-example: set ${name} (see apps/next-example/README.md)`)
  return value
}
