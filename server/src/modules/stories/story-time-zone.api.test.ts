/**
 * docs/design.md, rule 13: a time-of-day window is read in the story's local time, so a story with one is sent with its
 * IANA zone (the reader's card says "Unlocks 14:00 - 16:00 (New York time)"); other stories are sent without.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Story } from '#common/schemas';
import { createTestApp, type TestApp } from '#tests/helpers/test-app';
import { createTestUser, type TestUser } from '#tests/helpers/users';
import { insertStory } from './test-support/story-fixtures';
import type { Point } from '#common/geo';

const SAVANNAH = { latitude: 32.0835, longitude: -81.0998 };
const TOKYO = { latitude: 35.68, longitude: 139.69 };

describe('the time zone of a time-locked story', () => {
  let t: TestApp;
  let author: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    author = await createTestUser(t.database);
  });
  afterAll(async () => t.close());

  const read = async (id: string, at: Point) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/stories/${id}?lat=${at.latitude}&lng=${at.longitude}` });
    expect(res.statusCode).toBe(200);
    return res.json<Story>();
  };

  it('comes with a time-of-day window, near or far, locked or not', async () => {
    const window = { timeRestriction: 'time_of_day' as const, unlockStartTime: '14:00', unlockEndTime: '16:00' };
    const here = await insertStory(t.database, { authorId: author.id, ...SAVANNAH, ...window });
    expect((await read(here.id, SAVANNAH)).timeZone).toBe('America/New_York');
    // Far away (locked by distance): the sentence still names the story's clock, not the reader's.
    const tokyo = await insertStory(t.database, { authorId: author.id, ...TOKYO, ...window });
    expect((await read(tokyo.id, SAVANNAH)).timeZone).toBe('Asia/Tokyo');
  });

  it('is left out for stories without a time window', async () => {
    const plain = await insertStory(t.database, { authorId: author.id, ...SAVANNAH });
    const seasonal = await insertStory(t.database, {
      authorId: author.id,
      ...SAVANNAH,
      timeRestriction: 'season',
      unlockSeason: 'winter',
    });
    expect(await read(plain.id, SAVANNAH)).not.toHaveProperty('timeZone');
    expect(await read(seasonal.id, SAVANNAH)).not.toHaveProperty('timeZone');
  });
});
