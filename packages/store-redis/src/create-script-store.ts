import { StoreUnavailableError, checkCounters, checkWrite, toMilliseconds } from '@hakiki/store'
import type { Quota, Tally, TakeResult, VerifyStore, WriteOp } from '@hakiki/store'
import { ADD_SCRIPT, GET_SCRIPT, GIVE_SCRIPT, TAKE_SCRIPT, WRITE_SCRIPT } from './redis-scripts'
import type { RedisScript } from './redis-scripts'

/**
 * Sends one Redis command (`['EVALSHA', sha, '2', 'k1', 'k2', 'arg']`) and resolves its reply as
 * RESP2 maps to JavaScript: strings, integers as numbers, arrays, `null`. Rejects with an error
 * whose message starts with Redis's error code (`NOSCRIPT …`) when Redis answers an error.
 */
export type RedisCommand = (args: string[]) => Promise<unknown>

/**
 * A {@link VerifyStore} over any way of sending Redis commands: each method is one EVALSHA of its
 * Lua script (an EVAL the first time a server does not know it). The node-redis, ioredis and
 * Upstash stores are this over their transport.
 */
export function createScriptStore(command: RedisCommand): VerifyStore {
  const shas = new Map<RedisScript['name'], Promise<string>>()

  async function run(script: RedisScript, keys: readonly string[], args: readonly string[]): Promise<unknown> {
    let sha = shas.get(script.name)
    if (!sha) {
      sha = sha1(script.source)
      shas.set(script.name, sha)
    }
    const tail = [String(keys.length), ...keys, ...args]
    try {
      return await command(['EVALSHA', await sha, ...tail])
    } catch (error) {
      // A server that has not seen the script yet (or restarted, or flushed its scripts).
      if (!/NOSCRIPT/i.test(error instanceof Error ? error.message : String(error))) throw toUnavailable(script.name, error)
      try {
        return await command(['EVAL', script.source, ...tail])
      } catch (retry) {
        throw toUnavailable(script.name, retry)
      }
    }
  }

  return {
    async take(quotas: readonly Quota[]): Promise<TakeResult> {
      checkCounters(quotas, true)
      if (quotas.length === 0) return { ok: true }
      const args = quotas.flatMap((q) => [String(toMilliseconds(q.windowSeconds)), String(q.limit), String(q.amount ?? 1)])
      const reply = await run(TAKE_SCRIPT, quotas.map((q) => q.key), args)
      const [index, ttl] = integers('take', reply, 2)
      if (index! < 0) return { ok: true }
      return { ok: false, index: index!, retryAfterSeconds: Math.max(1, Math.ceil(ttl! / 1000)) }
    },
    async give(tallies: readonly Tally[]): Promise<void> {
      checkCounters(tallies, false)
      if (tallies.length === 0) return
      await run(GIVE_SCRIPT, tallies.map((t) => t.key), tallies.map((t) => String(t.amount ?? 1)))
    },
    async add(tallies: readonly Tally[]): Promise<number[]> {
      checkCounters(tallies, false)
      if (tallies.length === 0) return []
      const args = tallies.flatMap((t) => [String(toMilliseconds(t.windowSeconds)), String(t.amount ?? 1)])
      return integers('add', await run(ADD_SCRIPT, tallies.map((t) => t.key), args), tallies.length)
    },
    async get(keys: readonly string[]): Promise<(string | undefined)[]> {
      if (keys.length === 0) return []
      const reply = await run(GET_SCRIPT, keys, [])
      if (!Array.isArray(reply) || reply.length !== keys.length || !reply.every((v) => v === null || typeof v === 'string')) throw unexpected('get')
      return reply.map((v: string | null) => v ?? undefined)
    },
    async write(op: WriteOp): Promise<boolean> {
      checkWrite(op)
      const expects = op.expect ?? []
      const deletes = op.delete ?? []
      const sets = op.set ?? []
      if (expects.length + deletes.length + sets.length === 0) return true
      const keys = [...expects.map((e) => e.key), ...deletes, ...sets.map((e) => e.key)]
      const args = [
        String(expects.length),
        String(deletes.length),
        String(sets.length),
        ...expects.flatMap((e) => (e.value === undefined ? ['0', ''] : ['1', e.value])),
        ...sets.flatMap((e) => [e.value, String(toMilliseconds(e.ttlSeconds))]),
      ]
      const [written] = integers('write', await run(WRITE_SCRIPT, keys, args), 1)
      return written === 1
    },
  }
}

/** A reply of `length` integers (a bare integer counts as one). */
function integers(operation: string, reply: unknown, length: number): number[] {
  const list = Array.isArray(reply) ? (reply as unknown[]) : [reply]
  if (list.length !== length || !list.every((v) => typeof v === 'number' && Number.isSafeInteger(v))) throw unexpected(operation)
  return list as number[]
}

function unexpected(operation: string): StoreUnavailableError {
  return new StoreUnavailableError(operation, 'failed', new Error('unexpected reply from Redis'))
}

function toUnavailable(operation: string, error: unknown): StoreUnavailableError {
  return error instanceof StoreUnavailableError ? error : new StoreUnavailableError(operation, 'failed', error)
}

/** Hex SHA-1 of a script, what EVALSHA names it by (Web Crypto: every runtime has it). */
async function sha1(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-1', new TextEncoder().encode(text))
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('')
}
