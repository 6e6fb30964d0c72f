/** A store wrapped so that every method call is counted (one call = one round trip to the store). */
export interface CountingStore<S extends object> {
  store: S
  /** Calls so far, by method name. */
  calls(): Record<string, number>
  /** Calls so far, all methods. */
  total(): number
}

/** Wraps every method of `store` with a counter; works for any store interface. */
export function countingStore<S extends object>(inner: S): CountingStore<S> {
  const counts: Record<string, number> = {}
  const store = new Proxy(inner, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver)
      if (typeof value !== 'function') return value
      const name = String(property)
      return (...args: unknown[]) => {
        counts[name] = (counts[name] ?? 0) + 1
        return (value as (...a: unknown[]) => unknown).apply(target, args)
      }
    },
  })
  return { store, calls: () => ({ ...counts }), total: () => Object.values(counts).reduce((a, b) => a + b, 0) }
}
