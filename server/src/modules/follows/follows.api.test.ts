/**
 * Follows (docs/decisions/046-follows-daily-digest.md): the author's page (count, never a list of places), follow
 * and unfollow, who sees whom, a block ending a follow both ways, the followed authors' stories with lock
 * decisions, and the digest: nothing before its period ends, one digest after, sent once however often it runs.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CENTER } from '#common/constants';
import { authorPageSchema, followResultSchema } from '#common/trace-schemas';
import { createTestApp, type TestApp } from '#tests/helpers/test-app';
import { createTestUser, type TestUser } from '#tests/helpers/users';
import { baseStoryFields, postStory } from '../stories/test-support/story-helpers';

const DAY_MS = 24 * 3600_000;

describe('follows', () => {
  let t: TestApp;
  let ana: TestUser;
  let follower: TestUser;
  let stranger: TestUser;

  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_DISABLED: 'true' });
    ana = await createTestUser(t.database, { displayName: 'Ana' });
    follower = await createTestUser(t.database, { displayName: 'Follower' });
    stranger = await createTestUser(t.database, { displayName: 'Stranger' });
  });
  afterAll(async () => t.close());

  const call = (method: 'GET' | 'PUT' | 'DELETE', url: string, user?: TestUser) =>
    t.app.inject({ method, url, headers: user ? { cookie: user.cookie } : {} });
  const digests = async (userId: string) =>
    (
      await t.database.query<{ message: string }>(sql`
      SELECT message FROM notifications WHERE user_id = ${userId} AND type = 'follow_digest' ORDER BY created_at`)
    ).map((n) => n.message);

  it("shows an author's page with the COUNT of public stories and no place of theirs", async () => {
    const res = await postStory(t.app, ana.cookie, baseStoryFields({ title: 'Harbor Bell' }));
    expect(res.statusCode).toBe(201);
    await postStory(t.app, ana.cookie, baseStoryFields({ title: 'Private one', isPublic: 'false' }));
    const page = await call('GET', `/api/authors/${ana.id}`);
    expect(page.statusCode).toBe(200);
    expect(authorPageSchema.parse(page.json())).toMatchObject({
      displayName: 'Ana',
      publicStoryCount: 1,
      followerCount: 0,
      following: null,
      tours: [],
    });
    expect(page.body).not.toMatch(/latitude|longitude|Harbor Bell/);
    expect(String(DEFAULT_CENTER.latitude).length).toBeGreaterThan(3);
    expect(page.body).not.toContain(String(DEFAULT_CENTER.latitude));
    expect((await call('GET', `/api/authors/not-a-uuid`)).statusCode).toBe(404);
  });

  it('follows and unfollows; the author sees a count, never who', async () => {
    const followed = await call('PUT', `/api/authors/${ana.id}/follow`, follower);
    expect(followResultSchema.parse(followed.json())).toEqual({ following: true, followerCount: 1 });
    expect((await call('PUT', `/api/authors/${ana.id}/follow`, follower)).json()).toEqual({
      following: true,
      followerCount: 1,
    });
    expect(authorPageSchema.parse((await call('GET', `/api/authors/${ana.id}`, follower)).json()).following).toBe(true);
    const own = await call('GET', `/api/authors/${ana.id}`, ana);
    expect(own.json()).toMatchObject({ followerCount: 1, following: null });
    expect(own.body).not.toContain(follower.id);
    expect(own.body).not.toContain('Follower');
    expect((await call('PUT', `/api/authors/${ana.id}/follow`, ana)).statusCode).toBe(400);
    expect((await call('PUT', `/api/authors/${ana.id}/follow`)).statusCode).toBe(401);
    expect((await call('DELETE', `/api/authors/${ana.id}/follow`, stranger)).json()).toEqual({
      following: false,
      followerCount: 1,
    });
  });

  it('a block ends a follow both ways', async () => {
    const author = await createTestUser(t.database, { displayName: 'Blocky' });
    expect((await call('PUT', `/api/authors/${author.id}/follow`, stranger)).statusCode).toBe(200);
    expect((await call('PUT', `/api/blocks/${stranger.id}`, author)).statusCode).toBe(200);
    expect((await t.database.query(sql`SELECT 1 FROM follows WHERE author_id = ${author.id}`)).length).toBe(0);
    expect((await call('PUT', `/api/authors/${author.id}/follow`, stranger)).statusCode).toBe(403);
    await call('DELETE', `/api/blocks/${stranger.id}`, author);

    expect((await call('PUT', `/api/authors/${author.id}/follow`, stranger)).statusCode).toBe(200);
    expect((await call('PUT', `/api/blocks/${author.id}`, stranger)).statusCode).toBe(200);
    expect((await t.database.query(sql`SELECT 1 FROM follows WHERE author_id = ${author.id}`)).length).toBe(0);
  });

  it("lists the followed authors' public stories, newest first, locked as always", async () => {
    const far = await call(
      'GET',
      `/api/follows/stories?lat=${DEFAULT_CENTER.latitude + 0.5}&lng=${DEFAULT_CENTER.longitude}`,
      follower,
    );
    expect(far.statusCode).toBe(200);
    const stories = far.json<{ title: string; isLocked: boolean; content?: string | null }[]>();
    expect(stories.map((s) => s.title)).toEqual(['Harbor Bell']);
    expect(stories[0]).toMatchObject({ isLocked: true });
    expect(far.body).not.toContain('Every night at dusk');
    expect((await call('GET', '/api/follows/stories', stranger)).json()).toEqual([]);
  });

  it('sends the digest only after its period ends, once, with a coarse distance only when a position is known', async () => {
    const author = await createTestUser(t.database, { displayName: 'Bea' });
    const reader = await createTestUser(t.database, { displayName: 'Reader' });
    expect((await call('PUT', `/api/authors/${author.id}/follow`, reader)).statusCode).toBe(200);
    // A follower of Ana who never sent a position: a digest without any distance.
    const quiet = await createTestUser(t.database, { displayName: 'Quiet' });
    expect((await call('PUT', `/api/authors/${ana.id}/follow`, quiet)).statusCode).toBe(200);
    // The reader's accepted position: 2.2 km south of where Bea publishes.
    const south = DEFAULT_CENTER.latitude - 0.02;
    await call('GET', `/api/stories/discoverable/${south}/${DEFAULT_CENTER.longitude}`, reader);
    const before = Date.now();
    for (const title of ['One', 'Two', 'Three']) {
      expect((await postStory(t.app, author.cookie, baseStoryFields({ title }))).statusCode).toBe(201);
    }
    const service = t.app.follows.service;
    // Within the current period: its window ended before these stories, so nothing of them.
    await service.runDue(new Date(before));
    expect(await digests(reader.id)).toEqual([]);
    // After the period ends: one digest.
    const next = new Date(before + DAY_MS);
    expect(await service.runDue(next)).toBeGreaterThanOrEqual(1);
    expect(await digests(reader.id)).toEqual(['3 new whispers by Bea, the nearest 2 km from you']);
    // Any number of further runs in the same period (other instances, later ticks) send nothing more.
    expect(await service.runDue(next)).toBe(0);
    expect(await service.runDue(new Date(next.getTime() + 1000))).toBe(0);
    expect(await digests(reader.id)).toEqual(['3 new whispers by Bea, the nearest 2 km from you']);
    expect(await digests(quiet.id)).toEqual(['1 new whisper by Ana']);
  });

  it('the export lists whom you follow', async () => {
    const exported = await call('GET', '/api/account/export', follower);
    expect(exported.json().follows).toEqual([expect.objectContaining({ authorId: ana.id, displayName: 'Ana' })]);
  });
});
