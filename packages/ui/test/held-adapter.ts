import { createMemoryAdapter, type MemoryAdapterOptions } from '@hakiki/engine/memory-adapter'

/**
 * A memory adapter whose every start and check waits until the test releases it (`releases`, in
 * call order; `base` is the adapter underneath, for its fault switches): a test holds a request until it has seen or heard its progress, instead of a
 * latency that a loaded machine can outlast.
 */
export function heldAdapter(options: MemoryAdapterOptions) {
  const base = createMemoryAdapter(options)
  const releases: (() => void)[] = []
  const held =
    <A extends unknown[], R>(call: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      await new Promise<void>((resolve) => releases.push(resolve))
      return call(...args)
    }
  return { base, adapter: { ...base, start: held(base.start.bind(base)), check: held(base.check.bind(base)) }, releases }
}
