// Story reads: the map and the all / user / one-story reads (the rest: read.api.test.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { offsetEast, offsetNorth } from '#common/geo';
import { type Story } from '#common/schemas';
import { fromMarkerColumns, type MapMarkerColumns } from '#common/map-markers';
import { MAP_VIEW_MESSAGE, mapMarkerColumnsSchema, mapMarkerSchema } from '#common/map-schemas';
import { createTestApp, type TestApp } from '#tests/helpers/test-app';
import { createTestUser, type TestUser } from '#tests/helpers/users';
import { insertStory } from './test-support/story-fixtures';
import { localHHMM, MEDIA_FIELDS, SAVANNAH, storiesOf } from './test-support/read-helpers';

describe('story reads', () => {
  let t: TestApp;
  let author: TestUser;
  let reader: TestUser;
  // A separate neighbourhood per test keeps their stories apart (1500 m discovery radius).
  let area = 0;
  const nextArea = () => offsetEast(SAVANNAH, 10_000 * ++area);

  // Each read happens two hours after the previous one (on the location rules' clock): these tests move one
  // reader between areas far apart, which the travel rule would refuse in the same second (docs/security.md, "Location: a position is a claim"; the rules
  // themselves are tested in location/location.api.test.ts).
  const claimClock = { now: Date.UTC(2026, 0, 1) };
  const get = async (url: string, user?: TestUser) => {
    claimClock.now += 2 * 60 * 60_000;
    const res = await t.app.inject({ method: 'GET', url, headers: user ? { cookie: user.cookie } : {} });
    return res;
  };

  beforeAll(async () => {
    t = await createTestApp({}, { location: { now: () => claimClock.now } });
    author = await createTestUser(t.database, { displayName: 'Ada Author' });
    reader = await createTestUser(t.database, { displayName: 'Rae Reader' });
  });
  afterAll(async () => t.close());

  describe('map', () => {
    it('answers stories around a point up to the map radius', async () => {
      const centre = nextArea();
      const a = await insertStory(t.database, { authorId: author.id, ...offsetNorth(centre, 3_000) });
      const b = await insertStory(t.database, { authorId: author.id, ...offsetNorth(centre, 200) });
      const res = await get(`/api/stories/map/${centre.latitude}/${centre.longitude}`);
      const ids = storiesOf(res).map((s) => s.id);
      expect(ids.indexOf(b.id)).toBeLessThan(ids.indexOf(a.id));
      expect(ids.indexOf(a.id)).toBeGreaterThanOrEqual(0);
    });

    it('answers a viewport, nearest to the reader first, with distances', async () => {
      const centre = { latitude: -20, longitude: 20 };
      const inside1 = await insertStory(t.database, { authorId: author.id, latitude: -20.05, longitude: 20.05 });
      const inside2 = await insertStory(t.database, { authorId: author.id, latitude: -20.001, longitude: 19.999 });
      await insertStory(t.database, { authorId: author.id, latitude: -20.2, longitude: 20 });
      const res = await get(
        `/api/stories/map?bbox=19.9,-20.1,20.1,-19.9&lat=${centre.latitude}&lng=${centre.longitude}`,
        reader,
      );
      expect(res.statusCode).toBe(200);
      const list = storiesOf(res);
      expect(list.map((s) => s.id)).toEqual([inside2.id, inside1.id]);
      expect(list[0]!.distance).toBeGreaterThan(100);
      expect(list[0]!.isLocked).toBe(true);
    });

    it('handles a viewport across the antimeridian', async () => {
      const east = await insertStory(t.database, { authorId: author.id, latitude: -17, longitude: 179.9 });
      const west = await insertStory(t.database, { authorId: author.id, latitude: -17.1, longitude: -179.9 });
      await insertStory(t.database, { authorId: author.id, latitude: -17, longitude: 179 });
      const res = await get('/api/stories/map?bbox=179.5,-17.5,-179.5,-16.5');
      expect(res.statusCode).toBe(200);
      expect(
        storiesOf(res)
          .map((s) => s.id)
          .sort(),
      ).toEqual([east.id, west.id].sort());
      // Without a reader location the stories are locked and carry no distance.
      expect(storiesOf(res)[0]).toMatchObject({ isLocked: true, lockReason: 'location', distance: null });
    });

    it.each(['', '1,2,3', '1,2,3,x', '1,2,3,4,5', '0,10,1,5', '-181,0,0,1', '0,-91,1,0', ',,,'])(
      'refuses bbox "%s" with 400',
      async (bbox) => {
        const res = await get(`/api/stories/map?bbox=${encodeURIComponent(bbox)}`);
        expect(res.statusCode).toBe(400);
        expect(res.json().message).toMatch(/bbox/);
      },
    );

    it('answers markers by default (decisions 024, 025): marker fields only, as columns, locked or not, on both calls', async () => {
      const centre = nextArea();
      const here = await insertStory(t.database, {
        authorId: author.id,
        ...offsetNorth(centre, 10),
        title: 'open marker',
        type: 'image',
        imageKey: 'i/open.webp',
        content: 'Open words',
      });
      const timed = await insertStory(t.database, {
        authorId: author.id,
        ...offsetNorth(centre, 20),
        title: 'timed marker',
        content: 'Timed words',
        timeRestriction: 'time_of_day',
        unlockStartTime: localHHMM('America/New_York', 120),
        unlockEndTime: localHHMM('America/New_York', 180),
      });
      const there = await insertStory(t.database, {
        authorId: author.id,
        ...offsetNorth(centre, 600),
        title: 'far marker',
        content: 'Far words',
      });
      const box = `${centre.longitude - 0.02},${centre.latitude - 0.02},${centre.longitude + 0.02},${centre.latitude + 0.02}`;
      const calls = [
        `/api/stories/map/${centre.latitude}/${centre.longitude}`,
        `/api/stories/map/${centre.latitude}/${centre.longitude}?view=markers`,
        `/api/stories/map?bbox=${box}&lat=${centre.latitude}&lng=${centre.longitude}`,
        `/api/stories/map?bbox=${box}&lat=${centre.latitude}&lng=${centre.longitude}&view=markers`,
      ];
      for (const url of calls) {
        for (const user of [reader, undefined]) {
          const res = await get(url, user);
          expect(res.statusCode, url).toBe(200);
          // Columns (decision 025): every array as long as the others, nothing else in the answer.
          const columns = res.json<MapMarkerColumns>();
          expect(Object.keys(columns).sort(), url).toEqual(Object.keys(mapMarkerColumnsSchema.shape).sort());
          expect(new Set(Object.values(columns).map((column) => column.length)).size, url).toBe(1);
          expect(
            columns.id.every((id) => /^[0-9a-f]{32}$/.test(id)),
            url,
          ).toBe(true);
          const answer = fromMarkerColumns(mapMarkerColumnsSchema.parse(columns));
          // The map radius reaches other tests' areas: only this test's stories are checked for order and values.
          const markers = answer.filter((m) => [here.id, timed.id, there.id].includes(m.id));
          expect(
            markers.map((m) => m.id),
            url,
          ).toEqual([here.id, timed.id, there.id]);
          for (const marker of answer)
            expect(Object.keys(marker).sort(), url).toEqual(Object.keys(mapMarkerSchema.shape).sort());
          // Neither the unlocked nor the locked marker carries a title, text, content, media, author or likes.
          expect(res.body, url).not.toMatch(
            /marker|Open words|Timed words|Far words|Hidden words|i\/open\.webp|\/api\/media\/|Ada Author|description/,
          );
          expect(markers[0]).toMatchObject({ type: 'image', distance: 10, isLocked: false, lockReason: null });
          expect(markers[2]).toEqual({
            id: there.id,
            // Markers carry the position to five decimals (about a metre).
            latitude: Math.round(there.latitude * 1e5) / 1e5,
            longitude: Math.round(there.longitude * 1e5) / 1e5,
            category: there.category,
            type: 'text',
            timeRestriction: 'none',
            distance: 600,
            isLocked: true,
            lockReason: 'distance',
          });
          expect(markers[1]).toMatchObject({
            timeRestriction: 'time_of_day',
            distance: 20,
            isLocked: true,
            lockReason: 'time_of_day',
          });
        }
      }
    });

    it('answers full stories with view=full, still without a locked story’s content', async () => {
      const centre = nextArea();
      const here = await insertStory(t.database, {
        authorId: author.id,
        ...offsetNorth(centre, 20),
        imageKey: 'i/full.webp',
        type: 'image',
        content: null,
      });
      const there = await insertStory(t.database, {
        authorId: author.id,
        ...offsetNorth(centre, 600),
        content: 'Far words',
        tiktokUrl: null,
      });
      const box = `${centre.longitude - 0.02},${centre.latitude - 0.02},${centre.longitude + 0.02},${centre.latitude + 0.02}`;
      for (const url of [
        `/api/stories/map/${centre.latitude}/${centre.longitude}?view=full`,
        `/api/stories/map?bbox=${box}&lat=${centre.latitude}&lng=${centre.longitude}&view=full`,
      ]) {
        const res = await get(url, reader);
        expect(res.statusCode, url).toBe(200);
        const [open, locked] = res.json<Story[]>().filter((story) => story.id === here.id || story.id === there.id);
        expect(open).toMatchObject({
          id: here.id,
          isLocked: false,
          imageUrl: expect.stringContaining('/api/media/'),
          likedByMe: false,
        });
        expect(open!.author).toEqual({ displayName: 'Ada Author' });
        expect(locked).toMatchObject({ id: there.id, isLocked: true, lockReason: 'distance', wordCount: 2, likes: 0 });
        expect(locked).toHaveProperty('description');
        for (const field of MEDIA_FIELDS) expect(locked, url).not.toHaveProperty(field);
        expect(res.body, url).not.toContain('Far words');
      }
    });

    it('refuses an unknown view with 400', async () => {
      const centre = nextArea();
      for (const url of [
        `/api/stories/map/${centre.latitude}/${centre.longitude}?view=cards`,
        `/api/stories/map?bbox=0,0,1,1&view=`,
      ]) {
        const res = await get(url);
        expect(res.statusCode, url).toBe(400);
        expect(res.json(), url).toEqual({ message: MAP_VIEW_MESSAGE });
      }
    });

    it('refuses a viewport without bbox and a half reader location', async () => {
      expect((await get('/api/stories/map')).statusCode).toBe(400);
      expect((await get('/api/stories/map?bbox=0,0,1,1&lat=1')).statusCode).toBe(400);
      expect((await get('/api/stories/map?bbox=0,0,1,1&lat=1&lng=200')).statusCode).toBe(400);
    });
  });

  describe('all, user and one story', () => {
    let pager: TestUser;
    const created: string[] = [];
    beforeAll(async () => {
      pager = await createTestUser(t.database, { displayName: 'Paige' });
      const centre = nextArea();
      for (let i = 0; i < 5; i++) {
        // Same created_at for two of them: the id breaks the tie.
        const createdAt = new Date(Date.UTC(2030, 0, 1, 0, 0, i === 2 ? 1 : i));
        const row = await insertStory(t.database, {
          authorId: pager.id,
          ...offsetNorth(centre, i),
          createdAt,
          title: `p${i}`,
        });
        created.push(row.id);
      }
    });

    it('pages newest first with a Link header until the end', async () => {
      const seen: Story[] = [];
      let url: string | undefined = '/api/stories/all?limit=2';
      let pages = 0;
      while (url && pages < 10) {
        // As the author: only they see their stories' exact creation times, which this order check needs.
        const res = await get(url, pager);
        expect(res.statusCode).toBe(200);
        expect(Array.isArray(res.json())).toBe(true);
        seen.push(...res.json<Story[]>());
        const link = res.headers.link as string | undefined;
        url = link ? /^<([^>]+)>; rel="next"$/.exec(link)![1] : undefined;
        pages++;
        if (seen.filter((s) => s.authorId === pager.id).length === 5) break;
      }
      const mine = seen.filter((s) => s.authorId === pager.id);
      // Newest first; the future created_at puts them on the first pages.
      expect(mine.map((s) => s.id)).toEqual(
        [...mine]
          .sort((a, b) => (a.createdAt === b.createdAt ? (a.id < b.id ? 1 : -1) : a.createdAt < b.createdAt ? 1 : -1))
          .map((s) => s.id),
      );
      expect(new Set(seen.map((s) => s.id)).size).toBe(seen.length);
      expect(new Set(mine.map((s) => s.id))).toEqual(new Set(created));
    });

    it('keeps the reader location in the next link and unlocks stories in reach', async () => {
      const first = (await get('/api/stories/all?limit=1')).json<Story[]>();
      const story = first[0]!;
      const res = await get(`/api/stories/all?limit=1&lat=${story.latitude}&lng=${story.longitude}`, reader);
      expect(res.json<Story[]>()[0]).toMatchObject({ id: story.id, isLocked: false, distance: 0 });
      expect(res.headers.link).toMatch(/lat=.*lng=.*cursor=|cursor=.*lat=/);
      expect(first[0]).toMatchObject({ isLocked: true, lockReason: 'location', distance: null });
    });

    it('defaults to 100 per page and refuses bad limits and cursors', async () => {
      for (const q of ['limit=0', 'limit=501', 'limit=abc', 'limit=1.5', 'cursor=bogus', 'lat=95&lng=0', 'lat=1']) {
        const res = await get(`/api/stories/all?${q}`);
        expect(res.statusCode, q).toBe(400);
        expect(typeof res.json().message).toBe('string');
      }
    });

    it("lists a user's stories newest first, to that user only", async () => {
      const res = await get(`/api/stories/user/${pager.id}`, pager);
      expect(res.statusCode).toBe(200);
      const list = res.json<Story[]>();
      expect(list).toHaveLength(5);
      expect(list[0]!.title).toBe('p4');
      expect(list.every((s) => s.author.displayName === 'Paige')).toBe(true);
      expect((await get('/api/stories/user/not-a-uuid', pager)).statusCode).toBe(400);
      expect((await get('/api/stories/user/00000000-0000-4000-8000-000000000000', pager)).statusCode).toBe(403);
    });

    it('answers one story, unlocked only in reach, 404 when missing', async () => {
      const id = created[0]!;
      const far = await get(`/api/stories/${id}`, reader);
      expect(far.statusCode).toBe(200);
      // Without a position nothing unlocks (docs/design.md, rule 11).
      expect(far.json()).toMatchObject({ id, isLocked: true, lockReason: 'location' });
      expect(far.json()).not.toHaveProperty('content');
      const story = far.json<Story>();
      const near = await get(`/api/stories/${id}?lat=${story.latitude}&lng=${story.longitude}`, reader);
      expect(near.json()).toMatchObject({ id, isLocked: false, content: 'Hidden words', distance: 0 });
      const missing = await get('/api/stories/00000000-0000-4000-8000-000000000000');
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ message: 'Story not found' });
      expect((await get('/api/stories/not-a-uuid')).statusCode).toBe(404);
      expect((await get(`/api/stories/${id}?lat=x&lng=1`)).statusCode).toBe(400);
    });
  });

  it('rate limits the location reads per client, generously', async () => {
    const res = await get(`/api/stories/discoverable/${SAVANNAH.latitude}/${SAVANNAH.longitude}`);
    expect(res.headers['x-ratelimit-limit']).toBe('600');
    expect(Number(res.headers['x-ratelimit-remaining'])).toBeLessThan(600);
  });
});
