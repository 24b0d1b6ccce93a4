import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CENTER } from '#common/constants';
import { offsetEast, offsetNorth, type Point } from '#common/geo';
import { notificationListSchema, smartSuggestionsSchema } from '#common/notification-schemas';
import { createTestApp, type TestApp } from '#tests/helpers/test-app';
import { createTestUser, type TestUser } from '#tests/helpers/users';
import { insertStory, type StoryInsert } from '../stories/test-support/story-fixtures';
import { createNotificationRepository, NOTIFICATION_CHANNEL } from './notification-repository';
import { createNotificationService } from './notification-service';

/** Each test works in its own neighbourhood, far enough from the others' stories (50 km apart). */
let area = 0;
const freshPlace = (): Point => offsetNorth(DEFAULT_CENTER, 60_000 * ++area);

/** "HH:MM" in Savannah's time zone, `minutes` from now. */
function savannahClock(minutes: number): string {
  const at = new Date(Date.now() + minutes * 60_000);
  return new Intl.DateTimeFormat('en-GB', {
    timeZone: 'America/New_York',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(at);
}

describe('notifications', () => {
  let t: TestApp;
  let author: TestUser;
  let reader: TestUser;
  let other: TestUser;

  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_DISABLED: 'true' });
    author = await createTestUser(t.database, { displayName: 'Ada Author' });
    reader = await createTestUser(t.database, { displayName: 'Rita Reader' });
    other = await createTestUser(t.database, { displayName: 'Otto Other' });
  });
  afterAll(async () => t.close());

  const get = (url: string, user?: TestUser) =>
    t.app.inject({ method: 'GET', url, headers: user ? { cookie: user.cookie } : {} });
  const post = (url: string, user?: TestUser) =>
    t.app.inject({ method: 'POST', url, headers: user ? { cookie: user.cookie } : {} });
  /**
   * Likes need the story unlocked for the liker once (docs/security.md, "Location: a position is a claim"). Recorded directly, as a read within 100 m
   * would: these tests jump between neighbourhoods 60 km apart, which the travel rule would rightly refuse.
   */
  const like = async (storyId: string, user: TestUser) => {
    await t.app.location.unlocks.record(user.id, [storyId]);
    return post(`/api/stories/${storyId}/like`, user);
  };
  const list = async (user: TestUser, query = '') => {
    const res = await get(`/api/notifications${query}`, user);
    expect(res.statusCode).toBe(200);
    return notificationListSchema.parse(res.json());
  };
  const ofType = async (user: TestUser, type: string) =>
    (await list(user, '?limit=100')).filter((n) => n.type === type);
  const read = async (user: TestUser, at: Point) => {
    const res = await get(`/api/stories/discoverable/${at.latitude}/${at.longitude}`, user);
    expect(res.statusCode).toBe(200);
    return res.json<{ id: string; isLocked: boolean }[]>();
  };
  const story = (fields: Partial<StoryInsert> & Pick<StoryInsert, 'latitude' | 'longitude'>) =>
    insertStory(t.database, { authorId: author.id, title: 'The old lighthouse', ...fields });
  const at = (place: Point, north: number) => offsetNorth(place, north);

  describe('story_liked', () => {
    it('tells the author once per liker and story, with the liker’s name and the title', async () => {
      const s = await story({ ...freshPlace(), title: 'Moonlit bench' });
      expect((await like(s.id, reader)).statusCode).toBe(200);
      await like(s.id, reader);
      await t.app.inject({ method: 'DELETE', url: `/api/stories/${s.id}/like`, headers: { cookie: reader.cookie } });
      await like(s.id, reader);

      const liked = (await ofType(author, 'story_liked')).filter((n) => n.storyId === s.id);
      expect(liked).toHaveLength(1);
      expect(liked[0]).toMatchObject({
        message: 'Rita Reader liked your story “Moonlit bench”',
        isRead: false,
        userId: author.id,
      });

      await like(s.id, other);
      expect((await ofType(author, 'story_liked')).filter((n) => n.storyId === s.id)).toHaveLength(2);
      expect(await ofType(reader, 'story_liked')).toHaveLength(0);
    });

    it('makes none for one’s own, private or hidden stories', async () => {
      const own = await story({ ...freshPlace() });
      await post(`/api/stories/${own.id}/like`, author);
      const privateStory = await story({ ...freshPlace(), isPublic: false });
      expect((await like(privateStory.id, reader)).statusCode).toBe(404);
      const hidden = await story({ ...freshPlace(), hiddenAt: new Date() });
      expect((await like(hidden.id, reader)).statusCode).toBe(404);
      const ids = new Set([own.id, privateStory.id, hidden.id]);
      expect((await list(author, '?limit=100')).filter((n) => ids.has(n.storyId ?? ''))).toHaveLength(0);
    });
  });

  describe('nearby reads', () => {
    it('groups one read’s new finds into one story_nearby, once', async () => {
      const user = await createTestUser(t.database);
      const place = freshPlace();
      for (const north of [400, 700, 1_200]) await story({ ...at(place, north) });
      await read(user, place);
      await read(user, place);
      const groups = await ofType(user, 'story_nearby');
      expect(groups.map((g) => g.message)).toEqual(['3 new whispers within 1.5 km']);
      expect(groups[0]!.storyId).toBeNull();
    });

    it('makes at most one group an hour; finds in between join the next group, each story once', async () => {
      // A service of its own with a clock the test moves, fed the stories as the read returns them.
      let clock = new Date();
      const service = createNotificationService({
        repository: createNotificationRepository(t.database),
        now: () => clock,
      });
      const user = await createTestUser(t.database);
      const place = freshPlace();
      const readAt = async (p: Point) =>
        service.recordNearbyRead(user.id, (await get(`/api/stories/discoverable/${p.latitude}/${p.longitude}`)).json());
      const later = (minutes: number) => (clock = new Date(clock.getTime() + minutes * 60_000));
      const groups = async () => (await ofType(user, 'story_nearby')).map((g) => g.message);

      await story({ ...at(place, 400) });
      await readAt(place);
      expect(await groups()).toEqual(['1 new whisper within 1.5 km']);

      // Within the hour: new finds wait, even over several reads.
      await story({ ...at(place, 300) });
      await readAt(place);
      later(30);
      await story({ ...at(place, -300) });
      await readAt(place);
      expect(await groups()).toHaveLength(1);

      // An hour after the group, the next read announces the two that waited with its own new find.
      later(31);
      await story({ ...at(place, 900) });
      await readAt(place);
      expect(await groups()).toEqual(['3 new whispers within 1.5 km', '1 new whisper within 1.5 km']);

      // Nothing new: nothing more, however late.
      later(120);
      await readAt(place);
      expect(await groups()).toHaveLength(2);

      // Finds that waited are announced by the first read after the hour even when it finds nothing new.
      await story({ ...at(place, -700) });
      await readAt(place);
      expect(await groups()).toHaveLength(3);
      later(10);
      const single = await story({ ...at(place, 1_000), title: 'Single' });
      await readAt(place);
      await readAt(place);
      expect(await groups()).toHaveLength(3);
      later(60);
      await readAt(place);
      const [latest] = await ofType(user, 'story_nearby');
      expect(latest).toMatchObject({ message: '1 new whisper within 1.5 km', storyId: single.id });
      expect(await groups()).toHaveLength(4);
    });

    it('makes story_unlocked when the server unlocks a story, once, and none for a map read', async () => {
      const user = await createTestUser(t.database);
      const place = freshPlace();
      const near = await story({ ...at(place, 40), title: 'Under the oak' });
      await get(`/api/stories/map/${place.latitude}/${place.longitude}`, user);
      expect(await list(user)).toHaveLength(0);

      const stories = await read(user, place);
      expect(stories.find((s) => s.id === near.id)?.isLocked).toBe(false);
      await read(user, place);
      const unlocked = await ofType(user, 'story_unlocked');
      expect(unlocked).toHaveLength(1);
      // Found and unlocked by the same read: story_unlocked alone, no group for it.
      expect(await ofType(user, 'story_nearby')).toHaveLength(0);
      expect(unlocked[0]).toMatchObject({
        storyId: near.id,
        message: 'You unlocked “Under the oak”. It is yours to read now.',
      });
      // Farther than 100 m: found, not unlocked.
      const far = await story({ ...at(place, 600) });
      await read(user, place);
      expect((await ofType(user, 'story_unlocked')).map((n) => n.storyId)).toEqual([near.id]);
      expect(far.id).toBeTruthy();
    });

    it('makes time_locked at a read after the window opens, for stories the reader was near while locked', async () => {
      // A service of its own with a clock the test moves (a shut lock is looked at again after 5 minutes).
      let clock = new Date();
      const service = createNotificationService({
        repository: createNotificationRepository(t.database),
        now: () => clock,
      });
      const user = await createTestUser(t.database);
      const readAt = async (p: Point) =>
        service.recordNearbyRead(
          user.id,
          (await get(`/api/stories/discoverable/${p.latitude}/${p.longitude}`, user)).json(),
        );
      const place = freshPlace();
      const locked = await story({
        ...at(place, 30),
        title: 'Midnight bell',
        timeRestriction: 'time_of_day',
        unlockStartTime: savannahClock(120),
        unlockEndTime: savannahClock(180),
      });
      // Another time-locked story the reader never came within 100 m of.
      const unseen = await story({
        ...at(place, 800),
        timeRestriction: 'time_of_day',
        unlockStartTime: savannahClock(120),
        unlockEndTime: savannahClock(180),
      });
      expect(
        (await get(`/api/stories/discoverable/${place.latitude}/${place.longitude}`, user))
          .json()
          .find((s: { id: string }) => s.id === locked.id)?.isLocked,
      ).toBe(true);
      await readAt(place);
      expect(await ofType(user, 'story_unlocked')).toHaveLength(0);
      expect(await ofType(user, 'time_locked')).toHaveLength(0);

      // The window opens.
      for (const id of [locked.id, unseen.id]) {
        await t.database.query(sql`
          UPDATE stories SET unlock_start_time = ${savannahClock(-60)}, unlock_end_time = ${savannahClock(60)} WHERE id = ${id}`);
      }
      clock = new Date(clock.getTime() + 6 * 60_000);
      const away = at(place, 500);
      await readAt(away);
      await readAt(away);
      clock = new Date(clock.getTime() + 6 * 60_000);
      await readAt(away);
      const opened = await ofType(user, 'time_locked');
      expect(opened).toHaveLength(1);
      expect(opened[0]).toMatchObject({ storyId: locked.id });
      expect(opened[0]!.message).toContain('Midnight bell');
    });

    it('makes none for one’s own, private or hidden stories, nor for visitors', async () => {
      const place = freshPlace();
      const own = await insertStory(t.database, { authorId: reader.id, ...at(place, 20) });
      const privateStory = await story({ ...at(place, 30), isPublic: false });
      const hidden = await story({ ...at(place, 40), hiddenAt: new Date() });
      const before = (await list(reader, '?limit=100')).length;
      await read(reader, place);
      expect(await list(reader, '?limit=100')).toHaveLength(before);
      const visitor = await get(`/api/stories/discoverable/${place.latitude}/${place.longitude}`);
      expect(visitor.statusCode).toBe(200);
      const marks = await t.database.query<{ n: number }>(sql`SELECT count(*)::int AS n FROM notification_marks
        WHERE story_id IN (${own.id}, ${privateStory.id}, ${hidden.id})`);
      expect(marks[0]!.n).toBe(0);
    });

    it('publishes each new notification on the channel', async () => {
      const got: string[] = [];
      const stop = await t.database.listen(NOTIFICATION_CHANNEL, (payload) => got.push(payload));
      const s = await story({ ...freshPlace() });
      await like(s.id, other);
      await expect.poll(() => got.length).toBeGreaterThan(0);
      expect(JSON.parse(got[0]!)).toMatchObject({ userId: author.id, type: 'story_liked', storyId: s.id });
      await stop();
    });
  });

  describe('the list calls', () => {
    const seed = async (user: TestUser, count: number, fields: { isRead?: boolean; ageDays?: number } = {}) => {
      await t.database.query(sql`
        INSERT INTO notifications (user_id, type, title, message, is_read, created_at)
        SELECT ${user.id}, 'other', 'Note ' || i, 'Message ' || i, ${fields.isRead ?? false},
               now() - ${fields.ageDays ?? 0} * interval '1 day' - i * interval '1 second'
        FROM generate_series(1, ${count}) i`);
    };

    it('answer 401 signed out', async () => {
      for (const url of ['/api/notifications', '/api/notifications/unread', '/api/notifications/stream']) {
        expect((await get(url)).statusCode).toBe(401);
      }
      expect((await post('/api/notifications/read-all')).statusCode).toBe(401);
      expect((await post('/api/notifications/00000000-0000-4000-8000-000000000000/read')).statusCode).toBe(401);
    });

    it('pages newest first with a Link header, and keeps users apart', async () => {
      const user = await createTestUser(t.database);
      await seed(user, 7);
      const seen: string[] = [];
      let url: string | undefined = '/api/notifications?limit=3';
      let pages = 0;
      while (url) {
        const res = await get(url, user);
        expect(res.statusCode).toBe(200);
        seen.push(...notificationListSchema.parse(res.json()).map((n) => n.title));
        url = /<([^>]+)>; rel="next"/.exec(String(res.headers.link ?? ''))?.[1];
        pages++;
      }
      expect(pages).toBe(3);
      expect(seen).toEqual(['Note 1', 'Note 2', 'Note 3', 'Note 4', 'Note 5', 'Note 6', 'Note 7']);
      expect(await list(other, '?limit=100')).not.toContainEqual(expect.objectContaining({ userId: user.id }));
      expect((await get('/api/notifications?limit=0', user)).statusCode).toBe(400);
      expect((await get('/api/notifications?cursor=nonsense', user)).statusCode).toBe(400);
    });

    it('reads one (404 for someone else’s) and all', async () => {
      const user = await createTestUser(t.database);
      await seed(user, 3);
      const [first] = await list(user);
      expect((await post(`/api/notifications/${first!.id}/read`, other)).statusCode).toBe(404);
      expect((await post('/api/notifications/not-an-id/read', user)).statusCode).toBe(404);
      expect((await post(`/api/notifications/${first!.id}/read`, user)).statusCode).toBe(200);
      const unread = notificationListSchema.parse((await get('/api/notifications/unread', user)).json());
      expect(unread.map((n) => n.title)).toEqual(['Note 2', 'Note 3']);
      expect((await post('/api/notifications/read-all', user)).json()).toEqual({ updated: 2 });
      expect((await get('/api/notifications/unread', user)).json()).toEqual([]);
      expect((await list(user)).every((n) => n.isRead)).toBe(true);
    });

    it('prunes read notifications older than 90 days or beyond the newest 500 read ones of a user, never unread ones', async () => {
      const user = await createTestUser(t.database);
      await seed(user, 3, { isRead: true, ageDays: 91 });
      await seed(user, 2, { isRead: false, ageDays: 91 });
      await seed(user, 505, { isRead: true, ageDays: 1 });
      await t.app.notifications.service.prune();
      const [counts] = await t.database.query<{ read: number; unread: number }>(sql`
        SELECT count(*) FILTER (WHERE is_read)::int AS read, count(*) FILTER (WHERE NOT is_read)::int AS unread
        FROM notifications WHERE user_id = ${user.id}`);
      expect(counts).toEqual({ read: 500, unread: 2 });
    });
  });

  describe('GET /api/notifications/smart/:lat/:lng', () => {
    it('refuses a missing or unknown timeOfDay', async () => {
      expect((await get('/api/notifications/smart/32/-81')).statusCode).toBe(400);
      const res = await get('/api/notifications/smart/32/-81?timeOfDay=dusk');
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('timeOfDay must be one of: night, morning, afternoon, evening');
      expect((await get('/api/notifications/smart/91/-81?timeOfDay=night')).statusCode).toBe(400);
    });

    it('counts what is nearby and points at the nearest locked one; only nearby and discovery signed out', async () => {
      const place = freshPlace();
      await story({ ...at(place, 50), type: 'audio', category: 'Horror' });
      await story({
        ...at(place, 400),
        category: 'Horror',
        timeRestriction: 'time_of_day',
        unlockStartTime: '19:30',
        unlockEndTime: '21:00',
      });
      await story({ ...offsetEast(place, -900), category: 'History' });
      const url = `/api/notifications/smart/${place.latitude}/${place.longitude}?timeOfDay=evening`;
      const visitor = smartSuggestionsSchema.parse((await get(url)).json());
      expect(visitor).toEqual([
        {
          type: 'nearby',
          priority: 'high',
          title: '3 whispers within 1.5 km',
          message: 'One is close enough to read now. The nearest locked one is 400 m to the north.',
        },
      ]);

      const fan = await createTestUser(t.database);
      await t.database.query(sql`UPDATE users SET favorite_story_type = 'audio' WHERE id = ${fan.id}`);
      const signedIn = smartSuggestionsSchema.parse((await get(url, fan)).json());
      expect(signedIn.map((s) => s.type)).toEqual(['nearby', 'other', 'recommendation', 'recommendation']);
      expect(signedIn[1]!.message).toBe('1 time-locked whisper nearby opens this evening.');
      expect(signedIn[2]!.message).toBe('1 audio whisper is within 1.5 km.');
      expect(signedIn[3]!.title).toBe('Something new: Horror');
    });

    it('suggests the nearest story farther away when none is within 1.5 km', async () => {
      const place = freshPlace();
      await story({ ...offsetEast(place, -3_200) });
      const res = await get(`/api/notifications/smart/${place.latitude}/${place.longitude}?timeOfDay=morning`);
      expect(res.json()).toEqual([
        {
          type: 'discovery',
          priority: 'medium',
          title: 'A whisper further afield',
          message: 'Nothing within 1.5 km yet. The nearest whisper is 3.2 km west.',
          nearest: { distance: 3_200, direction: 'west' },
        },
      ]);
    });
  });
});
