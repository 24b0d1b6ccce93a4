/**
 * Tours' safety nets (docs/security.md): a stop named twice in two letter cases is refused as a repeat (the
 * schema compares ids without case; without that the database would refuse the second row with a 500), and an
 * author the reader blocked is gone from the reader's tours: near them, by id and as stops.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CENTER } from '#common/constants';
import { offsetNorth, type Point } from '#common/geo';
import { TOUR_MESSAGES } from '#common/tours';
import { createTestApp, type TestApp } from '#tests/helpers/test-app';
import { createTestUser, type TestUser } from '#tests/helpers/users';
import { insertStory } from '../stories/test-support/story-fixtures';

const centre: Point = { latitude: DEFAULT_CENTER.latitude, longitude: DEFAULT_CENTER.longitude };

describe('tour safety nets', () => {
  let t: TestApp;
  let author: TestUser;
  let reader: TestUser;

  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_DISABLED: 'true' });
    author = await createTestUser(t.database, { displayName: 'Tour Author' });
    reader = await createTestUser(t.database, { displayName: 'Walker' });
  });
  afterAll(async () => t.close());

  const storiesAlong = async (count: number) => {
    const ids: string[] = [];
    for (let stop = 0; stop < count; stop++) {
      ids.push(
        (
          await insertStory(t.database, {
            authorId: author.id,
            ...offsetNorth(centre, stop * 300),
            title: `Stop ${stop + 1}`,
          })
        ).id,
      );
    }
    return ids;
  };
  const createTour = (storyIds: string[]) =>
    t.app.inject({
      method: 'POST',
      url: '/api/tours',
      headers: { cookie: author.cookie },
      payload: { title: 'Harbour walk', storyIds },
    });

  it('refuses the same stop in two letter cases as a repeat (400, never a 500)', async () => {
    const [first, second] = await storiesAlong(2);
    const res = await createTour([first!, first!.toUpperCase(), second!]);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual({ message: TOUR_MESSAGES.stopsRepeated });
  });

  it("leaves a blocked author's tour out of the blocker's reads: near, by id and its stops", async () => {
    const created = await createTour(await storiesAlong(2));
    expect(created.statusCode, created.body).toBe(201);
    const tourId = created.json<{ id: string }>().id;
    const near = () =>
      t.app.inject({
        method: 'GET',
        url: `/api/tours/near/${centre.latitude}/${centre.longitude}`,
        headers: { cookie: reader.cookie },
      });
    const byId = () => t.app.inject({ method: 'GET', url: `/api/tours/${tourId}`, headers: { cookie: reader.cookie } });
    // Before the block the reader sees it (so the checks below can fail).
    expect((await near()).body).toContain(tourId);
    expect((await byId()).statusCode).toBe(200);

    const block = await t.app.inject({
      method: 'PUT',
      url: `/api/blocks/${author.id}`,
      headers: { cookie: reader.cookie },
    });
    expect([200, 204]).toContain(block.statusCode);
    const after = await near();
    expect(after.statusCode).toBe(200);
    expect(after.body).not.toContain(tourId);
    const read = await byId();
    expect(read.statusCode, read.body).toBe(404);
    expect(read.body).not.toContain('Stop 1');
  });
});
