/** Blocks through the real app (docs/moderation.md): a blocked author's stories vanish from every read path. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CENTER } from '#common/constants';
import { MODERATION_MESSAGES } from '#common/moderation';
import type { TestApp } from '#tests/helpers/test-app';
import { createTestUser, type TestUser } from '#tests/helpers/users';
import { notifications } from '../../db/schema';
import { moderationCalls, startModerationApp, type ModerationCast } from './test-support/moderation-app';

describe('moderation', () => {
  let t: TestApp;
  let plain: TestUser;
  let cast: ModerationCast;
  beforeAll(async () => {
    cast = await startModerationApp();
    ({ t, plain } = cast);
  });
  afterAll(async () => t.close());
  const { call, newStory, notificationsOf, storyAs } = moderationCalls(() => cast);

  describe('blocking', () => {
    it('a blocked author’s stories vanish for the reader in every read, notifications included, and come back on unblock', async () => {
      const pest = await createTestUser(t.database, { displayName: 'Pete Pest' });
      const reader = await createTestUser(t.database, { displayName: 'Rae Reader' });
      const id = await newStory('Pest story', pest);
      await t.database.db.insert(notifications).values({
        userId: reader.id,
        type: 'story_unlocked',
        title: 'Story unlocked',
        message: 'Pest story',
        storyId: id,
      });
      await t.app.storyIndex?.settled();
      const reads = async () => {
        const ids = (res: { json(): unknown }) => JSON.stringify(res.json());
        return {
          one: (await storyAs(id, reader)).statusCode,
          discoverable: ids(
            await call(
              'GET',
              `/api/stories/discoverable/${DEFAULT_CENTER.latitude}/${DEFAULT_CENTER.longitude}`,
              reader,
            ),
          ).includes(id),
          map: ids(
            await call(
              'GET',
              `/api/stories/map/${DEFAULT_CENTER.latitude}/${DEFAULT_CENTER.longitude}?view=full`,
              reader,
            ),
          ).includes(id),
          all: ids(await call('GET', '/api/stories/all?limit=500', reader)).includes(id),
          notified: (await notificationsOf(reader)).some((n) => n.storyId === id),
        };
      };
      expect(await reads()).toEqual({ one: 200, discoverable: true, map: true, all: true, notified: true });

      expect((await call('PUT', `/api/blocks/${pest.id}`, reader)).json()).toEqual({ blocked: true });
      expect(await reads()).toEqual({ one: 404, discoverable: false, map: false, all: false, notified: false });
      const list = await call('GET', '/api/blocks', reader);
      expect(list.json()).toEqual([expect.objectContaining({ userId: pest.id, displayName: 'Pete Pest' })]);
      // Private: the author is told nothing, and others still see the story.
      expect(await notificationsOf(pest)).toEqual([]);
      expect((await storyAs(id, plain)).statusCode).toBe(200);

      expect((await call('DELETE', `/api/blocks/${pest.id}`, reader)).json()).toEqual({ blocked: false });
      expect(await reads()).toEqual({ one: 200, discoverable: true, map: true, all: true, notified: true });
      expect((await call('PUT', `/api/blocks/${reader.id}`, reader)).json()).toEqual({
        message: MODERATION_MESSAGES.blockSelf,
      });
      expect((await call('PUT', '/api/blocks/00000000-0000-4000-8000-000000000000', reader)).statusCode).toBe(404);
    });
  });
});
