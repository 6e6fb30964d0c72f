/**
 * The five store methods as Lua scripts: Redis runs a script atomically, so each method is one
 * round trip (EVALSHA) and no other client's command lands between its reads and its writes. The
 * rules are those of `planTake`/`planGive`/`planAdd`/`planWrite` in `@hakiki/store`; the contract
 * suite holds both to the same behaviour. Windows and TTLs are Redis's own expiry (PEXPIRE, PX), so
 * no clock of the app's is involved. Counts stay strings on the way in (INCRBY/DECRBY parse them):
 * a Lua number would be formatted with 14 digits and lose large amounts.
 *
 * Redis Cluster: every key of one call must hash to the same slot (give keys a common `{tag}`).
 */

/** A Lua script and the SHA-1 Redis knows it by. */
export interface RedisScript {
  readonly name: 'take' | 'give' | 'add' | 'get' | 'write'
  readonly source: string
}

/**
 * KEYS: the quotas' keys. ARGV: per quota, its window (ms), limit and amount. Replies
 * `{-1, 0}` when taken, or `{index, ttlMs}` of the first quota over its limit (nothing written).
 */
export const TAKE_SCRIPT: RedisScript = {
  name: 'take',
  source: `local pending = {}
for i = 1, #KEYS do
  local key = KEYS[i]
  local limit = tonumber(ARGV[3 * i - 1])
  local amount = tonumber(ARGV[3 * i])
  local count = pending[key]
  if count == nil then count = tonumber(redis.call('GET', key) or '0') end
  if count + amount > limit then
    local ttl = redis.call('PTTL', key)
    if ttl < 0 then ttl = tonumber(ARGV[3 * i - 2]) end
    return {i - 1, ttl}
  end
  pending[key] = count + amount
end
for i = 1, #KEYS do
  if tonumber(ARGV[3 * i]) > 0 then
    redis.call('INCRBY', KEYS[i], ARGV[3 * i])
    if redis.call('PTTL', KEYS[i]) < 0 then redis.call('PEXPIRE', KEYS[i], ARGV[3 * i - 2]) end
  end
end
return {-1, 0}`,
}

/** KEYS: the counters; ARGV: the amounts. Gives back, deleting a counter at 0; an absent key stays absent. */
export const GIVE_SCRIPT: RedisScript = {
  name: 'give',
  source: `for i = 1, #KEYS do
  if redis.call('EXISTS', KEYS[i]) == 1 then
    if redis.call('DECRBY', KEYS[i], ARGV[i]) <= 0 then redis.call('DEL', KEYS[i]) end
  end
end
return 0`,
}

/** KEYS: the counters; ARGV: per counter, its window (ms) and amount. Replies the new values. */
export const ADD_SCRIPT: RedisScript = {
  name: 'add',
  source: `local values = {}
for i = 1, #KEYS do
  local amount = ARGV[2 * i]
  if tonumber(amount) == 0 and redis.call('EXISTS', KEYS[i]) == 0 then
    values[i] = 0
  else
    values[i] = redis.call('INCRBY', KEYS[i], amount)
    if redis.call('PTTL', KEYS[i]) < 0 then redis.call('PEXPIRE', KEYS[i], ARGV[2 * i - 1]) end
  end
end
return values`,
}

/** KEYS: the keys to read. A script rather than MGET so that every method goes the same way (and one round trip). */
export const GET_SCRIPT: RedisScript = {
  name: 'get',
  source: `return redis.call('MGET', unpack(KEYS))`,
}

/**
 * KEYS: the expected keys, then the deleted ones, then the set ones. ARGV: the three counts; per
 * expected key `1` and its value, or `0` (absent) and an empty string; per set key its value and
 * TTL (ms). Replies 1 when written, 0 when an expectation failed (nothing written).
 */
export const WRITE_SCRIPT: RedisScript = {
  name: 'write',
  source: `local expects, deletes, sets = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3])
local a = 4
for i = 1, expects do
  local value = redis.call('GET', KEYS[i])
  if ARGV[a] == '0' then
    if value then return 0 end
  elseif value ~= ARGV[a + 1] then
    return 0
  end
  a = a + 2
end
for i = expects + 1, expects + deletes do redis.call('DEL', KEYS[i]) end
for i = expects + deletes + 1, expects + deletes + sets do
  redis.call('SET', KEYS[i], ARGV[a], 'PX', ARGV[a + 1])
  a = a + 2
end
return 1`,
}
