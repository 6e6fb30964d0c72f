export { createDurableObjectStore } from './create-durable-object-store'
export type { DurableObjectNamespaceLike, DurableObjectStoreOptions, DurableObjectStubLike } from './create-durable-object-store'
export { HakikiStoreObject } from './hakiki-store-object'
export type { DurableObjectStateLike, DurableObjectStorageLike } from './hakiki-store-object'
