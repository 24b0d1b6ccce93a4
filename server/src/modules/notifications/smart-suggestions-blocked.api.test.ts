import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CENTER } from '#common/constants';
import { offsetEast, offsetNorth } from '#common/geo';
import { smartSuggestionsSchema } from '#common/notification-schemas';
import { createTestApp, type TestApp } from '#tests/helpers/test-app';
import { createTestUser, type TestUser } from '#tests/helpers/users';
import { insertStory } from '../stories/test-support/story-fixtures';

/**
 * A blocked author's stories leave the blocker's smart suggestions too (docs/design.md, rule 18;
 * docs/decisions/051-walker-stumbles-fourth-round.md): no count, hint or "Something new" is built from them.
 */
describe('smart suggestions after a block', () => {
  let t: TestApp;
  let pest: TestUser;
  let reader: TestUser;

  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_DISABLED: 'true' });
    pest = await createTestUser(t.database, { displayName: 'Pete Pest' });
    reader = await createTestUser(t.database, { displayName: 'Rita Reader' });
  });
  afterAll(async () => t.close());

  it('counts, points at and names no category of the blocked author’s stories', async () => {
    const place = offsetNorth(DEFAULT_CENTER, 30_000);
    await insertStory(t.database, {
      authorId: pest.id,
      title: 'Near',
      ...offsetNorth(place, 40),
      category: 'Personal',
    });
    await insertStory(t.database, { authorId: pest.id, title: 'Far', ...offsetEast(place, 900), category: 'Personal' });
    const url = `/api/notifications/smart/${place.latitude}/${place.longitude}?timeOfDay=morning`;
    const ask = async () =>
      smartSuggestionsSchema.parse(
        (await t.app.inject({ method: 'GET', url, headers: { cookie: reader.cookie } })).json(),
      );

    const before = await ask();
    expect(before[0]).toMatchObject({ type: 'nearby', title: '2 whispers within 1.5 km' });
    expect(before.map((s) => s.title)).toContain('Something new: Personal');

    const blocked = await t.app.inject({
      method: 'PUT',
      url: `/api/blocks/${pest.id}`,
      headers: { cookie: reader.cookie },
    });
    expect(blocked.statusCode).toBe(200);

    const after = await ask();
    expect(after).toEqual([
      {
        type: 'discovery',
        priority: 'low',
        title: 'Uncharted territory',
        message: 'No whispers within 50 km. Leave the first one here.',
        uncharted: true,
      },
    ]);
    // Others still get them: a block is the blocker's alone.
    const visitor = smartSuggestionsSchema.parse((await t.app.inject({ method: 'GET', url })).json());
    expect(visitor[0]).toMatchObject({ title: '2 whispers within 1.5 km' });
  });
});
