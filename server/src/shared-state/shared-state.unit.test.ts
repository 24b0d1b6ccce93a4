/** The SharedState contract, in memory and in Redis (the local Redis, under a key prefix of this run). */
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dropRedisPrefix, testRedisUrl, uniqueRedisPrefix } from '#tests/helpers/redis';
import { createMemoryState } from './memory-state';
import { createRedisClient, createRedisState } from './redis-state';
import type { SharedState } from './shared-state';

const prefix = uniqueRedisPrefix('state');

const implementations: [string, () => SharedState][] = [
  ['memory', () => createMemoryState()],
  ['redis', () => createRedisState(createRedisClient(testRedisUrl(), prefix))],
];

describe.each(implementations)('SharedState contract: %s', (kind, open) => {
  let state: SharedState;
  beforeAll(async () => {
    state = open();
    await state.ping();
  });
  afterAll(async () => {
    await state.close();
    if (kind === 'redis') await dropRedisPrefix(prefix);
  });

  it('names its kind', () => {
    expect(state.kind).toBe(kind);
  });

  it('keeps a value until its TTL passes, then forgets it', async () => {
    await state.set('position:u1', '{"lat":32.08,"lng":-81.09}', 250);
    expect(await state.get('position:u1')).toBe('{"lat":32.08,"lng":-81.09}');
    await sleep(400);
    expect(await state.get('position:u1')).toBeNull();
  });

  it('replaces a value and its TTL, and deletes', async () => {
    await state.set('k', 'one', 10_000);
    await state.set('k', 'two', 10_000);
    expect(await state.get('k')).toBe('two');
    await state.delete('k');
    expect(await state.get('k')).toBeNull();
    await expect(state.delete('never-set')).resolves.toBeUndefined();
    expect(await state.get('never-set')).toBeNull();
  });

  it('counts events in a fixed window and starts again at 1 after it', async () => {
    const first = await state.increment('hits', 400);
    expect(first.count).toBe(1);
    expect(first.resetInMs).toBeGreaterThan(300);
    expect(first.resetInMs).toBeLessThanOrEqual(400);
    expect((await state.increment('hits', 400)).count).toBe(2);
    const third = await state.increment('hits', 400);
    expect(third.count).toBe(3);
    // The window does not slide: later events keep the first event's end.
    expect(third.resetInMs).toBeLessThanOrEqual(first.resetInMs);
    await sleep(550);
    expect((await state.increment('hits', 400)).count).toBe(1);
  });

  it('counts concurrent increments exactly', async () => {
    const results = await Promise.all(Array.from({ length: 50 }, () => state.increment('burst', 10_000)));
    expect(results.map((r) => r.count).sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
  });

  it('refuses a TTL that is not a positive whole number of milliseconds', async () => {
    await expect(state.set('k', 'v', 0)).rejects.toThrow(/TTL/);
    await expect(state.increment('k', -5)).rejects.toThrow(/TTL/);
    await expect(state.set('k', 'v', 1.5)).rejects.toThrow(/TTL/);
  });
});

describe('two Redis-backed states with one prefix (two app instances)', () => {
  it('see the same values and counts; another prefix sees none of them', async () => {
    const a = createRedisState(createRedisClient(testRedisUrl(), `${prefix}shared:`));
    const b = createRedisState(createRedisClient(testRedisUrl(), `${prefix}shared:`));
    const other = createRedisState(createRedisClient(testRedisUrl(), `${prefix}other:`));
    try {
      await a.set('seen', 'yes', 5_000);
      expect(await b.get('seen')).toBe('yes');
      await a.increment('n', 5_000);
      expect((await b.increment('n', 5_000)).count).toBe(2);
      expect(await other.get('seen')).toBeNull();
    } finally {
      await Promise.all([a.close(), b.close(), other.close()]);
    }
  });
});
