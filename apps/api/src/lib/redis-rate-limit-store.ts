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

/** Connect and command timeouts: a login waits at most this long for Redis before the fallback counts. */
export const REDIS_TIMEOUT_MS = 500;
/** Longest pause between reconnect attempts, and between probes of a connection that stopped answering. */
const RETRY_MAX_MS = 1_000;
/**
 * A connection silent this long is dropped and made anew: a server that accepted the connection but
 * never finished the handshake would otherwise keep the client waiting for good. The client's PING
 * every second keeps a healthy idle connection from ever being that quiet.
 */
const PING_INTERVAL_MS = 1_000;
const SILENT_SOCKET_MS = 3_000;

export interface RedisRateLimitStore extends RateLimitStore {
  /** Connected, and the last command did not fail: hits go to Redis. */
  readonly available: boolean;
  close(): Promise<void>;
}

export interface RedisStoreOptions {
  /** Called when Redis becomes unreachable (once per outage, the first failure) and when it answers again. */
  onAvailability?: (available: boolean, error?: Error) => void;
  timeoutMs?: number;
}

/**
 * Rate-limit counters in Redis (REDIS_URL): shared by every instance, gone with their window.
 * Never waits for an absent Redis (docs/api.md "Sessions, roles, protection"): answers once the
 * first connection attempt has succeeded or failed, reconnects in the background without end, and
 * refuses commands at once while disconnected (no offline queue), so the caller can count elsewhere.
 */
export async function redisRateLimitStore(
  url: string,
  keyPrefix: string,
  options: RedisStoreOptions = {},
): Promise<RedisRateLimitStore> {
  const timeoutMs = options.timeoutMs ?? REDIS_TIMEOUT_MS;
  // Loaded when configured only: a server without REDIS_URL never imports the client.
  const { createClient } = await import('redis');
  const client = createClient({
    url,
    disableOfflineQueue: true,
    commandOptions: { timeout: timeoutMs },
    pingInterval: PING_INTERVAL_MS,
    socket: {
      connectTimeout: timeoutMs,
      socketTimeout: SILENT_SOCKET_MS,
      // Always a number: the client never gives up (its default stops after a socket timeout).
      reconnectStrategy: (retries) => Math.min(2 ** retries * 50, RETRY_MAX_MS),
    },
  });
  // null: the first attempt has not ended yet.
  let reachable: boolean | null = null;
  // A connection that is up but stopped answering (commands time out): skipped until a PING answers.
  let silent = false;
  let closed = false;
  let probe: NodeJS.Timeout | undefined;

  const markUp = () => {
    silent = false;
    if (reachable === true) return;
    const wasDown = reachable === false;
    reachable = true;
    if (wasDown) options.onAvailability?.(true);
  };
  const markDown = (error: Error) => {
    if (reachable === false || closed) return;
    reachable = false;
    options.onAvailability?.(false, error);
  };
  const probeLater = () => {
    if (probe || closed) return;
    probe = setTimeout(() => {
      probe = undefined;
      run(() => client.ping()).then(
        () => (client.isReady ? markUp() : undefined),
        () => probeLater(),
      );
    }, RETRY_MAX_MS);
    probe.unref();
  };

  client.on('ready', markUp);
  // Every failed reconnect is reported here too; markDown reports only the first of an outage.
  client.on('error', (error: Error) => markDown(error));

  // The first attempt: ready, refused, or still without an answer after the connect timeout (a
  // server that accepts and stays silent); the start goes on either way.
  const firstAttempt = new Promise<void>((resolve) => {
    client.once('ready', resolve);
    client.once('error', resolve);
    setTimeout(resolve, 2 * timeoutMs).unref();
  });
  client.connect().catch(() => undefined);
  await firstAttempt;

  const redisKey = (key: string) => `${keyPrefix}rate-limit:${key}`;
  /**
   * Runs one command within the timeout; a failure on a connection that looked fine makes it silent
   * until a probe answers. The deadline is ours: the client's own command timeout ends once the
   * command is written, so a Redis that stops answering would otherwise hold the caller for good.
   */
  async function run<T>(command: () => Promise<T>): Promise<T> {
    let deadline: NodeJS.Timeout | undefined;
    try {
      const answer = command();
      // A late answer or failure after the deadline is dropped.
      answer.catch(() => undefined);
      return await Promise.race([
        answer,
        new Promise<never>((_resolve, reject) => {
          deadline = setTimeout(() => reject(new Error(`Redis did not answer within ${timeoutMs} ms`)), timeoutMs);
        }),
      ]);
    } catch (error) {
      if (client.isReady && !closed) {
        silent = true;
        probeLater();
      }
      markDown(error instanceof Error ? error : new Error(String(error)));
      throw error;
    } finally {
      clearTimeout(deadline);
    }
  }

  return {
    get available() {
      return client.isReady && !silent;
    },
    async hit(key, windowMs, now) {
      const [count, resetAtMs] = (await run(() =>
        client.eval(HIT_SCRIPT, { keys: [redisKey(key)], arguments: [String(now.getTime()), String(windowMs)] }),
      )) as [number, number];
      const resetAt = new Date(resetAtMs);
      return {
        count,
        resetAt,
        async refund() {
          await run(() =>
            client.eval(REFUND_SCRIPT, { keys: [redisKey(key)], arguments: [String(resetAt.getTime())] }),
          );
        },
      };
    },
    async close() {
      closed = true;
      clearTimeout(probe);
      // close() waits for the answers to pending commands; from a Redis that gives none, never.
      if (client.isReady) await run(() => client.close()).catch(() => client.destroy());
      else client.destroy();
    },
  };
}
