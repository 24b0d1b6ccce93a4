/**
 * Traces (docs/decisions/045-traces-read-where-left.md): who can read a story's traces — a reader it is unlocked
 * for and its author; a locked reader, a visitor and blocked people get the count only, and the RAW body of their
 * answer never carries a trace. Leaving (once a day per story), deleting, hiding with an appeal, reporting into the
 * moderators' queue, the grouped notice to the author, the photo, and what goes with a story or an account.
 */
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CENTER } from '#common/constants';
import { storyTracesSchema, traceSchema } from '#common/trace-schemas';
import { TRACE_MESSAGES } from '#common/traces';
import { createTestApp, type TestApp } from '#tests/helpers/test-app';
import { createTestUser, type TestUser } from '#tests/helpers/users';
import { users } from '../../db/schema';
import { baseStoryFields, multipartBody, postStory } from '../stories/test-support/story-helpers';

describe('traces', () => {
  let t: TestApp;
  let author: TestUser;
  let reader: TestUser;
  let other: TestUser;
  let locked: TestUser;

  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_DISABLED: 'true' });
    author = await createTestUser(t.database, { displayName: 'Author' });
    reader = await createTestUser(t.database, { displayName: 'Reader' });
    other = await createTestUser(t.database, { displayName: 'Other' });
    locked = await createTestUser(t.database, { displayName: 'Far Away' });
  });
  afterAll(async () => t.close());

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, user?: TestUser, payload?: object) =>
    t.app.inject({ method, url, headers: user ? { cookie: user.cookie } : {}, ...(payload ? { payload } : {}) });
  const newStory = async (title = 'Harbor Bell') => {
    const res = await postStory(t.app, author.cookie, baseStoryFields({ title }));
    expect(res.statusCode).toBe(201);
    return res.json().id as string;
  };
  /** Reads the story where it stands: the read records the unlock. */
  const reach = async (storyId: string, user: TestUser) => {
    const res = await call(
      'GET',
      `/api/stories/${storyId}?lat=${DEFAULT_CENTER.latitude}&lng=${DEFAULT_CENTER.longitude}`,
      user,
    );
    expect(res.json()).toMatchObject({ id: storyId, isLocked: false });
  };
  const leave = (storyId: string, user: TestUser, text: string) =>
    call('POST', `/api/stories/${storyId}/traces`, user, { text });
  const list = (storyId: string, user?: TestUser, query = '') =>
    call('GET', `/api/stories/${storyId}/traces${query}`, user);

  it('is read by readers the story is unlocked for and by its author; others get the count and never a trace', async () => {
    const storyId = await newStory();
    await reach(storyId, reader);
    const left = await leave(storyId, reader, 'Found it, thanks for the walk');
    expect(left.statusCode).toBe(201);
    const trace = traceSchema.parse(left.json());
    expect(trace).toMatchObject({
      text: 'Found it, thanks for the walk',
      writer: { displayName: 'Reader' },
      mine: true,
    });
    expect(trace.day).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    // The author and the reader: the trace, with the day and the name only (no time, no position).
    for (const viewer of [author, reader]) {
      const res = list(storyId, viewer);
      const body = storyTracesSchema.parse((await res).json());
      expect(body).toMatchObject({ count: 1, readable: true });
      expect(body.traces.map((x) => x.text)).toEqual(['Found it, thanks for the walk']);
      const raw = (await res).body;
      expect(raw).not.toMatch(/createdAt|latitude|longitude|T\d{2}:\d{2}/);
    }

    // A locked reader and a visitor: the count, and nothing of the trace anywhere in the raw answer.
    for (const viewer of [locked, undefined]) {
      const res = await list(storyId, viewer);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ count: 1, readable: false, canLeave: false, traces: [] });
      expect(res.body).not.toContain('thanks for the walk');
      expect(res.body).not.toContain(trace.id);
    }
    // Nor through a forged cursor or a photo or report of the trace.
    expect((await list(storyId, locked, '?limit=50')).body).not.toContain('thanks for the walk');
    expect((await call('GET', `/api/traces/${trace.id}/photo`, locked)).statusCode).toBe(404);
    expect((await call('POST', `/api/traces/${trace.id}/report`, locked, { reason: 'spam' })).statusCode).toBe(404);
  });

  it('a locked reader cannot leave one; the text rule refuses bidi, zero-width and control characters', async () => {
    const storyId = await newStory();
    const refused = await leave(storyId, locked, 'I was never here');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: TRACE_MESSAGES.notUnlocked });
    expect((await leave(storyId, undefined as unknown as TestUser, 'visitor')).statusCode).toBe(401);
    await reach(storyId, other);
    for (const text of ['Hello\u202Edlrow', 'zero\u200Bwidth', 'bell\u0007', 'x'.repeat(281), '   ']) {
      const res = await leave(storyId, other, text);
      expect(res.statusCode).toBe(400);
    }
    expect((await leave(storyId, other, 'x'.repeat(280))).statusCode).toBe(201);
  });

  it('one trace per reader, story and day: the second is 429', async () => {
    const storyId = await newStory();
    await reach(storyId, reader);
    expect((await leave(storyId, reader, 'first')).statusCode).toBe(201);
    const again = await leave(storyId, reader, 'second');
    expect(again.statusCode).toBe(429);
    expect(again.json()).toEqual({ message: TRACE_MESSAGES.oncePerDay });
    expect(again.headers['retry-after']).toBeDefined();
    expect(storyTracesSchema.parse((await list(storyId, reader)).json()).canLeave).toBe(false);
  });

  it('blocks apply both ways: you do not see the traces of someone you blocked, and a blocked reader cannot leave one', async () => {
    const storyId = await newStory();
    await reach(storyId, reader);
    await reach(storyId, other);
    expect((await leave(storyId, reader, 'reader was here')).statusCode).toBe(201);
    expect((await call('PUT', `/api/blocks/${reader.id}`, other)).statusCode).toBe(200);
    const seen = await list(storyId, other);
    expect(seen.body).not.toContain('reader was here');
    // The writer does not see the blocker's traces either.
    expect((await leave(storyId, other, 'other was here')).statusCode).toBe(201);
    expect((await list(storyId, reader)).body).not.toContain('other was here');
    await call('DELETE', `/api/blocks/${reader.id}`, other);

    // The author blocks a reader: that reader can leave no trace on the author's stories.
    const second = await newStory('Second');
    await reach(second, locked);
    expect((await call('PUT', `/api/blocks/${locked.id}`, author)).statusCode).toBe(200);
    expect((await leave(second, locked, 'let me in')).statusCode).toBe(403);
    await call('DELETE', `/api/blocks/${locked.id}`, author);
  });

  it('the writer deletes their own; nobody else can', async () => {
    const storyId = await newStory();
    await reach(storyId, other);
    const trace = traceSchema.parse((await leave(storyId, other, 'mine to delete')).json());
    expect((await call('DELETE', `/api/traces/${trace.id}`, author)).statusCode).toBe(403);
    expect((await call('DELETE', `/api/traces/${trace.id}`, reader)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/traces/${trace.id}`, other)).statusCode).toBe(204);
    expect(storyTracesSchema.parse((await list(storyId, author)).json()).count).toBe(0);
  });

  it("the story's author hides a trace: the writer is told the reason and may appeal once, into the moderators' queue", async () => {
    const storyId = await newStory('Quiet Pier');
    await reach(storyId, reader);
    await reach(storyId, other);
    const trace = traceSchema.parse((await leave(storyId, reader, 'rude words')).json());
    expect((await call('POST', `/api/traces/${trace.id}/hide`, other, { reason: 'Not kind.' })).statusCode).toBe(403);
    expect((await call('POST', `/api/traces/${trace.id}/hide`, author, { reason: 'Not kind.' })).statusCode).toBe(200);
    expect((await list(storyId, other)).body).not.toContain('rude words');
    const own = storyTracesSchema.parse((await list(storyId, reader)).json()).traces[0]!;
    expect(own).toMatchObject({ hidden: true, hiddenReason: 'Not kind.', canAppeal: true });
    const told = await t.database.query<{ message: string }>(sql`
      SELECT message FROM notifications WHERE user_id = ${reader.id} AND type = 'trace_hidden'`);
    expect(told.map((n) => n.message)).toEqual([
      'The author of “Quiet Pier” hid your trace: Not kind. You may appeal once from the story.',
    ]);

    expect((await call('POST', `/api/traces/${trace.id}/appeal`, reader, { text: 'It was a joke.' })).statusCode).toBe(
      201,
    );
    expect((await call('POST', `/api/traces/${trace.id}/appeal`, reader, { text: 'Again' })).statusCode).toBe(409);
    const moderator = await createTestUser(t.database, { displayName: 'Mod' });
    await t.database.db.update(users).set({ role: 'moderator' }).where(eq(users.id, moderator.id));
    expect((await call('GET', '/api/moderation/traces', reader)).statusCode).toBe(403);
    const queue = await call('GET', '/api/moderation/traces', moderator);
    expect(queue.json()).toEqual(
      expect.arrayContaining([expect.objectContaining({ traceId: trace.id, appeal: 'It was a joke.', hidden: true })]),
    );
    expect(
      (await call('POST', `/api/moderation/traces/${trace.id}`, moderator, { action: 'restore' })).statusCode,
    ).toBe(200);
    expect((await list(storyId, other)).body).toContain('rude words');
  });

  it('reports use the existing reasons and reach the queue; reporting again is 200', async () => {
    const storyId = await newStory();
    await reach(storyId, reader);
    await reach(storyId, other);
    const trace = traceSchema.parse((await leave(storyId, reader, 'buy my stuff')).json());
    expect((await call('POST', `/api/traces/${trace.id}/report`, other, { reason: 'not-a-reason' })).statusCode).toBe(
      400,
    );
    expect((await call('POST', `/api/traces/${trace.id}/report`, reader, { reason: 'spam' })).statusCode).toBe(400);
    expect((await call('POST', `/api/traces/${trace.id}/report`, other, { reason: 'spam' })).statusCode).toBe(201);
    expect((await call('POST', `/api/traces/${trace.id}/report`, other, { reason: 'spam' })).statusCode).toBe(200);
    const rows = await t.database.query<{ reason: string }>(
      sql`SELECT reason FROM trace_reports WHERE trace_id = ${trace.id}`,
    );
    expect(rows).toEqual([{ reason: 'spam' }]);
  });

  it('tells the author, grouped per story while unread: "2 new traces on …"', async () => {
    const storyId = await newStory('Harbor Bell Two');
    await reach(storyId, reader);
    await reach(storyId, other);
    await leave(storyId, reader, 'one');
    await leave(storyId, other, 'two');
    const notices = await t.database.query<{ message: string }>(sql`
      SELECT message FROM notifications WHERE user_id = ${author.id} AND type = 'trace_left' AND story_id = ${storyId} AND NOT is_read`);
    expect(notices.map((n) => n.message)).toEqual(['2 new traces on “Harbor Bell Two”']);
  });

  it('pages newest first with a sealed cursor in the Link header', async () => {
    const storyId = await newStory();
    const writers = await Promise.all([0, 1, 2].map((i) => createTestUser(t.database, { displayName: `W${i}` })));
    for (const [i, writer] of writers.entries()) {
      await reach(storyId, writer);
      expect((await leave(storyId, writer, `trace ${i}`)).statusCode).toBe(201);
    }
    const first = await list(storyId, author, '?limit=2');
    expect(storyTracesSchema.parse(first.json()).traces.map((x) => x.text)).toEqual(['trace 2', 'trace 1']);
    const link = /<([^>]+)>; rel="next"/.exec(String(first.headers.link))![1]!;
    expect(link).not.toMatch(/\d{4}-\d{2}-\d{2}/);
    const second = await t.app.inject({ method: 'GET', url: link, headers: { cookie: author.cookie } });
    expect(storyTracesSchema.parse(second.json()).traces.map((x) => x.text)).toEqual(['trace 0']);
    expect((await list(storyId, author, '?cursor=forged')).statusCode).toBe(400);
  });

  it('a photo is re-encoded without metadata, shown to readers, and goes with the story and with the account', async () => {
    const storyId = await newStory();
    const writer = await createTestUser(t.database, { displayName: 'Photographer' });
    await reach(storyId, writer);
    await reach(storyId, reader);
    const trace = traceSchema.parse((await leave(storyId, writer, 'look at this light')).json());
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#c08040' } })
      .png()
      .withMetadata({ exif: { IFD0: { Copyright: 'SECRET-EXIF-MARK' } } })
      .toBuffer();
    const { payload, headers } = await multipartBody(
      {},
      { photo: { filename: 'p.png', contentType: 'image/png', data: png } },
    );
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/traces/${trace.id}/photo`,
      payload,
      headers: { ...headers, cookie: writer.cookie },
    });
    expect(put.statusCode).toBe(200);
    expect(put.json().photoUrl).toBe(`/api/traces/${trace.id}/photo`);
    const photo = await call('GET', `/api/traces/${trace.id}/photo`, reader);
    expect(photo.statusCode).toBe(200);
    expect(photo.rawPayload.includes(Buffer.from('SECRET-EXIF-MARK'))).toBe(false);
    expect((await call('GET', `/api/traces/${trace.id}/photo`, locked)).statusCode).toBe(404);
    const keys = async () => {
      const found: string[] = [];
      for await (const object of t.app.mediaStore.list(`stories/${storyId}/traces/`)) found.push(object.key);
      return found;
    };
    expect(await keys()).toHaveLength(1);

    const exported = await call('GET', '/api/account/export', writer);
    expect(exported.json().traces).toEqual([
      expect.objectContaining({ id: trace.id, text: 'look at this light', storyId }),
    ]);

    // The writer's account goes: the trace and its photo go with it.
    await t.app.traces.service.removePhotos(await t.app.traces.service.photoKeysOf(writer.id));
    await t.database.query(sql`DELETE FROM users WHERE id = ${writer.id}`);
    expect(await keys()).toEqual([]);
    expect(storyTracesSchema.parse((await list(storyId, author)).json()).count).toBe(0);
  });

  it("a story's deletion removes its traces and their photos", async () => {
    const storyId = await newStory();
    await reach(storyId, reader);
    const trace = traceSchema.parse((await leave(storyId, reader, 'soon gone')).json());
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    const { payload, headers } = await multipartBody(
      {},
      { photo: { filename: 'p.png', contentType: 'image/png', data: png } },
    );
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: `/api/traces/${trace.id}/photo`,
          payload,
          headers: { ...headers, cookie: reader.cookie },
        })
      ).statusCode,
    ).toBe(200);
    expect((await call('DELETE', `/api/stories/${storyId}`, author)).statusCode).toBe(204);
    const left: string[] = [];
    for await (const object of t.app.mediaStore.list(`stories/${storyId}/`)) left.push(object.key);
    expect(left).toEqual([]);
    const rows = await t.database.query(sql`SELECT id FROM traces WHERE id = ${trace.id}`);
    expect(rows).toEqual([]);
  });
});
