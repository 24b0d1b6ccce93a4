/**
 * A location you can trust (docs/security.md, "Location: a position is a claim") through the HTTP API: every lockReason of a refused claim, the budget,
 * createdAt for the author and for others, /user/:id access, sealed cursors, likes and reports only after an
 * unlock, the creation's placement rule, and no coordinates in request logs.
 */
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { offsetEast, offsetNorth, type Point } from '#common/geo';
import type { Story } from '#common/schemas';
import { createTestApp, type TestApp } from '#tests/helpers/test-app';
import { createTestUser, type TestUser } from '#tests/helpers/users';
import { baseStoryFields, postStory } from '../stories/test-support/story-helpers';
import { insertStory } from '../stories/test-support/story-fixtures';

const MIN = 60_000;
const BASE = { latitude: 40.0, longitude: -100.0 };
const MEDIA_FIELDS = [
  'content',
  'audioUrl',
  'imageUrl',
  'thumbnailUrl',
  'videoUrl',
  'tiktokUrl',
  'tiktokVideoId',
] as const;

describe('location claims over the API', () => {
  let t: TestApp;
  let author: TestUser;
  const clock = { now: Date.UTC(2026, 10, 23, 12) };
  // Every test gets its own visitor address and area, so claims of one test never judge another's.
  let n = 0;
  const fresh = () => {
    n++;
    return { ip: `198.51.100.${n}`, area: offsetEast(BASE, 20_000 * n) };
  };

  beforeAll(async () => {
    t = await createTestApp(
      { RATE_LIMIT_DISABLED: 'true', UNLOCK_BUDGET_VISITOR: '3', UNLOCK_BUDGET_USER: '4' },
      {
        location: { now: () => clock.now },
      },
    );
    author = await createTestUser(t.database, { displayName: 'Ada Author' });
  });
  afterAll(async () => t.close());

  const get = (url: string, who: { ip?: string; user?: TestUser } = {}) =>
    t.app.inject({
      method: 'GET',
      url,
      remoteAddress: who.ip ?? '127.0.0.1',
      headers: who.user ? { cookie: who.user.cookie } : {},
    });
  const discover = async (at: Point, who: { ip?: string; user?: TestUser }, query = '') => {
    const res = await get(`/api/stories/discoverable/${at.latitude}/${at.longitude}${query}`, who);
    expect(res.statusCode).toBe(200);
    return res.json<Story[]>();
  };
  const expectWithheld = (story: Story | undefined, lockReason: string) => {
    expect(story).toMatchObject({ isLocked: true, lockReason });
    for (const field of MEDIA_FIELDS) expect(story![field] ?? null).toBeNull();
  };

  it('travel: a read from Turin a second after Savannah unlocks nothing for 15 minutes, on every read', async () => {
    const { ip, area } = fresh();
    const here = await insertStory(t.database, { authorId: author.id, ...area, imageKey: 'i/a.webp' });
    expect((await discover(area, { ip }))[0]).toMatchObject({ id: here.id, isLocked: false });

    const turin = { latitude: 45.0703, longitude: 7.6869 };
    const there = await insertStory(t.database, { authorId: author.id, ...turin });
    clock.now += 1_000;
    expectWithheld(
      (await discover(turin, { ip })).find((s) => s.id === there.id),
      'travel',
    );

    clock.now += 10 * MIN;
    // Back home, the story itself, the map: all refused while the 15 minutes run.
    expectWithheld((await discover(area, { ip }))[0], 'travel');
    const one = await get(`/api/stories/${here.id}?lat=${area.latitude}&lng=${area.longitude}`, { ip });
    expectWithheld(one.json(), 'travel');
    const map = await get(`/api/stories/map/${area.latitude}/${area.longitude}?view=full`, { ip });
    expectWithheld(
      map.json<Story[]>().find((s) => s.id === here.id),
      'travel',
    );

    clock.now += 6 * MIN;
    // The refused Turin claim did not become the last position: home is plausible again, Turin is not.
    expect((await discover(area, { ip }))[0]).toMatchObject({
      isLocked: false,
      imageUrl: expect.stringContaining('/api/media/'),
    });
    expectWithheld(
      (await discover(turin, { ip })).find((s) => s.id === there.id),
      'travel',
    );
  });

  it('accuracy: a fix worse than 100 m unlocks nothing; without accuracy the other rules decide', async () => {
    const { ip, area } = fresh();
    await insertStory(t.database, { authorId: author.id, ...area });
    expectWithheld((await discover(area, { ip }, '?accuracy=150'))[0], 'accuracy');
    expect((await discover(area, { ip }, '?accuracy=100'))[0]!.isLocked).toBe(false);
    expect((await discover(area, { ip }))[0]!.isLocked).toBe(false);
    const map = await get(`/api/stories/map/${area.latitude}/${area.longitude}?accuracy=5000&view=full`, { ip });
    expectWithheld(map.json<Story[]>()[0], 'accuracy');
    expect(
      (await get(`/api/stories/discoverable/${area.latitude}/${area.longitude}?accuracy=-1`, { ip })).statusCode,
    ).toBe(400);
    expect(
      (await get(`/api/stories/discoverable/${area.latitude}/${area.longitude}?accuracy=abc`, { ip })).json(),
    ).toEqual({
      message: 'accuracy must be a number of metres',
    });
  });

  it('location: reads without a position, and the positionless "around" read, unlock nothing and give no distance', async () => {
    const { ip, area } = fresh();
    const story = await insertStory(t.database, { authorId: author.id, ...area });
    const around = (await get(`/api/stories/around/${area.latitude}/${area.longitude}`, { ip })).json<Story[]>();
    expect(around.map((s) => s.id)).toEqual([story.id]);
    expectWithheld(around[0], 'location');
    expect(around[0]!.distance).toBeNull();
    expectWithheld((await get(`/api/stories/${story.id}`, { ip })).json(), 'location');
    const box = `${area.longitude - 0.01},${area.latitude - 0.01},${area.longitude + 0.01},${area.latitude + 0.01}`;
    expectWithheld((await get(`/api/stories/map?bbox=${box}&view=full`, { ip })).json<Story[]>()[0], 'location');
    // The author still sees their own story in the area.
    const own = (await get(`/api/stories/around/${area.latitude}/${area.longitude}`, { user: author })).json<Story[]>();
    expect(own[0]).toMatchObject({ isLocked: false, content: 'Hidden words' });
    expect((await get('/api/stories/around/91/0', { ip })).statusCode).toBe(400);
  });

  it('budget: 3 new unlocks per hour for a visitor, re-reads free, then "budget" until the window slides', async () => {
    const { ip, area } = fresh();
    const ids: string[] = [];
    for (let i = 0; i < 5; i++)
      ids.push((await insertStory(t.database, { authorId: author.id, ...offsetNorth(area, i * 10) })).id);
    const first = await discover(area, { ip });
    expect(first.map((s) => s.lockReason)).toEqual([null, null, null, 'budget', 'budget']);
    expectWithheld(first[3], 'budget');
    clock.now += 30 * MIN;
    const again = await discover(area, { ip });
    expect(again.map((s) => s.isLocked)).toEqual([false, false, false, true, true]);
    clock.now += 31 * MIN;
    expect((await discover(area, { ip })).map((s) => s.isLocked)).toEqual([false, false, false, true, true]);
    // Another address has its own budget; signed-in readers have theirs (4 here) and own stories never count.
    const { ip: other } = fresh();
    expect((await discover(area, { ip: other })).filter((s) => !s.isLocked)).toHaveLength(3);
    const mine = (await discover(area, { user: author, ip: other })).filter((s) => !s.isLocked);
    expect(mine).toHaveLength(5);
  });

  it('IPv6 visitors are one reader per /64', async () => {
    const { area } = fresh();
    await insertStory(t.database, { authorId: author.id, ...area });
    expect((await discover(area, { ip: '2001:db8:7:7::1' }))[0]!.isLocked).toBe(false);
    clock.now += 1_000;
    await discover({ latitude: -33.87, longitude: 151.21 }, { ip: '2001:db8:7:7:ffff::2' });
    expectWithheld((await discover(area, { ip: '2001:db8:7:7::1' }))[0], 'travel');
    expect((await discover(area, { ip: '2001:db8:7:8::1' }))[0]!.isLocked).toBe(false);
    clock.now += 20 * MIN;
  });

  it('documents the accuracy parameter and the around read in the API description', async () => {
    const doc = (await get('/api/docs/openapi.json')).json();
    const accuracy = doc.paths['/api/stories/discoverable/{lat}/{lng}'].get.parameters.find(
      (p: { name: string }) => p.name === 'accuracy',
    );
    expect(accuracy).toMatchObject({ in: 'query', required: false, schema: { type: 'number' } });
    expect(accuracy.description).toMatch(/metres/);
    expect(doc.paths['/api/stories/around/{lat}/{lng}'].get.summary).toMatch(/location/);
  });

  describe("authors' whereabouts", () => {
    it('others see createdAt to the day; the author sees the exact time', async () => {
      const { ip, area } = fresh();
      const createdAt = new Date('2026-11-20T17:43:12.345Z');
      const story = await insertStory(t.database, { authorId: author.id, ...area, createdAt });
      expect((await discover(area, { ip }))[0]!.createdAt).toBe('2026-11-20T00:00:00.000Z');
      const reader = await createTestUser(t.database);
      expect((await get(`/api/stories/${story.id}`, { user: reader })).json().createdAt).toBe(
        '2026-11-20T00:00:00.000Z',
      );
      expect((await get(`/api/stories/${story.id}`, { user: author })).json().createdAt).toBe(
        '2026-11-20T17:43:12.345Z',
      );
    });

    it('/user/:id answers its own user only: 401 signed out, 403 for others', async () => {
      const other = await createTestUser(t.database);
      expect((await get(`/api/stories/user/${author.id}`)).statusCode).toBe(401);
      const forbidden = await get(`/api/stories/user/${author.id}`, { user: other });
      expect(forbidden.statusCode).toBe(403);
      expect(forbidden.json()).toEqual({ message: 'You can only list your own stories.' });
      const own = await get(`/api/stories/user/${author.id}`, { user: author });
      expect(own.statusCode).toBe(200);
      expect(own.json<Story[]>().length).toBeGreaterThan(0);
    });

    it('pagination cursors are sealed: no time inside, a forged or altered one is refused', async () => {
      const page = await get('/api/stories/all?limit=1');
      const link = page.headers.link as string;
      const cursor = new URL(/^<([^>]+)>/.exec(link)![1]!, 'http://x').searchParams.get('cursor')!;
      expect(Buffer.from(cursor, 'base64url').toString('latin1')).not.toMatch(/20\d\d-\d\d-\d\d/);
      expect((await get(`/api/stories/all?limit=1&cursor=${cursor}`)).statusCode).toBe(200);
      const altered = cursor.slice(0, -2) + (cursor.endsWith('A') ? 'BB' : 'AA');
      expect((await get(`/api/stories/all?limit=1&cursor=${altered}`)).statusCode).toBe(400);
      const plain = Buffer.from(`2026-11-20 17:43:12.345+00|${crypto.randomUUID()}`).toString('base64url');
      expect((await get(`/api/stories/all?limit=1&cursor=${plain}`)).json()).toEqual({ message: 'Invalid cursor' });
    });

    it('creation: the pin may move 200 m from a fresh fix, not beyond; a teleport is refused', async () => {
      const creator = await createTestUser(t.database);
      const { area } = fresh();
      await insertStory(t.database, { authorId: author.id, ...area });
      await discover(area, { user: creator });
      const at = (p: Point) => ({ latitude: String(p.latitude), longitude: String(p.longitude) });
      expect((await postStory(t.app, creator.cookie, baseStoryFields(at(offsetNorth(area, 190))))).statusCode).toBe(
        201,
      );
      const far = await postStory(t.app, creator.cookie, baseStoryFields(at(offsetNorth(area, 260))));
      expect(far.statusCode).toBe(400);
      expect(far.json()).toEqual({
        message: 'A story can be placed at most 200 m from where you are. Move the pin closer and try again.',
      });

      clock.now += 11 * MIN;
      const teleport = await postStory(
        t.app,
        creator.cookie,
        baseStoryFields(at({ latitude: 45.07, longitude: 7.69 })),
      );
      expect(teleport.statusCode).toBe(400);
      expect(teleport.json()).toEqual({
        message:
          'Your location changed faster than anyone can travel. Creating and unlocking stories is paused for 15 minutes.',
      });
      expectWithheld(
        (await discover(area, { user: creator })).find((s) => s.authorId !== creator.id),
        'travel',
      );
      clock.now += 16 * MIN;
    });
  });

  describe('likes and reports need an unlock', () => {
    it('403 until the story was unlocked for that user, then allowed (ever after)', async () => {
      const reader = await createTestUser(t.database);
      const { area } = fresh();
      const story = await insertStory(t.database, { authorId: author.id, ...offsetNorth(area, 500) });
      const like = () =>
        t.app.inject({ method: 'POST', url: `/api/stories/${story.id}/like`, headers: { cookie: reader.cookie } });
      const report = () =>
        t.app.inject({
          method: 'POST',
          url: `/api/stories/${story.id}/report`,
          headers: { cookie: reader.cookie },
          payload: { reason: 'spam' },
        });

      // Listed but locked by distance: not enough.
      expect((await discover(area, { user: reader }))[0]!.isLocked).toBe(true);
      for (const res of [await like(), await report()]) {
        expect(res.statusCode).toBe(403);
        expect(res.json()).toEqual({
          message: 'You can only like or report a story you have unlocked. Go to the story to unlock it first.',
        });
      }
      expect((await discover(offsetNorth(area, 450), { user: reader }))[0]!.isLocked).toBe(false);
      clock.now += 2 * 60 * MIN;
      expect((await like()).json()).toEqual({ likes: 1, liked: true });
      expect((await report()).statusCode).toBe(201);
      // The author may like their own story without reading it; visitors still get 401.
      const own = await t.app.inject({
        method: 'POST',
        url: `/api/stories/${story.id}/like`,
        headers: { cookie: author.cookie },
      });
      expect(own.statusCode).toBe(200);
      expect((await t.app.inject({ method: 'POST', url: `/api/stories/${story.id}/like` })).statusCode).toBe(401);
    });
  });

  describe('positions nobody claimed', () => {
    const getWith = (url: string, ip: string, headers: Record<string, string>, user?: TestUser) =>
      t.app.inject({
        method: 'GET',
        url,
        remoteAddress: ip,
        headers: { ...headers, ...(user ? { cookie: user.cookie } : {}) },
      });

    it('empty numbers are 400, never the point (0, 0) or a perfect fix', async () => {
      const { ip, area } = fresh();
      const story = await insertStory(t.database, { authorId: author.id, ...area });
      const box = `${area.longitude - 0.01},${area.latitude - 0.01},${area.longitude + 0.01},${area.latitude + 0.01}`;
      const cases: [string, string][] = [
        ['/api/stories/all?lat=&lng=', 'Latitude must be a number'],
        ['/api/stories/all?lat=%20&lng=%20', 'Latitude must be a number'],
        [`/api/stories/all?lat=${area.latitude}&lng=`, 'Longitude must be a number'],
        [`/api/stories/${story.id}?lat=&lng=`, 'Latitude must be a number'],
        [`/api/stories/map?bbox=${box}&lat=&lng=`, 'Latitude must be a number'],
        [
          `/api/stories/discoverable/${area.latitude}/${area.longitude}?accuracy=`,
          'accuracy must be a number of metres',
        ],
        [`/api/stories/map/${area.latitude}/${area.longitude}?accuracy=%20`, 'accuracy must be a number of metres'],
      ];
      for (const [url, message] of cases) {
        const res = await get(url, { ip });
        expect({ url, status: res.statusCode, body: res.json() }).toEqual({ url, status: 400, body: { message } });
      }
      // None of them was a claim: the reader is not travel-locked at home.
      expect((await discover(area, { ip }))[0]).toMatchObject({ id: story.id, isLocked: false });
    });

    it('a read another site made the browser send is answered, but unlocks nothing, uses no budget and sets no travel state', async () => {
      const { ip, area } = fresh();
      for (let i = 0; i < 3; i++) await insertStory(t.database, { authorId: author.id, ...offsetNorth(area, i * 10) });
      const turin = { latitude: 45.0703, longitude: 7.6869 };
      const hostile: Record<string, string>[] = [
        { 'sec-fetch-site': 'cross-site' },
        { origin: 'https://evil.example' },
        { referer: 'https://evil.example/page.html' },
        { referer: 'https://localhost:80/' }, // the right host, the wrong scheme
        { origin: 'null' },
      ];
      for (const headers of hostile) {
        // As an <img> on another site would: first far away (a would-be travel lock), then right at the stories.
        const far = await getWith(`/api/stories/discoverable/${turin.latitude}/${turin.longitude}`, ip, headers);
        expect(far.statusCode).toBe(200);
        const here = await getWith(`/api/stories/discoverable/${area.latitude}/${area.longitude}`, ip, headers);
        expect(here.statusCode).toBe(200);
        const stories = here.json<Story[]>();
        expect(stories).toHaveLength(3);
        for (const story of stories) expectWithheld(story, 'location');
        clock.now += 1_000;
      }
      // The reader's own reads: no travel lock from Turin, and the whole budget of 3 is still there.
      const own = await getWith(`/api/stories/discoverable/${area.latitude}/${area.longitude}`, ip, {
        'sec-fetch-site': 'same-origin',
        referer: 'http://localhost:80/map',
      });
      expect(own.json<Story[]>().map((s) => s.lockReason)).toEqual([null, null, null]);
    });

    it('a signed-in reader following a link from another site unlocks nothing: no record, so no like', async () => {
      const { ip, area } = fresh();
      const reader = await createTestUser(t.database);
      const story = await insertStory(t.database, { authorId: author.id, ...area });
      const linked = await getWith(
        `/api/stories/${story.id}?lat=${area.latitude}&lng=${area.longitude}`,
        ip,
        { 'sec-fetch-site': 'cross-site' },
        reader,
      );
      expectWithheld(linked.json(), 'location');
      const like = await t.app.inject({
        method: 'POST',
        url: `/api/stories/${story.id}/like`,
        headers: { cookie: reader.cookie },
      });
      expect(like.json()).toEqual({
        message: 'You can only like or report a story you have unlocked. Go to the story to unlock it first.',
      });
      // Their own author sees their story whatever site sent the read.
      const own = await getWith(
        `/api/stories/${story.id}?lat=${area.latitude}&lng=${area.longitude}`,
        ip,
        { 'sec-fetch-site': 'cross-site' },
        author,
      );
      expect(own.json()).toMatchObject({ isLocked: false, content: 'Hidden words' });
    });
  });
});

describe('request logs', () => {
  const lines: string[] = [];
  let logged: TestApp;
  beforeAll(async () => {
    const sink = new Writable({ write: (chunk, _enc, done) => void (lines.push(String(chunk)), done()) });
    logged = await createTestApp({}, { logger: { level: 'info', stream: sink } });
  });
  afterAll(async () => logged.close());

  it('carry route patterns, never coordinates', async () => {
    await logged.app.inject({ method: 'GET', url: '/api/stories/discoverable/32.08351/-81.09981?accuracy=7' });
    await logged.app.inject({ method: 'GET', url: '/api/stories/nope/32.08351/-81.09981' });
    const text = lines.join('');
    expect(text).toContain('/api/stories/discoverable/:lat/:lng');
    // Unmatched: no route, or the static files' wildcard when a built client is there (`npm run build`).
    expect(text).toMatch(/"route":"(\(no route\)|\/\*)"/);
    expect(text).not.toMatch(/32\.0835|81\.0998/);
  });
});
