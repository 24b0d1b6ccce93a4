/**
 * A story's trace count (docs/decisions/050-trace-counts-on-cards.md): the counter migration 0017 keeps on the
 * story row counts its traces not hidden, through every write that changes it (a trace left, deleted, hidden or
 * restored by its author or a moderator, gone with its writer's account), exactly under concurrent writes; cards
 * (the nearby reads from the story index, the one-story read) carry it to every reader, and a locked reader's
 * RAW answer never carries a trace's text.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CENTER } from '#common/constants';
import { storyTracesSchema, traceSchema } from '#common/trace-schemas';
import { createTestApp, type TestApp } from '#tests/helpers/test-app';
import { createTestUser, type TestUser } from '#tests/helpers/users';
import { users } from '../../db/schema';
import { baseStoryFields, postStory } from '../stories/test-support/story-helpers';

describe('trace counts', () => {
  let t: TestApp;
  let author: TestUser;
  let reader: TestUser;
  let locked: TestUser;
  let moderator: TestUser;

  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_DISABLED: 'true' });
    author = await createTestUser(t.database, { displayName: 'Author' });
    reader = await createTestUser(t.database, { displayName: 'Reader' });
    locked = await createTestUser(t.database, { displayName: 'Far Away' });
    moderator = await createTestUser(t.database, { displayName: 'Mod' });
    await t.database.db.update(users).set({ role: 'moderator' }).where(eq(users.id, moderator.id));
  });
  afterAll(async () => t.close());

  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, user?: TestUser, payload?: object) =>
    t.app.inject({ method, url, headers: user ? { cookie: user.cookie } : {}, ...(payload ? { payload } : {}) });
  /** About 1.1 km north: in discovery reach, far out of unlock reach. */
  const far = `${DEFAULT_CENTER.latitude + 0.01}/${DEFAULT_CENTER.longitude}`;
  const newStory = async (title: string) => {
    const res = await postStory(t.app, author.cookie, baseStoryFields({ title }));
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id as string;
  };
  const reach = async (storyId: string, user: TestUser) => {
    const res = await call(
      'GET',
      `/api/stories/${storyId}?lat=${DEFAULT_CENTER.latitude}&lng=${DEFAULT_CENTER.longitude}`,
      user,
    );
    expect(res.json()).toMatchObject({ id: storyId, isLocked: false });
  };
  const leave = async (storyId: string, user: TestUser, text: string) => {
    const res = await call('POST', `/api/stories/${storyId}/traces`, user, { text });
    expect(res.statusCode).toBe(201);
    return traceSchema.parse(res.json());
  };
  const stored = async (storyId: string) => {
    const [row] = await t.database.query<{ counter: number; actual: number }>(sql`
      SELECT s.trace_count AS counter,
             (SELECT count(*)::int FROM traces x WHERE x.story_id = s.id AND x.hidden_at IS NULL) AS actual
      FROM stories s WHERE s.id = ${storyId}`);
    return row;
  };
  /** The count as the traces route, the one-story read and the nearby card say it to `viewer`. */
  const shown = async (storyId: string, viewer: TestUser) => {
    const traces = storyTracesSchema.parse((await call('GET', `/api/stories/${storyId}/traces`, viewer)).json());
    const one = (await call('GET', `/api/stories/${storyId}`, viewer)).json();
    // From afar: a discovery read at the spot would unlock it (and record the unlock).
    const around = (await call('GET', `/api/stories/discoverable/${far}`, viewer)).json<
      { id: string; traceCount: number }[]
    >();
    const card = around.find((story) => story.id === storyId);
    return { route: traces.count, story: one.traceCount, card: card?.traceCount };
  };
  const expectCount = async (storyId: string, count: number) => {
    expect(await stored(storyId)).toEqual({ counter: count, actual: count });
    expect(await shown(storyId, locked)).toEqual({ route: count, story: count, card: count });
    // The author's card is not read from afar: their position would then be too far to place the next story.
    expect(await shown(storyId, reader)).toEqual({ route: count, story: count, card: count });
  };

  it('follows every write: left, deleted, hidden and restored by the author or a moderator, gone with an account', async () => {
    const storyId = await newStory('Counted Bell');
    await expectCount(storyId, 0);
    const writers = await Promise.all([0, 1, 2].map((i) => createTestUser(t.database, { displayName: `C${i}` })));
    const traces: { id: string }[] = [];
    for (const [i, writer] of writers.entries()) {
      await reach(storyId, writer);
      traces.push(await leave(storyId, writer, `counted ${i}`));
    }
    await expectCount(storyId, 3);

    // Its writer deletes one.
    expect((await call('DELETE', `/api/traces/${traces[0]!.id}`, writers[0])).statusCode).toBe(204);
    await expectCount(storyId, 2);

    // The author hides one: the count drops; hiding it again changes nothing.
    const hide = () => call('POST', `/api/traces/${traces[1]!.id}/hide`, author, { reason: 'Off topic.' });
    expect((await hide()).statusCode).toBe(200);
    await expectCount(storyId, 1);
    expect((await hide()).statusCode).toBe(200);
    await expectCount(storyId, 1);

    // Its writer appeals; a moderator restores it: counted again.
    expect(
      (await call('POST', `/api/traces/${traces[1]!.id}/appeal`, writers[1], { text: 'It was about the bell.' }))
        .statusCode,
    ).toBe(201);
    const moderate = (traceId: string, action: string) =>
      call('POST', `/api/moderation/traces/${traceId}`, moderator, { action });
    expect((await moderate(traces[1]!.id, 'restore')).statusCode).toBe(200);
    await expectCount(storyId, 2);

    // A moderator hides a reported one; dismissing reports of another changes nothing.
    await reach(storyId, reader);
    expect((await call('POST', `/api/traces/${traces[2]!.id}/report`, reader, { reason: 'spam' })).statusCode).toBe(
      201,
    );
    expect((await moderate(traces[2]!.id, 'hide')).statusCode).toBe(200);
    await expectCount(storyId, 1);
    expect((await moderate(traces[1]!.id, 'dismiss')).statusCode).toBe(200);
    await expectCount(storyId, 1);

    // A writer's account goes: their shown trace goes from the count; a hidden one was never in it.
    await t.database.query(sql`DELETE FROM users WHERE id = ${writers[1]!.id}`);
    await expectCount(storyId, 0);
    await t.database.query(sql`DELETE FROM users WHERE id = ${writers[2]!.id}`);
    await expectCount(storyId, 0);
  });

  it("a story's deletion takes its traces with it, whatever its count", async () => {
    const storyId = await newStory('Soon Gone Bell');
    await reach(storyId, reader);
    await leave(storyId, reader, 'gone soon');
    await expectCount(storyId, 1);
    expect((await call('DELETE', `/api/stories/${storyId}`, author)).statusCode).toBe(204);
    expect(await t.database.query(sql`SELECT id FROM traces WHERE story_id = ${storyId}`)).toEqual([]);
    expect((await call('GET', `/api/stories/${storyId}/traces`, reader)).statusCode).toBe(404);
  });

  it('a locked reader gets the count on every card, and no trace text anywhere in the raw answers', async () => {
    const storyId = await newStory('Locked Bell');
    await reach(storyId, reader);
    const secret = 'SECRET-TRACE-WORDS under the third bench';
    await leave(storyId, reader, secret);
    const reads = [
      `/api/stories/${storyId}`,
      `/api/stories/${storyId}?lat=${DEFAULT_CENTER.latitude + 0.01}&lng=${DEFAULT_CENTER.longitude}`,
      `/api/stories/discoverable/${far}`,
      `/api/stories/around/${far}`,
      `/api/stories/${storyId}/traces`,
    ];
    for (const viewer of [locked, undefined]) {
      for (const url of reads) {
        const res = await call('GET', url, viewer);
        expect(res.statusCode, url).toBe(200);
        expect(res.body, url).not.toContain('SECRET-TRACE-WORDS');
        expect(res.body, url).not.toContain('third bench');
      }
      const one = (await call('GET', `/api/stories/${storyId}`, viewer)).json();
      expect(one).toMatchObject({ isLocked: true, traceCount: 1 });
      const cards = (await call('GET', `/api/stories/discoverable/${far}`, viewer)).json<
        { id: string; isLocked: boolean; traceCount: number }[]
      >();
      expect(cards.find((card) => card.id === storyId)).toMatchObject({ isLocked: true, traceCount: 1 });
    }
    // The reader it is unlocked for: the same count, and the trace through its own route.
    expect(await shown(storyId, reader)).toEqual({ route: 1, story: 1, card: 1 });
  });

  it('stays exact under concurrent leaves, deletions and hidings', async () => {
    const storyId = await newStory('Busy Bell');
    const writers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => createTestUser(t.database, { displayName: `Busy ${i}` })),
    );
    for (const writer of writers) await reach(storyId, writer);
    // Half leave one first; then the other half leave theirs while the first half delete or get hidden.
    const first = await Promise.all(writers.slice(0, 6).map((writer, i) => leave(storyId, writer, `first ${i}`)));
    await Promise.all([
      ...writers.slice(6).map((writer, i) => leave(storyId, writer, `second ${i}`)),
      ...first
        .slice(0, 3)
        .map((trace, i) =>
          call('DELETE', `/api/traces/${trace.id}`, writers[i]).then((res) => expect(res.statusCode).toBe(204)),
        ),
      ...first
        .slice(3, 5)
        .map((trace) =>
          call('POST', `/api/traces/${trace.id}/hide`, author, { reason: 'No.' }).then((res) =>
            expect(res.statusCode).toBe(200),
          ),
        ),
    ]);
    // 12 left, 3 deleted, 2 hidden.
    await expectCount(storyId, 7);
    // Straight SQL in parallel transactions too (the pool's connections on PostgreSQL).
    const rows = await t.database.query<{ id: string }>(
      sql`SELECT id FROM traces WHERE story_id = ${storyId} AND hidden_at IS NULL`,
    );
    await Promise.all(
      rows.map((row, i) =>
        t.database.transaction(async (tx) => {
          await tx.query(
            i % 2 === 0
              ? sql`DELETE FROM traces WHERE id = ${row.id}`
              : sql`UPDATE traces SET hidden_at = now() WHERE id = ${row.id}`,
          );
        }),
      ),
    );
    expect(await stored(storyId)).toEqual({ counter: 0, actual: 0 });
  });
});
