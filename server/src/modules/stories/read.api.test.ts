// Story reads: discoverable, content withholding, time locks, private and hidden stories (map and lists: read-map.api.test.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { offsetEast, offsetNorth } from '#common/geo';
import { type Story } from '#common/schemas';
import { likes } from '../../db/schema';
import { createTestApp, type TestApp } from '#tests/helpers/test-app';
import { createTestUser, type TestUser } from '#tests/helpers/users';
import { insertStory } from './test-support/story-fixtures';
import { localHHMM, MEDIA_FIELDS, SAVANNAH, storiesOf } from './test-support/read-helpers';
import type { Point } from '#common/geo';

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
  const discover = async (at: Point, user?: TestUser) => {
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
      audio: {
        type: 'audio',
        audioKey: 'a/story.webm',
        transcriptKey: 'a/transcript-1.vtt',
        duration: 42,
        content: null,
        wordCount: null,
      },
      image: { type: 'image', imageKey: 'i/full.webp', thumbnailKey: 'i/thumb.webp', content: null, wordCount: null },
      video: {
        type: 'video',
        videoKey: 'v/clip.mp4',
        transcriptKey: 'v/transcript-1.vtt',
        duration: 9,
        content: null,
        wordCount: null,
      },
      tiktok: {
        type: 'tiktok',
        tiktokUrl: 'https://www.tiktok.com/@someone/video/7234567890123456789',
        tiktokVideoId: '7234567890123456789',
        content: null,
        wordCount: null,
      },
      text: { type: 'text', content: 'A secret', wordCount: 2 },
    } as const;

    it.each(Object.keys(media) as (keyof typeof media)[])(
      '%s story: locked answer carries no content or URL',
      async (kind) => {
        const centre = nextArea();
        await insertStory(t.database, { authorId: author.id, ...offsetNorth(centre, 500), ...media[kind] });
        const [locked] = await discover(centre, reader);
        expect(locked).toMatchObject({ isLocked: true, lockReason: 'distance', type: kind });
        for (const field of MEDIA_FIELDS) expect(locked![field] ?? null).toBeNull();
        expect(JSON.stringify(locked)).not.toMatch(/\/api\/media|tiktok\.com|secret|transcript/i);
        if (kind === 'audio' || kind === 'video') expect(locked!.duration).toBe(media[kind].duration);
        if (kind === 'text') expect(locked!.wordCount).toBe(2);

        const [open] = await discover(offsetNorth(centre, 450), reader);
        expect(open!.isLocked).toBe(false);
        const keys = {
          audioUrl: 'audioKey',
          imageUrl: 'imageKey',
          thumbnailUrl: 'thumbnailKey',
          videoUrl: 'videoKey',
          transcriptUrl: 'transcriptKey',
        } as const;
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
        if (kind === 'tiktok')
          expect(open).toMatchObject({ tiktokUrl: media.tiktok.tiktokUrl, tiktokVideoId: '7234567890123456789' });
        if (kind === 'text') expect(open!.content).toBe('A secret');
      },
    );
  });

  describe('time locks in the story’s own time zone', () => {
    it('opens a window around now and keeps a later window closed (America/New_York)', async () => {
      const centre = nextArea();
      const tz = 'America/New_York';
      const open = await insertStory(t.database, {
        authorId: author.id,
        ...centre,
        title: 'open',
        timeRestriction: 'time_of_day',
        unlockStartTime: localHHMM(tz, -60),
        unlockEndTime: localHHMM(tz, 60),
      });
      const closed = await insertStory(t.database, {
        authorId: author.id,
        ...offsetNorth(centre, 1),
        title: 'closed',
        timeRestriction: 'time_of_day',
        unlockStartTime: localHHMM(tz, 120),
        unlockEndTime: localHHMM(tz, 180),
      });
      // Windows whose start is after their end cross midnight.
      const crossingOpen = await insertStory(t.database, {
        authorId: author.id,
        ...offsetNorth(centre, 2),
        title: 'crossing open',
        timeRestriction: 'time_of_day',
        unlockStartTime: localHHMM(tz, -60),
        unlockEndTime: localHHMM(tz, -120),
      });
      const crossingClosed = await insertStory(t.database, {
        authorId: author.id,
        ...offsetNorth(centre, 3),
        title: 'crossing closed',
        timeRestriction: 'time_of_day',
        unlockStartTime: localHHMM(tz, 60),
        unlockEndTime: localHHMM(tz, -60),
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
        authorId: author.id,
        ...tokyo,
        timeRestriction: 'time_of_day',
        unlockStartTime: localHHMM('Asia/Tokyo', -30),
        unlockEndTime: localHHMM('Asia/Tokyo', 30),
      });
      const shifted = await insertStory(t.database, {
        authorId: author.id,
        ...offsetNorth(tokyo, 1),
        timeRestriction: 'time_of_day',
        // The same window in UTC or New York time is hours away from Tokyo's clock.
        unlockStartTime: localHHMM('UTC', -30),
        unlockEndTime: localHHMM('UTC', 30),
      });
      const byId = new Map((await discover(tokyo, reader)).map((s) => [s.id, s]));
      expect(byId.get(story.id)!.isLocked).toBe(false);
      expect(byId.get(shifted.id)).toMatchObject({ isLocked: true, lockReason: 'time_of_day' });
    });

    it('evaluates seasons by hemisphere (Sydney vs Savannah)', async () => {
      const month = Number(new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', month: 'numeric' }).format(new Date()));
      const north = [
        'winter',
        'winter',
        'spring',
        'spring',
        'spring',
        'summer',
        'summer',
        'summer',
        'autumn',
        'autumn',
        'autumn',
        'winter',
      ] as const;
      const opposite = { spring: 'autumn', summer: 'winter', autumn: 'spring', winter: 'summer' } as const;
      const northSeason = north[month - 1]!;
      const southSeason = opposite[northSeason];
      const sydney = { latitude: -33.8688, longitude: 151.2093 };
      const south = await insertStory(t.database, {
        authorId: author.id,
        ...sydney,
        timeRestriction: 'season',
        unlockSeason: southSeason,
      });
      const wrong = await insertStory(t.database, {
        authorId: author.id,
        ...offsetNorth(sydney, 1),
        timeRestriction: 'season',
        unlockSeason: northSeason,
      });
      const byId = new Map((await discover(sydney, reader)).map((s) => [s.id, s]));
      expect(byId.get(south.id)).toMatchObject({ isLocked: false });
      expect(byId.get(wrong.id)).toMatchObject({ isLocked: true, lockReason: 'season' });

      const centre = nextArea();
      const here = await insertStory(t.database, {
        authorId: author.id,
        ...centre,
        timeRestriction: 'season',
        unlockSeason: northSeason,
      });
      expect((await discover(centre, reader)).find((s) => s.id === here.id)).toMatchObject({ isLocked: false });
    });

    it('reports weather locks without enforcing them when no provider is configured', async () => {
      const centre = nextArea();
      await insertStory(t.database, {
        authorId: author.id,
        ...centre,
        timeRestriction: 'weather',
        unlockWeather: 'stormy',
        content: 'rain',
      });
      const [story] = await discover(centre, reader);
      expect(story).toMatchObject({ isLocked: false, lockReason: 'weather', content: 'rain', unlockWeather: 'stormy' });
    });
  });

  describe('private and hidden stories', () => {
    it('shows private and hidden stories to their author only, in every call', async () => {
      const centre = nextArea();
      const priv = await insertStory(t.database, { authorId: author.id, ...centre, isPublic: false, title: 'private' });
      const hidden = await insertStory(t.database, {
        authorId: author.id,
        ...offsetNorth(centre, 5),
        hiddenAt: new Date(),
        title: 'hidden',
      });
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
        expect(
          others.filter((s) => ids.includes(s.id)),
          url,
        ).toEqual([]);
        const visitor = storiesOf(await get(url));
        expect(
          visitor.filter((s) => ids.includes(s.id)),
          url,
        ).toEqual([]);
        const own = storiesOf(await get(url, author));
        expect(
          own
            .filter((s) => ids.includes(s.id))
            .map((s) => s.id)
            .sort(),
          url,
        ).toEqual(ids);
      }
      // A user's list is served to that user only (docs/design.md, rule 12).
      expect((await get(`/api/stories/user/${author.id}`, reader)).statusCode).toBe(403);
      expect((await get(`/api/stories/user/${author.id}`)).statusCode).toBe(401);
      const own = (await get(`/api/stories/user/${author.id}`, author)).json<Story[]>();
      expect(
        own
          .filter((s) => ids.includes(s.id))
          .map((s) => s.id)
          .sort(),
      ).toEqual(ids);
      for (const id of ids) {
        expect((await get(`/api/stories/${id}?${q}`, reader)).statusCode).toBe(404);
        expect((await get(`/api/stories/${id}`)).statusCode).toBe(404);
        expect((await get(`/api/stories/${id}`, author)).statusCode).toBe(200);
      }
    });
  });
});
