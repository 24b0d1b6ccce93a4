/**
 * The reader-claim store in Redis (REDIS_URL set): several instances behind a load balancer judge a reader's
 * claims against the same last position, travel refusal and unlock budget, so moving between instances gains a
 * cheater nothing. Same contract as the memory store: every key expires, nothing reaches the database or a log.
 *
 * Keys (under the client's REDIS_KEY_PREFIX): `claim:state:<reader>` holds the JSON state and its expiry;
 * `claim:unlocks:<reader>` is a sorted set of story ids scored by the time each was first unlocked. Expiry is
 * judged by the store's clock (tests inject one, as with the memory store); Redis TTLs only collect the garbage.
 */
import type { Redis } from 'ioredis';
import { EMPTY_CLAIM_STATE, type ReaderClaimStore } from './reader-claim-store';
import type { ReaderClaimState } from './claim-rules';

interface StoredState {
  state: ReaderClaimState;
  expiresAt: number;
}

const stateKey = (reader: string) => `claim:state:${reader}`;
const unlocksKey = (reader: string) => `claim:unlocks:${reader}`;

export function createRedisReaderClaimStore(redis: Redis, options: { now?: () => number } = {}): ReaderClaimStore {
  const now = options.now ?? Date.now;

  return {
    async getState(reader) {
      const raw = await redis.get(stateKey(reader));
      if (!raw) return EMPTY_CLAIM_STATE;
      const stored = JSON.parse(raw) as StoredState;
      return stored.expiresAt > now() ? stored.state : EMPTY_CLAIM_STATE;
    },
    async setState(reader, state, ttlMs) {
      const stored: StoredState = { state, expiresAt: now() + ttlMs };
      await redis.set(stateKey(reader), JSON.stringify(stored), 'PX', Math.max(1, Math.round(ttlMs)));
    },
    async recentUnlocks(reader, windowMs) {
      // Exclusive lower bound: an unlock exactly one window old has left the window (as in the memory store).
      const ids = await redis.zrangebyscore(unlocksKey(reader), `(${now() - windowMs}`, '+inf');
      return new Set(ids);
    },
    async addUnlocks(reader, storyIds, windowMs) {
      if (storyIds.length === 0) return;
      const at = now();
      const key = unlocksKey(reader);
      const members = storyIds.flatMap((id) => [at, id]);
      // NX keeps an id's first unlock time; entries older than the window go; the set expires with its newest entry.
      await redis
        .multi()
        .zadd(key, 'NX', ...members)
        .zremrangebyscore(key, '-inf', at - windowMs)
        .pexpire(key, Math.max(1, Math.round(windowMs)))
        .exec();
    },
  };
}
