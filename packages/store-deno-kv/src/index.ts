export { createDenoKvStore } from './create-deno-kv-store'
export type { DenoKvAtomicLike, DenoKvEntryLike, DenoKvKey, DenoKvLike, DenoKvStoreOptions } from './create-deno-kv-store'
