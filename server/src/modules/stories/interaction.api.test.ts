import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CENTER, REPORTS_TO_HIDE } from '#common/constants';
import { likeResponseSchema, reportResponseSchema } from '#common/schemas';
import { createTestApp, type TestApp } from '#tests/helpers/test-app';
import { createTestUser, type TestUser } from '#tests/helpers/users';
import { stories, users } from '../../db/schema';
import { SESSION_COOKIE, createSession } from '../auth/session-store';
import { baseStoryFields, postStory } from './test-support/story-helpers';

describe('likes and reports', () => {
  let t: TestApp;
  let author: TestUser;
  let reader: TestUser;

  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_DISABLED: 'true' });
    author = await createTestUser(t.database, { displayName: 'Author' });
    reader = await createTestUser(t.database, { displayName: 'Reader' });
  });
  afterAll(async () => t.close());

  const newStory = async (fields: Record<string, string> = {}) => {
    const res = await postStory(t.app, author.cookie, baseStoryFields(fields));
    expect(res.statusCode).toBe(201);
    return res.json().id as string;
  };
  const like = (id: string, cookie?: string, method: 'POST' | 'DELETE' = 'POST') =>
    t.app.inject({ method, url: `/api/stories/${id}/like`, headers: cookie ? { cookie } : {} });
  const report = (id: string, cookie: string | undefined, body: unknown = { reason: 'spam' }) =>
    t.app.inject({
      method: 'POST',
      url: `/api/stories/${id}/report`,
      headers: cookie ? { cookie } : {},
      payload: body as object,
    });
  /** Reads the story where it stands (the default centre): likes and reports need it unlocked once (docs/security.md, "Location: a position is a claim"). */
  const reach = async (id: string, cookie: string) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/stories/${id}?lat=${DEFAULT_CENTER.latitude}&lng=${DEFAULT_CENTER.longitude}`,
      headers: { cookie },
    });
    expect(res.json()).toMatchObject({ id, isLocked: false });
  };
  const storyRow = async (id: string) => (await t.database.db.select().from(stories).where(eq(stories.id, id)))[0]!;
  const likeRows = async (id: string) =>
    Number(
      (await t.database.query<{ n: number }>(sql`SELECT count(*)::int AS n FROM likes WHERE story_id = ${id}`))[0]!.n,
    );

  describe('POST/DELETE /api/stories/:id/like', () => {
    it('likes once per user: liking again changes nothing', async () => {
      const id = await newStory();
      await reach(id, reader.cookie);
      const first = await like(id, reader.cookie);
      expect(first.statusCode).toBe(200);
      expect(likeResponseSchema.parse(first.json())).toEqual({ likes: 1, liked: true });
      const again = await like(id, reader.cookie);
      expect(again.json()).toEqual({ likes: 1, liked: true });
      expect((await storyRow(id)).likes).toBe(1);
      expect(await likeRows(id)).toBe(1);
    });

    it('unlikes, and unliking again changes nothing', async () => {
      const id = await newStory();
      await reach(id, reader.cookie);
      await like(id, reader.cookie);
      await like(id, author.cookie);
      const unliked = await like(id, reader.cookie, 'DELETE');
      expect(unliked.statusCode).toBe(200);
      expect(unliked.json()).toEqual({ likes: 1, liked: false });
      expect((await like(id, reader.cookie, 'DELETE')).json()).toEqual({ likes: 1, liked: false });
      expect(await likeRows(id)).toBe(1);
    });

    it('needs a session', async () => {
      const id = await newStory();
      expect((await like(id)).statusCode).toBe(401);
      expect((await like(id, undefined, 'DELETE')).statusCode).toBe(401);
    });

    it('answers 404 for an unknown id, a malformed id, and a story the user may not see', async () => {
      expect((await like('00000000-0000-4000-8000-000000000000', reader.cookie)).statusCode).toBe(404);
      const malformed = await like('not-a-uuid', reader.cookie);
      expect(malformed.statusCode).toBe(404);
      expect(malformed.json()).toEqual({ message: 'Story not found' });
      const privateId = await newStory({ isPublic: 'false' });
      expect((await like(privateId, reader.cookie)).statusCode).toBe(404);
      expect((await like(privateId, reader.cookie, 'DELETE')).statusCode).toBe(404);
      // …while its author may like it.
      expect((await like(privateId, author.cookie)).json()).toEqual({ likes: 1, liked: true });
    });

    it('counts exactly 100 likes from 100 users liking at the same moment (and each twice)', async () => {
      const id = await newStory();
      const rows = await t.database.db
        .insert(users)
        .values(
          Array.from({ length: 100 }, (_, i) => ({
            username: `fan_${i}_${id.slice(0, 6)}`,
            displayName: `Fan ${i}`,
            email: `fan${i}-${id}@example.test`,
            passwordHash: 'x',
            isSetupComplete: true,
          })),
        )
        .returning({ id: users.id });
      const cookies = await Promise.all(
        rows.map(async (row) => `${SESSION_COOKIE}=${(await createSession(t.database.db, row.id)).token}`),
      );
      await Promise.all(cookies.map((cookie) => reach(id, cookie)));
      const answers = await Promise.all([...cookies, ...cookies].map((cookie) => like(id, cookie)));
      expect(answers.every((a) => a.statusCode === 200 && a.json().liked === true)).toBe(true);
      expect((await storyRow(id)).likes).toBe(100);
      expect(await likeRows(id)).toBe(100);
      expect(Math.max(...answers.map((a) => a.json().likes))).toBe(100);

      // And 100 parallel unlikes bring it back to exactly 0.
      await Promise.all(cookies.map((cookie) => like(id, cookie, 'DELETE')));
      expect((await storyRow(id)).likes).toBe(0);
      expect(await likeRows(id)).toBe(0);
    });
  });

  describe('POST /api/stories/:id/report', () => {
    it('stores a report with its reason code and note: 201, and a repeat by the same user is idempotent (200)', async () => {
      const id = await newStory();
      await reach(id, reader.cookie);
      const before = await t.app.inject({
        method: 'GET',
        url: `/api/stories/${id}`,
        headers: { cookie: reader.cookie },
      });
      expect(before.json().reportedByMe).toBe(false);
      const first = await report(id, reader.cookie, { reason: 'harassment', note: '  Names a neighbour ' });
      expect(first.statusCode).toBe(201);
      expect(reportResponseSchema.parse(first.json())).toEqual({ reported: true });
      const again = await report(id, reader.cookie, { reason: 'spam' });
      expect(again.statusCode).toBe(200);
      expect(again.json()).toEqual({ reported: true });
      const rows = await t.database.query<{ reason: string; note: string }>(
        sql`SELECT reason, note FROM reports WHERE story_id = ${id}`,
      );
      expect(rows).toEqual([{ reason: 'harassment', note: 'Names a neighbour' }]);
      // "Reported": a field of the story answer for that reader.
      const after = await t.app.inject({
        method: 'GET',
        url: `/api/stories/${id}`,
        headers: { cookie: reader.cookie },
      });
      expect(after.json().reportedByMe).toBe(true);
    });

    it('needs a session and a reason from the list; a note of at most 500 characters', async () => {
      const id = await newStory();
      expect((await report(id, undefined)).statusCode).toBe(401);
      const noReason = await report(id, reader.cookie, {});
      expect(noReason.statusCode).toBe(400);
      expect(noReason.json()).toEqual({ message: 'Please choose a reason from the list.' });
      const freeText = await report(id, reader.cookie, { reason: 'Offensive language' });
      expect(freeText.json()).toEqual({ message: 'Please choose a reason from the list.' });
      const tooLong = await report(id, reader.cookie, { reason: 'other', note: 'x'.repeat(501) });
      expect(tooLong.statusCode).toBe(400);
      expect(tooLong.json()).toEqual({ message: 'Note must be at most 500 characters' });
      const wrongType = await report(id, reader.cookie, { reason: 42 });
      expect(wrongType.statusCode).toBe(400);
    });

    it('answers 404 for unknown and invisible stories, 400 for the author reporting their own', async () => {
      expect((await report('00000000-0000-4000-8000-000000000000', reader.cookie)).statusCode).toBe(404);
      const privateId = await newStory({ isPublic: 'false' });
      expect((await report(privateId, reader.cookie)).statusCode).toBe(404);
      const own = await report(await newStory(), author.cookie);
      expect(own.statusCode).toBe(400);
      expect(own.json()).toEqual({ message: 'You cannot report your own story.' });
    });

    it(`hides a story once ${REPORTS_TO_HIDE} distinct users reported it (reports arriving at once)`, async () => {
      const id = await newStory();
      // Accounts old enough for their reports to count (docs/design.md, rule 14; report-abuse.api.test.ts).
      const twoDaysAgo = new Date(Date.now() - 48 * 3600_000);
      const reporters = await Promise.all(
        Array.from({ length: REPORTS_TO_HIDE }, () => createTestUser(t.database, { createdAt: twoDaysAgo })),
      );
      for (const r of reporters) await reach(id, r.cookie);
      // The same user reporting twice counts once.
      expect((await report(id, reporters[0]!.cookie)).statusCode).toBe(201);
      expect((await report(id, reporters[0]!.cookie)).statusCode).toBe(200);
      expect((await storyRow(id)).hiddenAt).toBeNull();
      const rest = await Promise.all(reporters.slice(1).map((r) => report(id, r.cookie)));
      expect(rest.map((r) => r.statusCode)).toEqual(Array(REPORTS_TO_HIDE - 1).fill(201));
      expect((await storyRow(id)).hiddenAt).toBeInstanceOf(Date);

      // Hidden from everyone but the author: others can no longer like or report it.
      const stranger = await createTestUser(t.database);
      expect((await like(id, stranger.cookie)).statusCode).toBe(404);
      expect((await report(id, stranger.cookie)).statusCode).toBe(404);
      expect((await like(id, author.cookie)).statusCode).toBe(200);
    });

    it('does not hide a story with fewer reports than the threshold', async () => {
      const id = await newStory();
      for (let i = 0; i < REPORTS_TO_HIDE - 1; i++) {
        const r = await createTestUser(t.database);
        await reach(id, r.cookie);
        expect((await report(id, r.cookie)).statusCode).toBe(201);
      }
      expect((await storyRow(id)).hiddenAt).toBeNull();
    });
  });
});
