/**
 * Tours' insights through the real app (docs/decisions/018-insights-counts-not-readers.md): starts, stops reached and completions, counted like the
 * stories' (once per reader, tour, kind — and stop — per UTC day; never the author's own walks; a stop only once
 * the reader has it unlocked, a completion only with every stop unlocked), shown to the author only with 1 and 2
 * as "fewer than 3", stored as day counts with no reader in them, and in the author's data export.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CENTER } from '#common/constants';
import { offsetNorth, type Point } from '#common/geo';
import { FEWER_THAN_3 } from '#common/insights';
import { tourInsightsSchema } from '#common/insights-schemas';
import { accountExportSchema } from '#common/account-schemas';
import { tourSchema } from '#common/tour-schemas';
import { createTestApp, type TestApp } from '#tests/helpers/test-app';
import { createTestUser, type TestUser } from '#tests/helpers/users';
import { insertStory } from '../stories/test-support/story-fixtures';
import { localDay, zoneOf } from './closed-days';
import { INSIGHT_MESSAGES } from './insights-service';

const centre: Point = { latitude: DEFAULT_CENTER.latitude, longitude: DEFAULT_CENTER.longitude };

describe('tours’ insights', () => {
  let t: TestApp;
  let author: TestUser;
  let walkers: TestUser[];

  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_DISABLED: 'true' }, { insights: { now: () => Date.now() + clock.aheadMs } });
    author = await createTestUser(t.database, { displayName: 'Tour Author' });
    walkers = await Promise.all([1, 2, 3, 4].map((n) => createTestUser(t.database, { displayName: `Walker ${n}` })));
  });
  afterAll(async () => t.close());

  const newTour = async (stops = 3) => {
    const ids: string[] = [];
    for (let i = 0; i < stops; i++) {
      ids.push(
        (
          await insertStory(t.database, {
            authorId: author.id,
            ...offsetNorth(centre, i * 300),
            title: `Stop ${i + 1}`,
          })
        ).id,
      );
    }
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/tours',
      headers: { cookie: author.cookie },
      payload: { title: 'Counted walk', storyIds: ids },
    });
    expect(res.statusCode, res.body).toBe(201);
    return { tour: tourSchema.parse(res.json()), ids };
  };
  const unlock = (user: TestUser, storyId: string) =>
    t.database.query(
      sql`INSERT INTO unlocks (user_id, story_id) VALUES (${user.id}::uuid, ${storyId}::uuid) ON CONFLICT DO NOTHING`,
    );
  const event = (payload: object, who: TestUser | { ip: string } | null = null) =>
    t.app.inject({
      method: 'POST',
      url: '/api/insights/tour-events',
      payload,
      headers: who && 'cookie' in who ? { cookie: who.cookie } : {},
      remoteAddress: who && 'ip' in who ? who.ip : '127.0.0.1',
    });
  /** The insights' clock: real time, moved a day and an hour ahead to read once today has closed at the first stop. */
  const clock = { aheadMs: 0 };
  const released = async <T>(read: () => Promise<T>): Promise<T> => {
    clock.aheadMs = 25 * 3_600_000;
    try {
      return await read();
    } finally {
      clock.aheadMs = 0;
    }
  };
  const insightsAt = async (tourId: string, cookie = author.cookie) => {
    await t.app.insights.service.flush();
    const res = await t.app.inject({ method: 'GET', url: `/api/insights/tours/${tourId}?days=7`, headers: { cookie } });
    expect(res.statusCode, res.body).toBe(200);
    return tourInsightsSchema.parse(res.json());
  };
  const insights = (tourId: string, cookie = author.cookie) => released(() => insightsAt(tourId, cookie));

  it('counts starts, stops reached and completions once per walker and day, never the author’s own walk', async () => {
    const { tour, ids } = await newTour(3);
    // Three walkers start and reach every stop (twice over: counted once); a fourth starts and reaches one.
    for (const walker of walkers.slice(0, 3)) {
      await unlock(walker, ids[0]!); // a start counts once a stop is reached
      for (let round = 0; round < 2; round++) {
        expect((await event({ tourId: tour.id, kind: 'start' }, walker)).statusCode).toBe(204);
        for (const id of ids) {
          await unlock(walker, id);
          expect((await event({ tourId: tour.id, kind: 'stop', storyId: id }, walker)).statusCode).toBe(204);
        }
        expect((await event({ tourId: tour.id, kind: 'complete' }, walker)).statusCode).toBe(204);
      }
    }
    await unlock(walkers[3]!, ids[0]!);
    expect((await event({ tourId: tour.id, kind: 'start' }, walkers[3])).statusCode).toBe(204);
    expect((await event({ tourId: tour.id, kind: 'stop', storyId: ids[0] }, walkers[3])).statusCode).toBe(204);
    // The author walking their own tour: taken, not counted.
    for (const kind of ['start', 'complete'] as const)
      expect((await event({ tourId: tour.id, kind }, author)).statusCode).toBe(204);
    expect((await event({ tourId: tour.id, kind: 'stop', storyId: ids[1] }, author)).statusCode).toBe(204);

    const data = await insights(tour.id);
    expect(data.totals).toEqual({ starts: 4, stops: 10, completions: 3 });
    expect(data.series).toHaveLength(7);
    expect(data.series.at(-1)).toEqual({
      day: localDay(Date.now(), zoneOf(centre)),
      starts: 4,
      stops: 10,
      completions: 3,
    });
    // Until today has ended at the tour's first stop, none of it shows.
    expect((await insightsAt(tour.id)).totals).toEqual({ starts: 0, stops: 0, completions: 0 });
    expect(data.series.slice(0, 6).every((d) => d.starts === 0 && d.stops === 0 && d.completions === 0)).toBe(true);
  });

  it('shows 1 and 2 as "fewer than 3" — starts, stops and completions, daily and in total (0 stays 0)', async () => {
    const { tour, ids } = await newTour(2);
    for (const walker of walkers.slice(0, 2)) await unlock(walker, ids[0]!);
    const { tour: untouched } = await newTour(2);
    for (const walker of walkers.slice(0, 2))
      expect((await event({ tourId: tour.id, kind: 'start' }, walker)).statusCode).toBe(204);
    expect((await event({ tourId: tour.id, kind: 'stop', storyId: ids[0] }, walkers[0])).statusCode).toBe(204);
    await unlock(walkers[0]!, ids[1]!);
    expect((await event({ tourId: tour.id, kind: 'complete' }, walkers[0])).statusCode).toBe(204);
    const data = await insights(tour.id);
    expect(data.totals).toEqual({ starts: FEWER_THAN_3, stops: FEWER_THAN_3, completions: FEWER_THAN_3 });
    expect(data.series.at(-1)).toMatchObject({ starts: FEWER_THAN_3, stops: FEWER_THAN_3, completions: FEWER_THAN_3 });
    expect((await insights(untouched.id)).totals).toEqual({ starts: 0, stops: 0, completions: 0 });
    expect(JSON.stringify(data)).not.toMatch(/"(starts|stops|completions)":[12][,}]/);
  });

  it('refuses a stop not unlocked (403), a completion with a stop missing (403), a story that is no stop (400)', async () => {
    const { tour, ids } = await newTour(2);
    const [walker] = walkers;
    const notReached = await event({ tourId: tour.id, kind: 'stop', storyId: ids[1] }, walker);
    expect(notReached.statusCode).toBe(403);
    expect(notReached.json()).toEqual({ message: INSIGHT_MESSAGES.stopNotReached });
    await unlock(walker!, ids[0]!);
    const early = await event({ tourId: tour.id, kind: 'complete' }, walker);
    expect(early.statusCode).toBe(403);
    expect(early.json()).toEqual({ message: INSIGHT_MESSAGES.tourNotComplete });
    const elsewhere = (await insertStory(t.database, { authorId: author.id, ...centre, title: 'Not on the route' })).id;
    await unlock(walker!, elsewhere);
    const notAStop = await event({ tourId: tour.id, kind: 'stop', storyId: elsewhere }, walker);
    expect(notAStop.statusCode).toBe(400);
    expect(notAStop.json()).toEqual({ message: INSIGHT_MESSAGES.notAStop });
    // A signed-out visitor has no unlock of this stop in their budget window either.
    expect((await event({ tourId: tour.id, kind: 'stop', storyId: ids[0] }, { ip: '203.0.113.40' })).statusCode).toBe(
      403,
    );
    expect((await insights(tour.id)).totals).toEqual({ starts: 0, stops: 0, completions: 0 });
  });

  it('answers bad input with 400 and an unknown tour with 404', async () => {
    const { tour, ids } = await newTour(2);
    const cases: [object, number][] = [
      [{ tourId: 'nope', kind: 'start' }, 400],
      [{ tourId: tour.id, kind: 'finish' }, 400],
      [{ tourId: tour.id, kind: 'stop' }, 400],
      [{ tourId: tour.id, kind: 'start', storyId: ids[0] }, 400],
      [{ tourId: tour.id, kind: 'start', extra: 1 }, 400],
      [{ tourId: '00000000-0000-4000-8000-000000000000', kind: 'start' }, 404],
    ];
    for (const [payload, status] of cases) {
      const res = await event(payload, walkers[0]);
      expect(res.statusCode, JSON.stringify(payload)).toBe(status);
      expect(typeof res.json().message).toBe('string');
    }
  });

  it('a tour shown to nobody but its author (fewer than 2 public stops) takes no events from others', async () => {
    const { tour, ids } = await newTour(2);
    await t.database.query(sql`UPDATE stories SET is_public = false WHERE id = ${ids[1]}::uuid`);
    expect((await event({ tourId: tour.id, kind: 'start' }, walkers[0])).statusCode).toBe(404);
  });

  it('is the author’s only: another user 403, signed out 401, unknown 404', async () => {
    const { tour } = await newTour(2);
    const other = await t.app.inject({
      method: 'GET',
      url: `/api/insights/tours/${tour.id}`,
      headers: { cookie: walkers[0]!.cookie },
    });
    expect(other.statusCode).toBe(403);
    expect(other.json()).toEqual({ message: INSIGHT_MESSAGES.notTourAuthor });
    expect((await t.app.inject({ method: 'GET', url: `/api/insights/tours/${tour.id}` })).statusCode).toBe(401);
    const unknown = await t.app.inject({
      method: 'GET',
      url: '/api/insights/tours/not-a-tour',
      headers: { cookie: author.cookie },
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('stores day counts only (no reader id or position), goes with the tour, and is in the author’s export', async () => {
    const { tour, ids } = await newTour(2);
    for (const walker of walkers.slice(0, 3)) {
      for (const id of ids) await unlock(walker, id);
      await event({ tourId: tour.id, kind: 'start' }, walker);
      await event({ tourId: tour.id, kind: 'complete' }, walker);
    }
    await t.app.insights.service.flush();
    const rows = await t.database.query<Record<string, unknown>>(
      sql`SELECT * FROM tour_insights WHERE tour_id = ${tour.id}::uuid`,
    );
    expect(rows.map((r) => Object.keys(r).sort())).toEqual([
      ['count', 'day', 'kind', 'tour_id'],
      ['count', 'day', 'kind', 'tour_id'],
    ]);
    const stored = JSON.stringify(rows);
    for (const walker of walkers) expect(stored).not.toContain(walker.id);

    const exported = await released(() =>
      t.app.inject({ method: 'GET', url: '/api/account/export', headers: { cookie: author.cookie } }),
    );
    expect(exported.statusCode).toBe(200);
    const data = accountExportSchema.parse(exported.json());
    const mine = data.tourInsights.filter((r) => r.tourId === tour.id).map((r) => [r.kind, r.count]);
    expect(mine.sort()).toEqual([
      ['complete', 3],
      ['start', 3],
    ]);

    await t.app.inject({ method: 'DELETE', url: `/api/tours/${tour.id}`, headers: { cookie: author.cookie } });
    const left = await t.database.query(sql`SELECT 1 FROM tour_insights WHERE tour_id = ${tour.id}::uuid`);
    expect(left).toHaveLength(0);
  });
});
