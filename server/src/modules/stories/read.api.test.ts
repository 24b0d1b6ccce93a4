import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { offsetEast, offsetNorth } from '#common/geo';
import { type Story } from '#common/schemas';
import { fromMarkerColumns, MAP_VIEW_MESSAGE, mapMarkerColumnsSchema, mapMarkerSchema, type MapMarker, type MapMarkerColumns } from '#common/map-schemas';
import { likes } from '../../db/schema';
import { createTestApp, type TestApp } from '#tests/helpers/test-app';
import { createTestUser, type TestUser } from '#tests/helpers/users';
import { insertStory } from './test-support/story-fixtures';

const SAVANNAH = { latitude: 32.0835, longitude: -81.0998 };
const MEDIA_FIELDS = ['content', 'audioUrl', 'imageUrl', 'thumbnailUrl', 'videoUrl', 'tiktokUrl', 'tiktokVideoId'] as const;

/** "HH:MM" `deltaMinutes` from now in an IANA zone. */
function localHHMM(timeZone: string, deltaMinutes: number): string {
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
    .formatToParts(new Date());
  const minutes = Number(parts.find((p) => p.type === 'hour')!.value) * 60 + Number(parts.find((p) => p.type === 'minute')!.value);
  const total = (((minutes + deltaMinutes) % 1440) + 1440) % 1440;
  return `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;
}

describe('story reads', () => {
  let t: TestApp;
  let author: TestUser;
  let reader: TestUser;
  // A separate neighbourhood per test keeps their stories apart (1500 m discovery radius).
  let area = 0;
  const nextArea = () => offsetEast(SAVANNAH, 10_000 * ++area);

  // Each read happens two hours after the previous one (on the location rules' clock): these tests move one
  // reader between areas far apart, which the travel rule would refuse in the same second (issue 13; the rules
  // themselves are tested in location/location.api.test.ts).
  const claimClock = { now: Date.UTC(2026, 0, 1) };
  /** A read's stories: a list, or the map's marker columns (decision 025) as markers. */
  const storiesOf = (res: { json(): unknown }): (Story | MapMarker)[] => {
    const body = res.json() as Story[] | MapMarkerColumns;
    return Array.isArray(body) ? body : fromMarkerColumns(body);
  };
  const get = async (url: string, user?: TestUser) => {
    claimClock.now += 2 * 60 * 60_000;
    const res = await t.app.inject({ method: 'GET', url, headers: user ? { cookie: user.cookie } : {} });
    return res;
  };
  const discover = async (at: { latitude: number; longitude: number }, user?: TestUser) => {
    const res = await get(`/api/stories/discoverable/${at.latitude}/${at.longitude}`, user);
    expect(res.statusCode).toBe(200);
    return res.json<Story[]>();
  };

  beforeAll(async () => {
    t = await createTestApp({}, { location: { now: () => claimClock.now } });
    author = await createTestUser(t.database, { displayName: 'Ada Author' });
    reader = await createTestUser(t.database, { displayName: 'Rae Reader' });
  });
  afterAll(async () => t.close());

  describe('discoverable', () => {
    it('lists stories within 1500 m nearest first, unlocked only within 100 m', async () => {
      const centre = nextArea();
      const near = await insertStory(t.database, { authorId: author.id, ...offsetNorth(centre, 99), title: 'near' });
      const justOut = await insertStory(t.database, { authorId: author.id, ...offsetNorth(centre, 101), title: 'out' });
      const far = await insertStory(t.database, { authorId: author.id, ...offsetNorth(centre, 1_400), title: 'far' });
      await insertStory(t.database, { authorId: author.id, ...offsetNorth(centre, 1_600), title: 'too far' });

      const list = await discover(centre, reader);
      expect(list.map((s) => s.id)).toEqual([near.id, justOut.id, far.id]);
      expect(list.map((s) => s.distance)).toEqual([99, 101, 1400]);
      expect(list[0]).toMatchObject({ isLocked: false, lockReason: null, content: 'Hidden words' });
      expect(list[1]).toMatchObject({ isLocked: true, lockReason: 'distance', wordCount: 2 });
      expect(list[1]).not.toHaveProperty('content');
      expect(list[0]!.author).toEqual({ displayName: 'Ada Author' });
      expect(list[0]).toMatchObject({ likes: 0, likedByMe: false });
    });

    it('is public: a visitor sees the same stories without likedByMe', async () => {
      const centre = nextArea();
      await insertStory(t.database, { authorId: author.id, ...offsetNorth(centre, 10) });
      const list = await discover(centre);
      expect(list).toHaveLength(1);
      expect(list[0]).not.toHaveProperty('likedByMe');
      expect(list[0]!.isLocked).toBe(false);
    });

    it('shows the author their own far-away story unlocked', async () => {
      const centre = nextArea();
      await insertStory(t.database, { authorId: author.id, ...offsetNorth(centre, 1_000), content: 'mine' });
      const [own] = await discover(centre, author);
      expect(own).toMatchObject({ isLocked: false, lockReason: null, content: 'mine', distance: 1000 });
      const [other] = await discover(centre, reader);
      expect(other).toMatchObject({ isLocked: true, lockReason: 'distance' });
    });

    it('reports likedByMe and the like count', async () => {
      const centre = nextArea();
      const story = await insertStory(t.database, { authorId: author.id, ...centre, likes: 1 });
      await t.database.db.insert(likes).values({ userId: reader.id, storyId: story.id });
      expect((await discover(centre, reader))[0]).toMatchObject({ likes: 1, likedByMe: true });
      expect((await discover(centre, author))[0]).toMatchObject({ likes: 1, likedByMe: false });
    });

    it.each([
      ['abc', '1'],
      ['91', '0'],
      ['-90.5', '0'],
      ['0', '181'],
      ['0', '-180.01'],
      ['NaN', '0'],
      ['Infinity', '0'],
    ])('refuses bad coordinates %s,%s with 400', async (lat, lng) => {
      for (const path of ['discoverable', 'map']) {
        const res = await get(`/api/stories/${path}/${lat}/${lng}`);
        expect(res.statusCode).toBe(400);
        expect(res.json().message).toMatch(/Latitude|Longitude/);
      }
    });
  });

  describe('content withholding', () => {
    const media = {
      audio: { type: 'audio', audioKey: 'a/story.webm', duration: 42, content: null, wordCount: null },
      image: { type: 'image', imageKey: 'i/full.webp', thumbnailKey: 'i/thumb.webp', content: null, wordCount: null },
      video: { type: 'video', videoKey: 'v/clip.mp4', duration: 9, content: null, wordCount: null },
      tiktok: {
        type: 'tiktok',
        tiktokUrl: 'https://www.tiktok.com/@someone/video/7234567890123456789',
        tiktokVideoId: '7234567890123456789',
        content: null,
        wordCount: null,
      },
      text: { type: 'text', content: 'A secret', wordCount: 2 },
    } as const;

    it.each(Object.keys(media) as (keyof typeof media)[])('%s story: locked answer carries no content or URL', async (kind) => {
      const centre = nextArea();
      await insertStory(t.database, { authorId: author.id, ...offsetNorth(centre, 500), ...media[kind] });
      const [locked] = await discover(centre, reader);
      expect(locked).toMatchObject({ isLocked: true, lockReason: 'distance', type: kind });
      for (const field of MEDIA_FIELDS) expect(locked![field] ?? null).toBeNull();
      expect(JSON.stringify(locked)).not.toMatch(/\/api\/media|tiktok\.com|secret/i);
      if (kind === 'audio' || kind === 'video') expect(locked!.duration).toBe(media[kind].duration);
      if (kind === 'text') expect(locked!.wordCount).toBe(2);

      const [open] = await discover(offsetNorth(centre, 450), reader);
      expect(open!.isLocked).toBe(false);
      const keys = { audioUrl: 'audioKey', imageUrl: 'imageKey', thumbnailUrl: 'thumbnailKey', videoUrl: 'videoKey' } as const;
      for (const [urlField, keyField] of Object.entries(keys)) {
        const key = (media[kind] as Record<string, unknown>)[keyField] as string | undefined;
        if (!key) {
          // Only the media a story has is sent.
          expect(open).not.toHaveProperty(urlField);
          continue;
        }
        const url = new URL(open![urlField as keyof Story] as string, 'http://x');
        expect(url.pathname).toBe(`/api/media/${key}`);
        expect(t.app.mediaSigner.verify(key, url.searchParams.get('exp')!, url.searchParams.get('sig')!)).toBe(true);
      }
      if (kind === 'tiktok') expect(open).toMatchObject({ tiktokUrl: media.tiktok.tiktokUrl, tiktokVideoId: '7234567890123456789' });
      if (kind === 'text') expect(open!.content).toBe('A secret');
    });
  });

  describe('time locks in the story’s own time zone', () => {
    it('opens a window around now and keeps a later window closed (America/New_York)', async () => {
      const centre = nextArea();
      const tz = 'America/New_York';
      const open = await insertStory(t.database, {
        authorId: author.id, ...centre, title: 'open', timeRestriction: 'time_of_day',
        unlockStartTime: localHHMM(tz, -60), unlockEndTime: localHHMM(tz, 60),
      });
      const closed = await insertStory(t.database, {
        authorId: author.id, ...offsetNorth(centre, 1), title: 'closed', timeRestriction: 'time_of_day',
        unlockStartTime: localHHMM(tz, 120), unlockEndTime: localHHMM(tz, 180),
      });
      // Windows whose start is after their end cross midnight.
      const crossingOpen = await insertStory(t.database, {
        authorId: author.id, ...offsetNorth(centre, 2), title: 'crossing open', timeRestriction: 'time_of_day',
        unlockStartTime: localHHMM(tz, -60), unlockEndTime: localHHMM(tz, -120),
      });
      const crossingClosed = await insertStory(t.database, {
        authorId: author.id, ...offsetNorth(centre, 3), title: 'crossing closed', timeRestriction: 'time_of_day',
        unlockStartTime: localHHMM(tz, 60), unlockEndTime: localHHMM(tz, -60),
      });
      const byId = new Map((await discover(centre, reader)).map((s) => [s.id, s]));
      expect(byId.get(open.id)).toMatchObject({ isLocked: false, lockReason: null });
      expect(byId.get(closed.id)).toMatchObject({ isLocked: true, lockReason: 'time_of_day' });
      expect(byId.get(closed.id)).not.toHaveProperty('content');
      expect(byId.get(crossingOpen.id)).toMatchObject({ isLocked: false });
      expect(byId.get(crossingClosed.id)).toMatchObject({ isLocked: true, lockReason: 'time_of_day' });
      // The author is never locked out.
      expect((await discover(centre, author)).every((s) => !s.isLocked)).toBe(true);
    });

    it('uses Tokyo time for a story in Tokyo, not the server’s clock', async () => {
      const tokyo = { latitude: 35.6762, longitude: 139.6503 };
      const story = await insertStory(t.database, {
        authorId: author.id, ...tokyo, timeRestriction: 'time_of_day',
        unlockStartTime: localHHMM('Asia/Tokyo', -30), unlockEndTime: localHHMM('Asia/Tokyo', 30),
      });
      const shifted = await insertStory(t.database, {
        authorId: author.id, ...offsetNorth(tokyo, 1), timeRestriction: 'time_of_day',
        // The same window in UTC or New York time is hours away from Tokyo's clock.
        unlockStartTime: localHHMM('UTC', -30), unlockEndTime: localHHMM('UTC', 30),
      });
      const byId = new Map((await discover(tokyo, reader)).map((s) => [s.id, s]));
      expect(byId.get(story.id)!.isLocked).toBe(false);
      expect(byId.get(shifted.id)).toMatchObject({ isLocked: true, lockReason: 'time_of_day' });
    });

    it('evaluates seasons by hemisphere (Sydney vs Savannah)', async () => {
      const month = Number(new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', month: 'numeric' }).format(new Date()));
      const north = ['winter', 'winter', 'spring', 'spring', 'spring', 'summer', 'summer', 'summer', 'autumn', 'autumn', 'autumn', 'winter'] as const;
      const opposite = { spring: 'autumn', summer: 'winter', autumn: 'spring', winter: 'summer' } as const;
      const northSeason = north[month - 1]!;
      const southSeason = opposite[northSeason];
      const sydney = { latitude: -33.8688, longitude: 151.2093 };
      const south = await insertStory(t.database, { authorId: author.id, ...sydney, timeRestriction: 'season', unlockSeason: southSeason });
      const wrong = await insertStory(t.database, {
        authorId: author.id, ...offsetNorth(sydney, 1), timeRestriction: 'season', unlockSeason: northSeason,
      });
      const byId = new Map((await discover(sydney, reader)).map((s) => [s.id, s]));
      expect(byId.get(south.id)).toMatchObject({ isLocked: false });
      expect(byId.get(wrong.id)).toMatchObject({ isLocked: true, lockReason: 'season' });

      const centre = nextArea();
      const here = await insertStory(t.database, { authorId: author.id, ...centre, timeRestriction: 'season', unlockSeason: northSeason });
      expect((await discover(centre, reader)).find((s) => s.id === here.id)).toMatchObject({ isLocked: false });
    });

    it('reports weather locks without enforcing them when no provider is configured', async () => {
      const centre = nextArea();
      await insertStory(t.database, { authorId: author.id, ...centre, timeRestriction: 'weather', unlockWeather: 'stormy', content: 'rain' });
      const [story] = await discover(centre, reader);
      expect(story).toMatchObject({ isLocked: false, lockReason: 'weather', content: 'rain', unlockWeather: 'stormy' });
    });
  });

  describe('private and hidden stories', () => {
    it('shows private and hidden stories to their author only, in every call', async () => {
      const centre = nextArea();
      const priv = await insertStory(t.database, { authorId: author.id, ...centre, isPublic: false, title: 'private' });
      const hidden = await insertStory(t.database, { authorId: author.id, ...offsetNorth(centre, 5), hiddenAt: new Date(), title: 'hidden' });
      const ids = [priv.id, hidden.id].sort();
      const q = `lat=${centre.latitude}&lng=${centre.longitude}`;
      const box = `${centre.longitude - 0.01},${centre.latitude - 0.01},${centre.longitude + 0.01},${centre.latitude + 0.01}`;
      const calls = [
        `/api/stories/discoverable/${centre.latitude}/${centre.longitude}`,
        `/api/stories/map/${centre.latitude}/${centre.longitude}`,
        `/api/stories/map?bbox=${box}`,
        `/api/stories/all?limit=500`,
      ];
      for (const url of calls) {
        const others = storiesOf(await get(url, reader));
        expect(others.filter((s) => ids.includes(s.id)), url).toEqual([]);
        const visitor = storiesOf(await get(url));
        expect(visitor.filter((s) => ids.includes(s.id)), url).toEqual([]);
        const own = storiesOf(await get(url, author));
        expect(own.filter((s) => ids.includes(s.id)).map((s) => s.id).sort(), url).toEqual(ids);
      }
      // A user's list is served to that user only (DESIGN.md decision 12).
      expect((await get(`/api/stories/user/${author.id}`, reader)).statusCode).toBe(403);
      expect((await get(`/api/stories/user/${author.id}`)).statusCode).toBe(401);
      const own = (await get(`/api/stories/user/${author.id}`, author)).json<Story[]>();
      expect(own.filter((s) => ids.includes(s.id)).map((s) => s.id).sort()).toEqual(ids);
      for (const id of ids) {
        expect((await get(`/api/stories/${id}?${q}`, reader)).statusCode).toBe(404);
        expect((await get(`/api/stories/${id}`)).statusCode).toBe(404);
        expect((await get(`/api/stories/${id}`, author)).statusCode).toBe(200);
      }
    });
  });

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
      const res = await get(`/api/stories/map?bbox=19.9,-20.1,20.1,-19.9&lat=${centre.latitude}&lng=${centre.longitude}`, reader);
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
      expect(storiesOf(res).map((s) => s.id).sort()).toEqual([east.id, west.id].sort());
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
      const there = await insertStory(t.database, { authorId: author.id, ...offsetNorth(centre, 600), title: 'far marker', content: 'Far words' });
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
          expect(columns.id.every((id) => /^[0-9a-f]{32}$/.test(id)), url).toBe(true);
          const answer = fromMarkerColumns(mapMarkerColumnsSchema.parse(columns));
          // The map radius reaches other tests' areas: only this test's stories are checked for order and values.
          const markers = answer.filter((m) => [here.id, timed.id, there.id].includes(m.id));
          expect(markers.map((m) => m.id), url).toEqual([here.id, timed.id, there.id]);
          for (const marker of answer) expect(Object.keys(marker).sort(), url).toEqual(Object.keys(mapMarkerSchema.shape).sort());
          // Neither the unlocked nor the locked marker carries a title, text, content, media, author or likes.
          expect(res.body, url).not.toMatch(/marker|Open words|Timed words|Far words|Hidden words|i\/open\.webp|\/api\/media\/|Ada Author|description/);
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
          expect(markers[1]).toMatchObject({ timeRestriction: 'time_of_day', distance: 20, isLocked: true, lockReason: 'time_of_day' });
        }
      }
    });

    it('answers full stories with view=full, still without a locked story’s content', async () => {
      const centre = nextArea();
      const here = await insertStory(t.database, { authorId: author.id, ...offsetNorth(centre, 20), imageKey: 'i/full.webp', type: 'image', content: null });
      const there = await insertStory(t.database, { authorId: author.id, ...offsetNorth(centre, 600), content: 'Far words', tiktokUrl: null });
      const box = `${centre.longitude - 0.02},${centre.latitude - 0.02},${centre.longitude + 0.02},${centre.latitude + 0.02}`;
      for (const url of [
        `/api/stories/map/${centre.latitude}/${centre.longitude}?view=full`,
        `/api/stories/map?bbox=${box}&lat=${centre.latitude}&lng=${centre.longitude}&view=full`,
      ]) {
        const res = await get(url, reader);
        expect(res.statusCode, url).toBe(200);
        const [open, locked] = res.json<Story[]>().filter((story) => story.id === here.id || story.id === there.id);
        expect(open).toMatchObject({ id: here.id, isLocked: false, imageUrl: expect.stringContaining('/api/media/'), likedByMe: false });
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
        const row = await insertStory(t.database, { authorId: pager.id, ...offsetNorth(centre, i), createdAt, title: `p${i}` });
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
        seen.push(...(res.json<Story[]>()));
        const link = res.headers.link as string | undefined;
        url = link ? /^<([^>]+)>; rel="next"$/.exec(link)![1] : undefined;
        pages++;
        if (seen.filter((s) => s.authorId === pager.id).length === 5) break;
      }
      const mine = seen.filter((s) => s.authorId === pager.id);
      // Newest first; the future created_at puts them on the first pages.
      expect(mine.map((s) => s.id)).toEqual(
        [...mine].sort((a, b) => (a.createdAt === b.createdAt ? (a.id < b.id ? 1 : -1) : a.createdAt < b.createdAt ? 1 : -1)).map((s) => s.id),
      );
      expect(new Set(seen.map((s) => s.id)).size).toBe(seen.length);
      expect(new Set(mine.map((s) => s.id))).toEqual(new Set(created));
    });

    it('keeps the reader location in the next link and unlocks stories in reach', async () => {
      const first = (await get('/api/stories/all?limit=1')).json<Story[]>();
      const story = first[0]!;
      const res = await get(`/api/stories/all?limit=1&lat=${story.latitude}&lng=${story.longitude}`, reader);
      expect((res.json<Story[]>())[0]).toMatchObject({ id: story.id, isLocked: false, distance: 0 });
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
      // Without a position nothing unlocks (DESIGN.md decision 11).
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
