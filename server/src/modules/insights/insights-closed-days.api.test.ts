/**
 * Insights cannot single out a reader (docs/security.md "Insights count closed days only"): an author polling
 * their story's insights and My Stories while readers arrive one at a time sees nothing move — not at the first
 * reader, not at the third — until the day has ended in the story's time zone; then the day shows, and a figure
 * from 1 to 2 is "fewer than 3" for that whole day, in the sparkline too.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CENTER } from '#common/constants';
import { FEWER_THAN_3 } from '#common/insights';
import { insightsSummarySchema, storyInsightsSchema } from '#common/insights-schemas';
import { createTestApp, type TestApp } from '#tests/helpers/test-app';
import { createTestUser, type TestUser } from '#tests/helpers/users';
import { baseStoryFields, postStory } from '../stories/test-support/story-helpers';
import { localDay, zoneOf } from './closed-days';

const HOUR = 3_600_000;

describe('insights release closed days only', () => {
  let t: TestApp;
  let author: TestUser;
  /** The insights' clock: real time (unlock and like records carry real times), moved ahead by the tests. */
  const clock = { aheadMs: 0 };
  const at = `lat=${DEFAULT_CENTER.latitude}&lng=${DEFAULT_CENTER.longitude}`;
  const today = localDay(Date.now(), zoneOf(DEFAULT_CENTER));

  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_DISABLED: 'true' }, { insights: { now: () => Date.now() + clock.aheadMs } });
    author = await createTestUser(t.database, { displayName: 'Watching Author' });
  });
  afterAll(async () => t.close());

  const newStory = async () => {
    const res = await postStory(t.app, author.cookie, baseStoryFields());
    expect(res.statusCode).toBe(201);
    return res.json().id as string;
  };
  /** One real reader: reads it where it stands (an unlock), opens it, reads it and likes it. */
  const arrive = async (storyId: string) => {
    const reader = await createTestUser(t.database);
    const headers = { cookie: reader.cookie };
    expect((await t.app.inject({ method: 'GET', url: `/api/stories/${storyId}?${at}`, headers })).json()).toMatchObject(
      { isLocked: false },
    );
    for (const kind of ['open', 'read']) {
      expect(
        (await t.app.inject({ method: 'POST', url: '/api/insights/events', payload: { storyId, kind }, headers }))
          .statusCode,
      ).toBe(204);
    }
    expect((await t.app.inject({ method: 'POST', url: `/api/stories/${storyId}/like`, headers })).statusCode).toBe(200);
  };
  /** What the author sees, as they would poll it (the buffer written first, as the flush timer would). */
  const poll = async (storyId: string) => {
    await t.app.insights.service.flush();
    const headers = { cookie: author.cookie };
    const one = await t.app.inject({ method: 'GET', url: `/api/insights/stories/${storyId}?days=7`, headers });
    const all = await t.app.inject({ method: 'GET', url: '/api/insights/stories', headers });
    expect([one.statusCode, all.statusCode]).toEqual([200, 200]);
    return {
      story: storyInsightsSchema.parse(one.json()),
      mine: insightsSummarySchema.parse(all.json()).find((s) => s.storyId === storyId)!,
    };
  };

  it('polling while single readers arrive shows nothing move until the day has ended where the story is', async () => {
    const id = await newStory();
    const before = await poll(id);
    expect(before.story.series.map((d) => d.day)).not.toContain(today);
    for (let reader = 1; reader <= 3; reader++) {
      await arrive(id);
      // The same answer after each reader: neither a first "fewer than 3" nor the step to 3.
      expect(await poll(id)).toEqual(before);
    }
    // The day ends in the story's zone (midnight there) but the last buffered counts may still be on their way:
    // released an hour later.
    clock.aheadMs = 25 * HOUR;
    const after = await poll(id);
    expect(after.story.series.at(-1)).toMatchObject({ day: today, unlocks: 3, opens: 3, reads: 3, likes: 3 });
    expect(after.story.totals).toMatchObject({ unlocks: 3, opens: 3, reads: 3, likes: 3 });
    expect(after.mine).toMatchObject({ unlocks: 3, engaged: 3, likes: 3 });
    expect(after.mine.sparkline.at(-1)).toBe(3);
    clock.aheadMs = 0;
  });

  it('a day with one or two readers stays "fewer than 3" for good — in the series, the totals and the sparkline', async () => {
    const id = await newStory();
    await arrive(id);
    const live = await poll(id);
    await arrive(id);
    expect(await poll(id)).toEqual(live);

    clock.aheadMs = 25 * HOUR;
    const closed = await poll(id);
    expect(closed.story.series.at(-1)).toMatchObject({
      day: today,
      unlocks: FEWER_THAN_3,
      opens: FEWER_THAN_3,
      likes: FEWER_THAN_3,
    });
    expect(closed.mine).toMatchObject({ unlocks: FEWER_THAN_3, engaged: FEWER_THAN_3, likes: FEWER_THAN_3 });
    expect(closed.mine.sparkline.at(-1)).toBe(FEWER_THAN_3);
    expect(closed.mine.sparkline.slice(0, -1).every((value) => value === 0)).toBe(true);
    // Neither answer carries a raw 1 or 2 anywhere.
    expect(JSON.stringify(closed).match(/[:,[]\s*[12]\b/g)).toBeNull();

    // A day later the day still reads the same: nothing about it changes once it is shown.
    clock.aheadMs = 49 * HOUR;
    const later = await poll(id);
    expect(later.story.series.find((d) => d.day === today)).toEqual(closed.story.series.at(-1));
    clock.aheadMs = 0;
  });
});
