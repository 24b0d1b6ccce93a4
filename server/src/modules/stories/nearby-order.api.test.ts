/**
 * docs/design.md, rule 13: among stories at one distance (a crowded spot) the nearby reads prefer the newest, so new
 * stories there appear even when more than the cap share the spot. Both nearby methods, through the route and
 * through the builders themselves.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DISCOVERABLE_RESULT_CAP, DISCOVERY_RADIUS_M } from '#common/constants';
import { offsetNorth } from '#common/geo';
import type { Story } from '#common/schemas';
import { createTestApp, type TestApp } from '#tests/helpers/test-app';
import { createTestUser, type TestUser } from '#tests/helpers/users';
import { storyQueries } from './story-queries';
import { insertStory } from './test-support/story-fixtures';

const SPOT = { latitude: 32.0835, longitude: -81.0998 };
const STACKED = DISCOVERABLE_RESULT_CAP + 5;

describe('nearby reads at a crowded spot', () => {
  let t: TestApp;
  let reader: TestUser;
  /** Ids of the stacked stories, oldest first (one minute apart). */
  const stackedOldestFirst: string[] = [];
  let nearer: string;

  beforeAll(async () => {
    t = await createTestApp();
    const author = await createTestUser(t.database);
    reader = await createTestUser(t.database);
    const start = Date.UTC(2026, 0, 1);
    // Inserted in an order unrelated to their age, so insertion order cannot pass for age.
    const ages = Array.from({ length: STACKED }, (_, i) => (i * 17) % STACKED);
    const byAge = new Map<number, string>();
    for (const age of ages) {
      const row = await insertStory(t.database, {
        authorId: author.id,
        ...offsetNorth(SPOT, 40),
        title: `stacked ${age}`,
        createdAt: new Date(start + age * 60_000),
      });
      byAge.set(age, row.id);
    }
    for (let age = 0; age < STACKED; age++) stackedOldestFirst.push(byAge.get(age)!);
    // One older story nearer still comes first: distance is the first order.
    nearer = (
      await insertStory(t.database, {
        authorId: author.id,
        ...offsetNorth(SPOT, 10),
        createdAt: new Date(start - 86_400_000),
      })
    ).id;
  });
  afterAll(async () => t.close());

  const newestFirst = () => [...stackedOldestFirst].reverse();

  it('the discoverable answer keeps the newest of the stack, newest first', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/stories/discoverable/${SPOT.latitude}/${SPOT.longitude}`,
      headers: { cookie: reader.cookie },
    });
    expect(res.statusCode).toBe(200);
    const ids = res.json<Story[]>().map((s) => s.id);
    expect(ids).toEqual([nearer, ...newestFirst().slice(0, DISCOVERABLE_RESULT_CAP - 1)]);
  });

  it('both methods order a stack newest first; the box method (the discoverable read) keeps the newest at its cap', async () => {
    const read = (method: 'knn' | 'box') =>
      storyQueries.nearby(t.database.db, {
        lat: SPOT.latitude,
        lng: SPOT.longitude,
        radius: DISCOVERY_RADIUS_M,
        limit: 20,
        viewerId: reader.id,
        method,
      });
    expect((await read('box')).map((r) => r.id)).toEqual([nearer, ...newestFirst().slice(0, 19)]);
    // The KNN walk keeps the index's order to the cap (a tie-break key would sort the whole table), so which
    // tied stories it returns is the index's choice; what it returns is still newest first.
    const byKnn = (await read('knn')).map((r) => r.id);
    expect(byKnn[0]).toBe(nearer);
    expect(byKnn).toHaveLength(20);
    expect(byKnn.slice(1)).toEqual(newestFirst().filter((id) => byKnn.includes(id)));
  });

  it('the map read (a large cap) lists the whole stack newest first', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/stories/map/${SPOT.latitude}/${SPOT.longitude}?view=full`,
      headers: { cookie: reader.cookie },
    });
    expect(res.json<Story[]>().map((s) => s.id)).toEqual([nearer, ...newestFirst()]);
  });
});
