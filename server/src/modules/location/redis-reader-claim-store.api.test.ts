/**
 * The reader-claim store in Redis (docs/operations.md): the same contract as the memory store, judged by the store's clock,
 * and two instances with one REDIS_URL refusing a teleport together — a reader cannot escape the travel rule by
 * landing on another instance behind the load balancer.
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { Story } from '#common/schemas';
import { createTestApp, type TestApp } from '#tests/helpers/test-app';
import { dropRedisPrefix, testRedisUrl, uniqueRedisPrefix } from '#tests/helpers/redis';
import { createRedisClient } from '../../shared-state/redis-state';
import { createTestUser } from '#tests/helpers/users';
import { insertStory } from '../stories/test-support/story-fixtures';
import { createRedisReaderClaimStore } from './redis-reader-claim-store';

const MIN = 60_000;
const SAVANNAH = { latitude: 32.0835, longitude: -81.0998 };
const TURIN = { latitude: 45.0703, longitude: 7.6869 };

describe('Redis reader-claim store', () => {
  const prefix = uniqueRedisPrefix('claims');
  const redis = createRedisClient(testRedisUrl(), prefix);
  afterAll(async () => {
    redis.disconnect();
    await dropRedisPrefix(prefix);
  });

  it('forgets a reader state after its TTL and unlocks after the window, by its clock', async () => {
    const clock = { now: Date.UTC(2026, 10, 23, 12) };
    const store = createRedisReaderClaimStore(redis, { now: () => clock.now });
    await store.setState('r', { last: { ...SAVANNAH, at: clock.now }, refusedUntil: null }, 60 * MIN);
    await store.addUnlocks('r', ['a'], 60 * MIN);
    clock.now += 30 * MIN;
    await store.addUnlocks('r', ['b', 'a'], 60 * MIN);
    expect((await store.getState('r')).last).toEqual({ ...SAVANNAH, at: clock.now - 30 * MIN });
    clock.now += 30 * MIN;
    expect(await store.getState('r')).toEqual({ last: null, refusedUntil: null });
    // 'a' counts from its first unlock (an hour ago), 'b' from half an hour ago.
    const recent = await store.recentUnlocks('r', 60 * MIN);
    expect([recent.size, recent.has('b'), recent.has('a')]).toEqual([1, true, false]);
    clock.now += 30 * MIN;
    expect((await store.recentUnlocks('r', 60 * MIN)).size).toBe(0);
    expect(await store.getState('nobody')).toEqual({ last: null, refusedUntil: null });
  });

  it('keeps nothing forever: every key it writes carries a Redis expiry', async () => {
    const store = createRedisReaderClaimStore(redis);
    await store.setState('ttl', { last: null, refusedUntil: Date.now() + MIN }, 60 * MIN);
    await store.addUnlocks('ttl', ['x'], 60 * MIN);
    for (const key of ['claim:state:ttl', 'claim:unlocks:ttl']) {
      const ttl = await redis.pttl(key);
      expect(ttl).toBeGreaterThan(59 * MIN);
      expect(ttl).toBeLessThanOrEqual(60 * MIN);
    }
  });
});

describe('travel rule across two instances sharing Redis', () => {
  const prefix = uniqueRedisPrefix('travel');
  const apps: TestApp[] = [];
  afterAll(async () => {
    await Promise.all(apps.map((t) => t.close()));
    await dropRedisPrefix(prefix);
  });

  it('a claim accepted on one instance judges the next claim on the other', async () => {
    const env = { REDIS_URL: testRedisUrl(), REDIS_KEY_PREFIX: prefix, RATE_LIMIT_DISABLED: 'true' as const };
    const [a, b] = [await createTestApp(env), await createTestApp(env)];
    apps.push(a, b);
    const author = await createTestUser(a.database, { displayName: 'Far Author' });
    // Each app has a database of its own here; the claim state is what they share.
    await insertStory(a.database, { authorId: author.id, ...SAVANNAH });
    const there = await insertStory(b.database, { authorId: (await createTestUser(b.database)).id, ...TURIN });
    const read = (t: TestApp, at: typeof SAVANNAH) =>
      t.app.inject({
        method: 'GET',
        url: `/api/stories/discoverable/${at.latitude}/${at.longitude}`,
        remoteAddress: '198.51.100.77',
      });

    expect((await read(a, SAVANNAH)).json<Story[]>()[0]).toMatchObject({ isLocked: false });
    const fromTurin = (await read(b, TURIN)).json<Story[]>().find((s) => s.id === there.id);
    expect(fromTurin).toMatchObject({ isLocked: true, lockReason: 'travel' });
    // And the refusal itself is shared: back on the first instance, nothing unlocks either.
    expect((await read(a, SAVANNAH)).json<Story[]>()[0]).toMatchObject({ isLocked: true, lockReason: 'travel' });
  }, 120_000);
});
