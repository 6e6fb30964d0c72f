import type { CounterStore, CounterValue } from './counter-store'
import { ttlSeconds } from './counter-store'

/**
 * The one method the Redis store needs from a client: send a raw command, get the raw reply.
 * node-redis clients have it as is (`createClient()` then `connect()`); for ioredis pass
 * `{ sendCommand: ([name, ...args]) => redis.call(name, ...args) }`.
 */
export interface RedisCommandClient {
  /** Sends one command (`['GET', 'key']`) and resolves with Redis's reply. */
  sendCommand(args: string[]): Promise<unknown>
}

/** Options of {@link createRedisStore}. */
export interface RedisStoreOptions {
  /** Prefix of every key, so the proxy can share a database; default `hakiki:`. */
  prefix?: string
}

// INCRBY and EXPIRE in one script, so that a crash between them can never leave a counter
// without expiry (a permanent lock-out). A counter given back to zero is deleted: every refused
// request refunds its slots, and zero counters kept for a day were memory an attacker could fill. A key without TTL is new (or was written by someone
// else without one): either way it gets the window.
const INCREMENT_SCRIPT = `
local count = redis.call('INCRBY', KEYS[1], ARGV[2])
if count <= 0 then
  redis.call('DEL', KEYS[1])
  return {count, tonumber(ARGV[1])}
end
local ttl = redis.call('TTL', KEYS[1])
if ttl < 0 then
  redis.call('EXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {count, ttl}
`

// GET, compare and SET in one script: a record is replaced only if nobody changed it meanwhile.
// ARGV[1] is '1' when a value is expected (ARGV[2]), '0' when the key must be absent.
const COMPARE_AND_SET_SCRIPT = `
local current = redis.call('GET', KEYS[1])
if ARGV[1] == '1' then
  if current ~= ARGV[2] then return 0 end
elseif current then
  return 0
end
redis.call('SET', KEYS[1], ARGV[3], 'EX', ARGV[4])
return 1
`

/**
 * A {@link CounterStore} in Redis, for apps that run several instances: every instance then sees
 * the same counters and the same verification owners. Counters are atomic (one Lua script).
 */
export function createRedisStore(client: RedisCommandClient, options: RedisStoreOptions = {}): CounterStore {
  const prefix = options.prefix ?? 'hakiki:'
  return {
    async increment(key: string, windowSeconds: number, by = 1): Promise<CounterValue> {
      const reply = await client.sendCommand(['EVAL', INCREMENT_SCRIPT, '1', prefix + key, String(ttlSeconds(windowSeconds)), String(Math.trunc(by))])
      if (!Array.isArray(reply) || reply.length !== 2) throw new TypeError('unexpected reply from Redis EVAL')
      return { count: Number(reply[0]), resetInSeconds: Math.max(1, Number(reply[1])) }
    },
    async get(key: string): Promise<string | undefined> {
      const reply = await client.sendCommand(['GET', prefix + key])
      if (reply === null || reply === undefined) return undefined
      return typeof reply === 'string' ? reply : String(reply)
    },
    async set(key: string, value: string, ttl: number): Promise<void> {
      await client.sendCommand(['SET', prefix + key, value, 'EX', String(ttlSeconds(ttl))])
    },
    async delete(key: string): Promise<void> {
      await client.sendCommand(['DEL', prefix + key])
    },
    async compareAndSet(key: string, expected: string | undefined, value: string, ttl: number): Promise<boolean> {
      const reply = await client.sendCommand([
        'EVAL',
        COMPARE_AND_SET_SCRIPT,
        '1',
        prefix + key,
        expected === undefined ? '0' : '1',
        expected ?? '',
        value,
        String(ttlSeconds(ttl)),
      ])
      return Number(reply) === 1
    },
  }
}
