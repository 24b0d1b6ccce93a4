/**
 * Stories carry their language (docs/decisions/061-stories-carry-their-language.md): chosen at creation (else the
 * author's), canonicalised and checked by the shared schema, editable, in every story answer and the export; the
 * map calls the discover screen uses filter by it before their cap, past the in-memory story index.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAP_RESULT_CAP } from '#common/constants';
import { offsetEast, offsetNorth } from '#common/geo';
import { storySchema, type Story } from '#common/schemas';
import { LANGUAGE_MESSAGE } from '#common/story-language';
import { accountExportSchema } from '#common/account-schemas';
import { createTestApp, type TestApp } from '#tests/helpers/test-app';
import { createTestUser, type TestUser } from '#tests/helpers/users';
import { stories, users } from '../../db/schema';
import { insertStory } from './test-support/story-fixtures';
import { baseStoryFields, postStory } from './test-support/story-helpers';
import { SAVANNAH, storiesOf } from './test-support/read-helpers';

describe('story language', () => {
  let t: TestApp;
  let author: TestUser;
  let reader: TestUser;
  // A separate neighbourhood per test (the map radius is 50 km).
  let area = 0;
  const nextArea = () => offsetEast(SAVANNAH, 200_000 * ++area);
  // Two hours between reads on the location rules' clock: one reader moves between areas far apart.
  const claimClock = { now: Date.UTC(2026, 0, 1) };

  const get = (url: string, user?: TestUser) => {
    claimClock.now += 2 * 60 * 60_000;
    return t.app.inject({ method: 'GET', url, headers: user ? { cookie: user.cookie } : {} });
  };
  const json = (method: 'POST' | 'PATCH', url: string, user: TestUser, payload: object) =>
    t.app.inject({ method, url, headers: { cookie: user.cookie }, payload });
  const ids = (res: { json(): unknown }) => storiesOf(res).map((s) => s.id);

  beforeAll(async () => {
    // The index answers the reads (the cap test is about it); on PostgreSQL every read waits for it to take in the
    // rows these tests write straight to the database (tests/helpers/test-app.ts).
    t = await createTestApp(
      { RATE_LIMIT_DISABLED: 'true', STORY_INDEX: process.env.TEST_DATABASE_URL ? 'every-read' : 'on' },
      { location: { now: () => claimClock.now } },
    );
    author = await createTestUser(t.database, { displayName: 'Ana Autora' });
    reader = await createTestUser(t.database, { displayName: 'Rae Reader' });
  });
  afterAll(async () => t?.close());

  describe('creating', () => {
    it('stores the language sent, canonicalised, and says it in the answer and the detail', async () => {
      const res = await postStory(t.app, author.cookie, baseStoryFields({ language: 'ES-mx' }));
      expect(res.statusCode).toBe(201);
      const story = storySchema.parse(res.json());
      expect(story.language).toBe('es-MX');
      const [row] = await t.database.db.select().from(stories).where(eq(stories.id, story.id));
      expect(row!.language).toBe('es-MX');
      const detail = await get(`/api/stories/${story.id}`, reader);
      expect(detail.statusCode).toBe(200);
      expect(detail.json().language).toBe('es-MX');
    });

    it("defaults to the author's language", async () => {
      const plain = await postStory(t.app, author.cookie, baseStoryFields());
      expect(plain.statusCode).toBe(201);
      expect(plain.json().language).toBe('en');

      const writer = await createTestUser(t.database);
      await t.database.db.update(users).set({ language: 'fr' }).where(eq(users.id, writer.id));
      const res = await postStory(t.app, writer.cookie, baseStoryFields());
      expect(res.statusCode).toBe(201);
      expect(res.json().language).toBe('fr');
    });

    it('refuses a tag that is not a language with 400 and the message, and stores nothing', async () => {
      const before = (await t.database.db.select({ id: stories.id }).from(stories)).length;
      for (const bad of ['en_US', 'x-private', 'not a language', 'und', 'a'.repeat(80)]) {
        const res = await postStory(t.app, author.cookie, baseStoryFields({ language: bad }));
        expect(res.statusCode, bad).toBe(400);
        expect(res.json().message).toBe(LANGUAGE_MESSAGE);
      }
      expect(LANGUAGE_MESSAGE).toBe('Please choose a valid language.');
      expect((await t.database.db.select({ id: stories.id }).from(stories)).length).toBe(before);
    });
  });

  describe('editing', () => {
    it('changes the language; a bad tag is refused with the message', async () => {
      const created = (await postStory(t.app, author.cookie, baseStoryFields({ language: 'de' }))).json<Story>();
      const ok = await json('PATCH', `/api/stories/${created.id}`, author, { language: 'IT' });
      expect(ok.statusCode).toBe(200);
      expect(ok.json().language).toBe('it');
      const bad = await json('PATCH', `/api/stories/${created.id}`, author, { language: 'it_IT' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toBe(LANGUAGE_MESSAGE);
      const [row] = await t.database.db.select().from(stories).where(eq(stories.id, created.id));
      expect(row!.language).toBe('it');
    });
  });

  describe('the user’s language', () => {
    it('is set through the profile setup, said by the current user, and becomes the default of new stories', async () => {
      const user = await createTestUser(t.database);
      const current = await get('/api/user/current', user);
      expect(current.json().language).toBe('en');
      const setup = { username: `u_${user.id.slice(0, 8)}`, displayName: 'Nadia', language: 'ar' };
      const res = await json('POST', '/api/user/setup', user, setup);
      expect(res.statusCode).toBe(200);
      expect(res.json().language).toBe('ar');
      // Absent, the language stays as it is.
      const again = await json('POST', '/api/user/setup', user, { ...setup, language: undefined });
      expect(again.json().language).toBe('ar');
      const bad = await json('POST', '/api/user/setup', user, { ...setup, language: 'arabic!' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toBe(LANGUAGE_MESSAGE);
      const story = await postStory(t.app, user.cookie, baseStoryFields());
      expect(story.json().language).toBe('ar');
    });
  });

  describe('filtering the discover reads', () => {
    it('answers only the language asked for (and its more specific tags), in both map calls and both views', async () => {
      const centre = nextArea();
      const es = await insertStory(t.database, { authorId: author.id, ...offsetNorth(centre, 300), language: 'es' });
      const esMx = await insertStory(t.database, {
        authorId: author.id,
        ...offsetNorth(centre, 400),
        language: 'es-MX',
      });
      const fr = await insertStory(t.database, { authorId: author.id, ...offsetNorth(centre, 200), language: 'fr' });
      const at = `/api/stories/map/${centre.latitude}/${centre.longitude}`;
      const bbox = [centre.longitude - 0.05, centre.latitude - 0.05, centre.longitude + 0.05, centre.latitude + 0.05];
      const box = `/api/stories/map?bbox=${bbox.join(',')}&lat=${centre.latitude}&lng=${centre.longitude}`;

      const all = await get(`${at}?view=full`, reader);
      expect(ids(all)).toEqual([fr.id, es.id, esMx.id]);
      expect(all.json<Story[]>().map((s) => s.language)).toEqual(['fr', 'es', 'es-MX']);

      for (const url of [`${at}?view=full&lang=es`, `${at}?lang=es`, `${box}&view=full&lang=es`, `${box}&lang=es`]) {
        const res = await get(url, reader);
        expect(res.statusCode, url).toBe(200);
        expect(ids(res), url).toEqual([es.id, esMx.id]);
      }
      expect(ids(await get(`${at}?view=full&lang=es-MX`, reader))).toEqual([esMx.id]);
      expect(ids(await get(`${at}?view=full&lang=fr`, reader))).toEqual([fr.id]);
      expect(ids(await get(`${box}&view=full&lang=ja`, reader))).toEqual([]);
      // A canonicalised filter: "ES" is "es".
      expect(ids(await get(`${at}?view=full&lang=ES`, reader))).toEqual([es.id, esMx.id]);
    });

    it('refuses a bad filter with 400 and the message', async () => {
      const centre = nextArea();
      for (const url of [
        `/api/stories/map/${centre.latitude}/${centre.longitude}?view=full&lang=es_ES`,
        `/api/stories/map?bbox=0,0,1,1&lang=%27%20OR%201%3D1`,
      ]) {
        const res = await get(url, reader);
        expect(res.statusCode, url).toBe(400);
        expect(res.json().message).toBe(LANGUAGE_MESSAGE);
      }
    });

    it(
      'filters before the cap: a story past a full cap of other languages is still found',
      { timeout: 60_000 },
      async () => {
        const centre = nextArea();
        // MAP_RESULT_CAP English stories nearer than the one in Spanish, in one statement.
        const near = Array.from({ length: MAP_RESULT_CAP }, (_, i) => ({
          title: `Near ${i}`,
          category: 'Mystery',
          type: 'text' as const,
          content: 'Words',
          wordCount: 1,
          authorId: author.id,
          ...offsetNorth(centre, 10 + (i % 50)),
        }));
        await t.database.db.insert(stories).values(near);
        const far = await insertStory(t.database, {
          authorId: author.id,
          ...offsetNorth(centre, 2_000),
          language: 'es',
        });
        // The index has taken in the bulk load, so the unfiltered read comes from memory.
        expect(await t.app.storyIndex!.settled()).toBe(true);
        const at = `/api/stories/map/${centre.latitude}/${centre.longitude}`;
        const unfiltered = await get(`${at}?view=full`, reader);
        expect(ids(unfiltered)).toHaveLength(MAP_RESULT_CAP);
        expect(ids(unfiltered)).not.toContain(far.id);
        expect(unfiltered.json<Story[]>().every((s) => s.language === 'en')).toBe(true);
        for (const view of ['full', 'markers']) {
          expect(ids(await get(`${at}?view=${view}&lang=es`, reader)), view).toEqual([far.id]);
        }
      },
    );

    it('the story index carries the language into the answers it gives', async () => {
      const centre = nextArea();
      const story = await insertStory(t.database, { authorId: author.id, ...offsetNorth(centre, 50), language: 'ja' });
      expect(await t.app.storyIndex!.settled()).toBe(true);
      const res = await get(`/api/stories/discoverable/${centre.latitude}/${centre.longitude}`, reader);
      expect(res.json<Story[]>().find((s) => s.id === story.id)?.language).toBe('ja');
      await t.database.db.update(stories).set({ language: 'nl' }).where(eq(stories.id, story.id));
      expect(await t.app.storyIndex!.settled()).toBe(true);
      const after = await get(`/api/stories/discoverable/${centre.latitude}/${centre.longitude}`, reader);
      expect(after.json<Story[]>().find((s) => s.id === story.id)?.language).toBe('nl');
    });
  });

  describe('the account export', () => {
    it("includes each story's language and the user's", async () => {
      const writer = await createTestUser(t.database);
      await t.database.db.update(users).set({ language: 'pt-BR' }).where(eq(users.id, writer.id));
      const created = (await postStory(t.app, writer.cookie, baseStoryFields({ language: 'nl' }))).json<Story>();
      const res = await get('/api/account/export', writer);
      expect(res.statusCode).toBe(200);
      const data = accountExportSchema.parse(res.json());
      expect(data.profile.language).toBe('pt-BR');
      expect(data.stories.find((s) => s.id === created.id)?.language).toBe('nl');
    });
  });

  describe('share cards', () => {
    it("set the story's language on its title", async () => {
      const created = (await postStory(t.app, author.cookie, baseStoryFields({ language: 'fr' }))).json<Story>();
      const embed = await get(`/embed/stories/${created.id}`);
      expect(embed.statusCode).toBe(200);
      expect(embed.body).toMatch(/<h1 id="card-title" lang="fr">/);
      const poster = await get(`/posters/stories/${created.id}`);
      expect(poster.statusCode).toBe(200);
      expect(poster.body).toMatch(/<h1 lang="fr">/);
    });
  });
});
