import { createClient } from 'redis';
import type { RateLimitStore } from './rate-limiter.js';

// One atomic round trip. The window end is kept in the app's clock (like the database store), so
// FIXED_TODAY and test clocks count alike; Redis' own expiry only cleans up.
const HIT_SCRIPT = `
local now = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local resetAt = tonumber(redis.call('HGET', KEYS[1], 'resetAt') or '0')
local count
if resetAt <= now then
  resetAt = now + window
  count = 1
  redis.call('HSET', KEYS[1], 'count', 1, 'resetAt', resetAt)
else
  count = redis.call('HINCRBY', KEYS[1], 'count', 1)
end
redis.call('PEXPIRE', KEYS[1], resetAt - now)
return { count, resetAt }`;

// Only while the window that was counted in is still the current one.
const REFUND_SCRIPT = `
if tonumber(redis.call('HGET', KEYS[1], 'resetAt') or '0') == tonumber(ARGV[1]) then
  redis.call('HINCRBY', KEYS[1], 'count', -1)
end`;

/** Rate-limit counters in Redis (REDIS_URL): shared by every instance, gone with their window. */
export async function redisRateLimitStore(
  url: string,
  keyPrefix: string,
): Promise<RateLimitStore & { close(): Promise<void> }> {
  const client = createClient({ url });
  // A lost connection is retried by the client; the error event must be handled to not crash.
  client.on('error', () => undefined);
  await client.connect();
  const redisKey = (key: string) => `${keyPrefix}rate-limit:${key}`;
  return {
    async hit(key, windowMs, now) {
      const [count, resetAt] = (await client.eval(HIT_SCRIPT, {
        keys: [redisKey(key)],
        arguments: [String(now.getTime()), String(windowMs)],
      })) as [number, number];
      return { count, resetAt: new Date(resetAt) };
    },
    async refund(key, resetAt) {
      await client.eval(REFUND_SCRIPT, { keys: [redisKey(key)], arguments: [String(resetAt.getTime())] });
    },
    async close() {
      await client.close();
    },
  };
}
