/**
 * docs/design.md, rule 13: an author edits and deletes their own story (PATCH / DELETE /api/stories/:id), and nobody else can.
 */
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CENTER } from '#common/constants';
import { STORY_EDIT_MESSAGES, storySchema } from '#common/schemas';
import { createTestApp, type TestApp } from '#tests/helpers/test-app';
import { createTestUser, type TestUser } from '#tests/helpers/users';
import { rowsReferencing } from '#tests/helpers/references';
import { stories } from '../../db/schema';
import { jpegWithGps } from '../../media/test-support/test-media';
import { baseStoryFields, listFiles, postStory } from './test-support/story-helpers';

describe('an author edits and deletes their story', () => {
  let t: TestApp;
  let author: TestUser;
  let reader: TestUser;

  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_DISABLED: 'true' });
    author = await createTestUser(t.database, { displayName: 'Author' });
    reader = await createTestUser(t.database, { displayName: 'Reader' });
  });
  afterAll(async () => t.close());

  const mediaDir = () => path.join(t.dataDir, 'media');
  const newStory = async (fields: Record<string, string> = {}, files: Parameters<typeof postStory>[3] = {}) => {
    const res = await postStory(t.app, author.cookie, baseStoryFields(fields), files);
    expect(res.statusCode).toBe(201);
    return res.json().id as string;
  };
  const edit = (id: string, body: unknown, cookie: string | null = author.cookie) =>
    t.app.inject({
      method: 'PATCH',
      url: `/api/stories/${id}`,
      headers: cookie ? { cookie } : {},
      payload: body as object,
    });
  const remove = (id: string, cookie: string | null = author.cookie) =>
    t.app.inject({ method: 'DELETE', url: `/api/stories/${id}`, headers: cookie ? { cookie } : {} });
  const storyRow = async (id: string) => (await t.database.db.select().from(stories).where(eq(stories.id, id)))[0];
  const at = `lat=${DEFAULT_CENTER.latitude}&lng=${DEFAULT_CENTER.longitude}`;

  describe('PATCH /api/stories/:id', () => {
    it.each([
      ['title', { title: '  The lamplighter, retold ' }, { title: 'The lamplighter, retold' }],
      ['description', { description: 'Line one\r\nline two' }, { description: 'Line one\nline two' }],
      ['description cleared', { description: '' }, { description: null }],
      ['category', { category: 'Mystery' }, { category: 'Mystery' }],
      ['content', { content: 'Four words right here' }, { content: 'Four words right here', wordCount: 4 }],
      [
        'time lock: time of day',
        { timeRestriction: 'time_of_day', unlockStartTime: '14:00', unlockEndTime: '16:00' },
        { timeRestriction: 'time_of_day', unlockStartTime: '14:00', unlockEndTime: '16:00', unlockSeason: null },
      ],
      [
        'time lock: season',
        { timeRestriction: 'season', unlockSeason: 'winter' },
        { timeRestriction: 'season', unlockSeason: 'winter' },
      ],
      [
        'time lock: weather',
        { timeRestriction: 'weather', unlockWeather: 'rainy' },
        { timeRestriction: 'weather', unlockWeather: 'rainy' },
      ],
    ])('changes the %s and answers the story as its author sees it', async (_name, body, expected) => {
      const id = await newStory();
      const res = await edit(id, body);
      expect(res.statusCode).toBe(200);
      const story = storySchema.parse(res.json());
      expect(story).toMatchObject({ id, isLocked: false, ...expected });
      expect(await storyRow(id)).toMatchObject(expected);
      // What was not sent stays as it was.
      expect((await storyRow(id))!.type).toBe('text');
    });

    it('replaces the time lock as a whole: a new restriction drops the old one’s fields, none removes it', async () => {
      const id = await newStory({ timeRestriction: 'time_of_day', unlockStartTime: '08:00', unlockEndTime: '09:00' });
      await edit(id, {
        timeRestriction: 'season',
        unlockSeason: 'spring',
        unlockStartTime: '10:00',
        unlockEndTime: '11:00',
      });
      expect(await storyRow(id)).toMatchObject({
        timeRestriction: 'season',
        unlockSeason: 'spring',
        unlockStartTime: null,
        unlockEndTime: null,
      });
      await edit(id, { timeRestriction: 'none' });
      expect(await storyRow(id)).toMatchObject({ timeRestriction: 'none', unlockSeason: null });
    });

    it.each(['type', 'latitude', 'longitude', 'imageUrl', 'audio', 'tiktokUrl', 'duration'])(
      'refuses to change %s with a 400 naming it, and changes nothing',
      async (field) => {
        const id = await newStory();
        const before = await storyRow(id);
        const res = await edit(id, { title: 'Sneaky', [field]: field === 'latitude' ? 1 : 'video' });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({ message: STORY_EDIT_MESSAGES.fixedField(field) });
        expect(await storyRow(id)).toEqual(before);
      },
    );

    it.each([
      ['an empty title', { title: '  ' }, 'Missing information: Please fill in all required fields.'],
      ['a title too long', { title: 'x'.repeat(201) }, 'Title must be at most 200 characters'],
      [
        'an unknown category',
        { category: 'Gossip' },
        'Category must be one of: Mystery, Adventure, History, Fantasy, Personal, Romance, Horror, Nature, Science Fiction',
      ],
      ['an empty category', { category: '' }, 'Missing information: Please fill in all required fields.'],
      ['empty content', { content: ' ' }, 'Missing content: Please write your story content.'],
      [
        'a time window without its end',
        { timeRestriction: 'time_of_day', unlockStartTime: '10:00' },
        'Time-of-day locks need both a start and an end time (HH:MM).',
      ],
      [
        'a malformed time',
        { timeRestriction: 'time_of_day', unlockStartTime: '25:00', unlockEndTime: '10:00' },
        'Unlock start time must be in HH:MM format',
      ],
      [
        'an unknown restriction',
        { timeRestriction: 'moon' },
        'Time restriction must be one of: none, time_of_day, season, weather',
      ],
      [
        'a season lock without a season',
        { timeRestriction: 'season' },
        'Season must be one of: spring, summer, autumn, winter',
      ],
      [
        'an unknown weather',
        { timeRestriction: 'weather', unlockWeather: 'foggy' },
        'Weather must be one of: sunny, rainy, cloudy, stormy',
      ],
      [
        'lock fields without their restriction',
        { unlockSeason: 'summer' },
        'Send timeRestriction with the time-lock fields: the time lock is replaced as a whole.',
      ],
      ['nothing at all', {}, 'Nothing to change: send at least one of the editable fields.'],
      ['a body that is not an object', [1], 'Send the changes as a JSON object, e.g. { "title": "…" }.'],
    ])('refuses %s with the shared message', async (_name, body, message) => {
      const id = await newStory();
      const res = await edit(id, body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message });
    });

    it('refuses text content on a story that is not a text story', async () => {
      const id = await newStory({ type: 'image' }, { image: { data: await jpegWithGps(400, 300), filename: 'a.jpg' } });
      const before = await storyRow(id);
      const res = await edit(id, { content: 'Words for a picture' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: 'Only text stories have text content to edit.' });
      expect(await storyRow(id)).toEqual(before);
    });
  });

  describe('only the author', () => {
    it('signed out: 401 for both, nothing changes', async () => {
      const id = await newStory();
      for (const res of [await edit(id, { title: 'Mine now' }, null), await remove(id, null)]) {
        expect(res.statusCode).toBe(401);
        expect(res.json()).toEqual({ message: 'Please sign in to continue.' });
      }
      expect((await storyRow(id))!.title).toBe('The lamplighter');
    });

    it('another user: 403 for both, nothing changes', async () => {
      const id = await newStory();
      for (const res of [await edit(id, { title: 'Mine now' }, reader.cookie), await remove(id, reader.cookie)]) {
        expect(res.statusCode).toBe(403);
        expect(res.json()).toEqual({ message: 'Only the author of this story can change or delete it.' });
      }
      expect((await storyRow(id))!.title).toBe('The lamplighter');
    });

    it('a private or hidden story, an unknown or malformed id: 404 to another user', async () => {
      const privateId = await newStory({ isPublic: 'false' });
      const hiddenId = await newStory();
      await t.database.db.update(stories).set({ hiddenAt: new Date() }).where(eq(stories.id, hiddenId));
      for (const id of [privateId, hiddenId, '00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
        expect((await edit(id, { title: 'Mine now' }, reader.cookie)).statusCode).toBe(404);
        expect((await remove(id, reader.cookie)).statusCode).toBe(404);
      }
      // Its author still may: a hidden story is theirs to fix or remove.
      expect((await edit(hiddenId, { title: 'Fixed' })).statusCode).toBe(200);
      expect((await remove(privateId)).statusCode).toBe(204);
    });
  });

  describe('DELETE /api/stories/:id', () => {
    it('removes the story, its files, likes, reports, notifications and unlock records', async () => {
      const id = await newStory({ type: 'image' }, { image: { data: await jpegWithGps(400, 300), filename: 'a.jpg' } });
      const keep = await newStory();
      expect(listFiles(mediaDir()).filter((f) => f.includes(id)).length).toBeGreaterThan(0);
      // A reader finds it (notification marks, unlock record), likes it (like, story_liked notification) and reports it.
      for (const storyId of [id, keep]) {
        const read = await t.app.inject({
          method: 'GET',
          url: `/api/stories/${storyId}?${at}`,
          headers: { cookie: reader.cookie },
        });
        expect(read.json()).toMatchObject({ isLocked: false });
        await t.app.inject({
          method: 'GET',
          url: `/api/stories/discoverable/${DEFAULT_CENTER.latitude}/${DEFAULT_CENTER.longitude}`,
          headers: { cookie: reader.cookie },
        });
        expect(
          (
            await t.app.inject({
              method: 'POST',
              url: `/api/stories/${storyId}/like`,
              headers: { cookie: reader.cookie },
            })
          ).statusCode,
        ).toBe(200);
        expect(
          (
            await t.app.inject({
              method: 'POST',
              url: `/api/stories/${storyId}/report`,
              headers: { cookie: reader.cookie },
              payload: { reason: 'spam' },
            })
          ).statusCode,
        ).toBe(201);
      }
      const before = await rowsReferencing(t.database, ['story_id'], id);
      expect(Object.keys(before)).toEqual(
        expect.arrayContaining([
          'likes.story_id',
          'reports.story_id',
          'notifications.story_id',
          'unlocks.story_id',
          'notification_marks.story_id',
        ]),
      );

      const res = await remove(id);
      expect(res.statusCode).toBe(204);
      expect(res.body).toBe('');
      expect(await storyRow(id)).toBeUndefined();
      expect(await rowsReferencing(t.database, ['story_id', 'id'], id)).toEqual({});
      expect(listFiles(mediaDir()).filter((f) => f.includes(id))).toEqual([]);
      // The other story keeps all of its own.
      expect(Object.keys(await rowsReferencing(t.database, ['story_id'], keep)).length).toBeGreaterThanOrEqual(4);
      // And it is gone from the reads.
      expect(
        (await t.app.inject({ method: 'GET', url: `/api/stories/${id}?${at}`, headers: { cookie: author.cookie } }))
          .statusCode,
      ).toBe(404);
      expect((await remove(id)).statusCode).toBe(404);
    });

    it('keeps the row deleted when a file cannot be removed (the orphan sweep takes it later)', async () => {
      const id = await newStory({ type: 'image' }, { image: { data: await jpegWithGps(400, 300), filename: 'a.jpg' } });
      const store = t.app.mediaStore;
      const originalDelete = store.delete.bind(store);
      store.delete = () => Promise.reject(new Error('disk unplugged'));
      try {
        expect((await remove(id)).statusCode).toBe(204);
      } finally {
        store.delete = originalDelete;
      }
      expect(await storyRow(id)).toBeUndefined();
    });
  });

  it('documents both routes in the generated API docs', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/openapi.json' })).json();
    const paths = doc.paths as Record<string, Record<string, unknown>>;
    const entry = paths['/api/stories/{id}'];
    expect(entry).toHaveProperty('patch');
    expect(entry).toHaveProperty('delete');
    expect(JSON.stringify(entry!.patch)).toContain('cannot change');
  });
});
