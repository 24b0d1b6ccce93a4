/**
 * Request limits across instances: two apps (two instances behind a load balancer) with the same REDIS_URL
 * and prefix share one count; without Redis each instance counts on its own (which is why Redis is needed).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#tests/helpers/test-app';
import { testRedisUrl, uniqueRedisPrefix, dropRedisPrefix } from '#tests/helpers/redis';
import { LOCATION_RATE_LIMIT } from '../modules/stories/read-routes';

/** A location read with impossible coordinates: refused (400) after the limit counted it, so no query runs. */
const locationRead = (t: TestApp) => t.app.inject({ method: 'GET', url: '/api/stories/discoverable/999/999' });

async function spend(t: TestApp, times: number) {
  for (let i = 0; i < times; i++) {
    const res = await locationRead(t);
    expect(res.statusCode).toBe(400);
  }
}

describe('request limits with REDIS_URL: one count for every instance', () => {
  const prefix = uniqueRedisPrefix('limits');
  const apps: TestApp[] = [];
  afterAll(async () => {
    await Promise.all(apps.map((t) => t.close()));
    await dropRedisPrefix(prefix);
  });

  it('a limit reached through one instance holds on the other, with the usual 429 message', async () => {
    const env = { REDIS_URL: testRedisUrl(), REDIS_KEY_PREFIX: prefix };
    const [a, b] = [await createTestApp(env), await createTestApp(env)];
    apps.push(a, b);
    expect(a.app.sharedState.kind).toBe('redis');

    await spend(a, LOCATION_RATE_LIMIT.max - 1);
    await spend(b, 1); // the last one allowed, counted together with a's
    const refused = await locationRead(b);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/^Too many requests\. Please try again in \d+ seconds\.$/);
    expect((await locationRead(a)).statusCode).toBe(429);
  }, 120_000);
});

describe('request limits without REDIS_URL', () => {
  const apps: TestApp[] = [];
  afterAll(async () => Promise.all(apps.map((t) => t.close())));

  it('are counted by each instance alone', async () => {
    // Explicitly empty: this must hold even in CI's pass that sets TEST_REDIS_URL.
    const [a, b] = [await createTestApp({ REDIS_URL: '' }), await createTestApp({ REDIS_URL: '' })];
    apps.push(a, b);
    expect(a.app.sharedState.kind).toBe('memory');
    await spend(a, LOCATION_RATE_LIMIT.max);
    expect((await locationRead(a)).statusCode).toBe(429);
    expect((await locationRead(b)).statusCode).toBe(400);
  }, 120_000);
});
