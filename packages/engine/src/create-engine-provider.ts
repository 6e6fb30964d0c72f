/**
 * `createEngineProvider`: a provider (port v2) that makes, sends and checks codes itself, with no
 * paid verification service behind it (the engine: `create-engine-with.ts`), keyed with HMAC-SHA-256
 * under the app's secret and reading phone countries with libphonenumber-js's metadata of every
 * country.
 */
import { createEngineWith, type EngineProvider } from './create-engine-with'
import { countryOf } from './country-of'
import { assertEngineSecret, createKeyedHash } from './engine-crypto'
import type { EngineOptions } from './engine-options'

export type { EngineProvider, EngineVerification } from './create-engine-with'

/** Creates the engine. Throws a TypeError for options that cannot work (short secret, limits out of range, no route, duplicate transport names). */
export function createEngineProvider(options: EngineOptions): EngineProvider {
  assertEngineSecret(options.secret)
  return createEngineWith(options, { hash: createKeyedHash(options.secret), countryOf })
}
