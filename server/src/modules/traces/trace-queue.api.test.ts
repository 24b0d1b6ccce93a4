/**
 * The moderators' trace queue (docs/decisions/050-trace-counts-on-cards.md): a reported trace carries its
 * reports' weight as the story queue counts it and its photo, which a moderator may see only while the trace is
 * before them; deciding an appeal tells the writer, with the moderator's note.
 */
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CENTER } from '#common/constants';
import { traceQueueSchema, traceSchema } from '#common/trace-schemas';
import { createTestApp, type TestApp } from '#tests/helpers/test-app';
import { createTestUser, type TestUser } from '#tests/helpers/users';
import { users } from '../../db/schema';
import { baseStoryFields, multipartBody, postStory } from '../stories/test-support/story-helpers';

describe('the trace queue', () => {
  let t: TestApp;
  let author: TestUser;
  let writer: TestUser;
  let oldReader: TestUser;
  let newReader: TestUser;
  let moderator: TestUser;

  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_DISABLED: 'true' });
    author = await createTestUser(t.database, { displayName: 'Author' });
    writer = await createTestUser(t.database, { displayName: 'Writer' });
    oldReader = await createTestUser(t.database, { displayName: 'Old Reader' });
    newReader = await createTestUser(t.database, { displayName: 'New Reader' });
    moderator = await createTestUser(t.database, { displayName: 'Mod' });
    await t.database.db.update(users).set({ role: 'moderator' }).where(eq(users.id, moderator.id));
    await t.database.query(sql`UPDATE users SET created_at = now() - interval '30 days' WHERE id = ${oldReader.id}`);
  });
  afterAll(async () => t.close());

  const call = (method: 'GET' | 'POST', url: string, user: TestUser, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie: user.cookie }, ...(payload ? { payload } : {}) });
  const reach = async (storyId: string, user: TestUser) => {
    const res = await call(
      'GET',
      `/api/stories/${storyId}?lat=${DEFAULT_CENTER.latitude}&lng=${DEFAULT_CENTER.longitude}`,
      user,
    );
    expect(res.json()).toMatchObject({ isLocked: false });
  };

  it('shows the weight and the photo to moderators while the trace is before them, and only then', async () => {
    const storyId = (await postStory(t.app, author.cookie, baseStoryFields({ title: 'Queue Bell' }))).json().id;
    for (const user of [writer, oldReader, newReader]) await reach(storyId, user);
    const left = await call('POST', `/api/stories/${storyId}/traces`, writer, { text: 'buy my boat' });
    const trace = traceSchema.parse(left.json());
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#345' } })
      .png()
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
    const photo = () => call('GET', `/api/traces/${trace.id}/photo`, moderator);
    // Not reported yet: the moderator (who never stood there) may not see it.
    expect((await photo()).statusCode).toBe(404);

    for (const user of [oldReader, newReader])
      expect((await call('POST', `/api/traces/${trace.id}/report`, user, { reason: 'spam' })).statusCode).toBe(201);
    const queue = traceQueueSchema.parse((await call('GET', '/api/moderation/traces', moderator)).json());
    const item = queue.find((entry) => entry.traceId === trace.id);
    expect(item).toMatchObject({
      storyTitle: 'Queue Bell',
      text: 'buy my boat',
      photoUrl: `/api/traces/${trace.id}/photo`,
      counted: 1,
      fromNewAccounts: 1,
    });
    expect(item?.reports).toHaveLength(2);
    expect((await photo()).statusCode).toBe(200);
    // Not to anyone else who has not stood there.
    const stranger = await createTestUser(t.database, { displayName: 'Stranger' });
    expect((await call('GET', `/api/traces/${trace.id}/photo`, stranger)).statusCode).toBe(404);

    // Decided: out of the queue, and the photo is no longer the moderator's to see.
    expect(
      (await call('POST', `/api/moderation/traces/${trace.id}`, moderator, { action: 'dismiss' })).statusCode,
    ).toBe(200);
    expect((await photo()).statusCode).toBe(404);
  });

  it("deciding an appeal tells the writer, with the moderator's note", async () => {
    const storyId = (await postStory(t.app, author.cookie, baseStoryFields({ title: 'Appeal Bell' }))).json().id;
    await reach(storyId, writer);
    const trace = traceSchema.parse(
      (await call('POST', `/api/stories/${storyId}/traces`, writer, { text: 'the bell rang twice' })).json(),
    );
    expect((await call('POST', `/api/traces/${trace.id}/hide`, author, { reason: 'Not true.' })).statusCode).toBe(200);
    expect((await call('POST', `/api/traces/${trace.id}/appeal`, writer, { text: 'It did.' })).statusCode).toBe(201);
    const decide = (body: object) => call('POST', `/api/moderation/traces/${trace.id}`, moderator, body);
    expect((await decide({ action: 'restore', note: 'x'.repeat(1001) })).statusCode).toBe(400);
    expect((await decide({ action: 'restore', note: 'It rings twice at noon.' })).statusCode).toBe(200);
    const notices = await t.database.query<{ title: string; message: string }>(sql`
      SELECT title, message FROM notifications WHERE user_id = ${writer.id} AND story_id = ${storyId} ORDER BY created_at`);
    expect(notices.at(-1)).toEqual({
      title: 'Appeal decided',
      message:
        'Your appeal was accepted: your trace on “Appeal Bell” is shown again. The moderator’s note: “It rings twice at noon.”',
    });
  });
});
