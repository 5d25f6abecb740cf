// Lua keeps each membership change atomic across instances: the socket set, the member hash and the
// instance's own entry list change together or not at all.

/**
 * KEYS: members hash, the user's socket set, the instance's entry set.
 * ARGV: user id, user_info JSON, socket ref, max members, entry.
 * Returns 1 added, 0 existing member, -1 channel full.
 */
export const JOIN = `
if redis.call('HEXISTS', KEYS[1], ARGV[1]) == 0 and redis.call('HLEN', KEYS[1]) >= tonumber(ARGV[4]) then
  return -1
end
redis.call('SADD', KEYS[3], ARGV[5])
redis.call('SADD', KEYS[2], ARGV[3])
local added = redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])
return added
`;

/**
 * KEYS: members hash, the user's socket set, the instance's entry set.
 * ARGV: user id, socket ref, entry.
 * Returns 1 when that was the user's last socket (the member left), else 0.
 */
export const LEAVE = `
redis.call('SREM', KEYS[3], ARGV[3])
if redis.call('SREM', KEYS[2], ARGV[2]) == 1 and redis.call('SCARD', KEYS[2]) == 0 then
  return redis.call('HDEL', KEYS[1], ARGV[1])
end
return 0
`;
