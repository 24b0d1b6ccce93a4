/**
 * A tour's starts count only walkers who went to it (docs/decisions/033-starts-likes-and-public-text.md): a
 * start from an account or a visitor that has unlocked none of its stops is refused (403) and counts nothing, so
 * fresh accounts cannot inflate an author's starts; once a stop is unlocked the start counts, once per day.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CENTER } from '#common/constants';
import { offsetNorth } from '#common/geo';
import { createTestApp, type TestApp } from '#tests/helpers/test-app';
import { createTestUser, type TestUser } from '#tests/helpers/users';
import { insertStory } from '../stories/test-support/story-fixtures';
import { INSIGHT_MESSAGES } from './insights-service';

describe('tour starts', () => {
  let t: TestApp;
  let author: TestUser;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_DISABLED: 'true' });
    author = await createTestUser(t.database, { displayName: 'Tour Author' });
  });
  afterAll(async () => t.close());

  const start = (tourId: string, who: TestUser | { ip: string }) =>
    t.app.inject({
      method: 'POST',
      url: '/api/insights/tour-events',
      payload: { tourId, kind: 'start' },
      headers: 'cookie' in who ? { cookie: who.cookie } : {},
      remoteAddress: 'ip' in who ? who.ip : '127.0.0.1',
    });
  /** The stored start count (the database's own day counts, whatever the read-out shows). */
  const storedStarts = async (tourId: string) => {
    await t.app.insights.service.flush();
    const rows = await t.database.query<{ n: number }>(sql`
      SELECT coalesce(sum(count), 0)::int AS n FROM tour_insights WHERE tour_id = ${tourId}::uuid AND kind = 'start'`);
    return rows[0]!.n;
  };

  it('five fresh accounts and a visitor that never went near the tour add no start; a walker who reached a stop does', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 2; i++)
      ids.push(
        (
          await insertStory(t.database, {
            authorId: author.id,
            ...offsetNorth(DEFAULT_CENTER, i * 300),
            title: `Stop ${i + 1}`,
          })
        ).id,
      );
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/tours',
      headers: { cookie: author.cookie },
      payload: { title: 'Starts', storyIds: ids },
    });
    expect(created.statusCode).toBe(201);
    const tourId = created.json().id as string;

    for (let n = 0; n < 5; n++) {
      const fresh = await createTestUser(t.database);
      const res = await start(tourId, fresh);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: INSIGHT_MESSAGES.tourNotStarted });
    }
    expect((await start(tourId, { ip: '203.0.113.77' })).statusCode).toBe(403);
    expect(await storedStarts(tourId)).toBe(0);

    const walker = await createTestUser(t.database);
    await t.app.location.unlocks.record(walker.id, [ids[1]!]);
    expect((await start(tourId, walker)).statusCode).toBe(204);
    expect((await start(tourId, walker)).statusCode).toBe(204);
    expect(await storedStarts(tourId)).toBe(1);
  });
});
