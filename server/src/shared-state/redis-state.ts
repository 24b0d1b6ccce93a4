/**
 * SharedState in Redis (ioredis). Every key gets the configured prefix (REDIS_KEY_PREFIX, `whispers:` by
 * default) so one Redis can serve several deployments, and tests can use a prefix of their own.
 */
import { Redis } from 'ioredis';
import { assertTtl, type SharedState } from './shared-state';

/** INCR and, for the window's first event, its expiry — atomically, so no counter is ever left without one. */
const INCREMENT_IN_WINDOW = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return {count, ttl}
`;

/** A Redis client set up for request-path use: fail a command quickly rather than queue it for minutes. */
export function createRedisClient(url: string, keyPrefix: string): Redis {
  const client = new Redis(url, {
    keyPrefix,
    maxRetriesPerRequest: 2,
    connectTimeout: 5_000,
    // Reconnect forever, but back off to at most 2 s between attempts.
    retryStrategy: (attempt) => Math.min(attempt * 100, 2_000),
  });
  // Errors are reported by the commands that fail (and /api/ready); an 'error' event must not crash the process.
  client.on('error', () => {});
  return client;
}

export function createRedisState(client: Redis): SharedState {
  return {
    kind: 'redis',
    async get(key) {
      return client.get(key);
    },
    async set(key, value, ttlMs) {
      assertTtl(ttlMs);
      await client.set(key, value, 'PX', ttlMs);
    },
    async delete(key) {
      await client.del(key);
    },
    async increment(key, windowMs) {
      assertTtl(windowMs);
      const [count, ttl] = (await client.eval(INCREMENT_IN_WINDOW, 1, key, String(windowMs))) as [number, number];
      return { count, resetInMs: ttl };
    },
    async ping() {
      await client.ping();
    },
    async close() {
      await client.quit().catch(() => client.disconnect());
    },
  };
}
