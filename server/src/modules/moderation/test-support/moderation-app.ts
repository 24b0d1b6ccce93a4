/**
 * The moderation API tests' app and cast (an author, two moderators, an admin, a plain reader) and the calls
 * they make, shared by moderation.api.test.ts, moderation-accounts.api.test.ts and blocks.api.test.ts.
 */
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { DEFAULT_CENTER } from '#common/constants';
import { queueSchema, type QueueItem } from '#common/moderation-schemas';
import { notificationListSchema } from '#common/notification-schemas';
import { createTestApp, type TestApp } from '#tests/helpers/test-app';
import { createTestUser, type TestUser } from '#tests/helpers/users';
import { stories, users } from '../../../db/schema';
import { insertStory } from '../../stories/test-support/story-fixtures';

export const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3600_000);
const at = `lat=${DEFAULT_CENTER.latitude}&lng=${DEFAULT_CENTER.longitude}`;

export interface ModerationCast {
  t: TestApp;
  author: TestUser;
  mod1: TestUser;
  mod2: TestUser;
  admin: TestUser;
  plain: TestUser;
}

export async function startModerationApp(): Promise<ModerationCast> {
  const t = await createTestApp({ RATE_LIMIT_DISABLED: 'true' });
  const makeRole = async (user: TestUser, role: 'moderator' | 'admin') =>
    t.database.db.update(users).set({ role }).where(eq(users.id, user.id));
  const author = await createTestUser(t.database, { displayName: 'Ada Author', createdAt: hoursAgo(100) });
  const mod1 = await createTestUser(t.database, { displayName: 'Mo One' });
  const mod2 = await createTestUser(t.database, { displayName: 'Mo Two' });
  const admin = await createTestUser(t.database, { displayName: 'Al Admin' });
  const plain = await createTestUser(t.database, { displayName: 'Pat Plain', createdAt: hoursAgo(100) });
  await makeRole(mod1, 'moderator');
  await makeRole(mod2, 'moderator');
  await makeRole(admin, 'admin');
  return { t, author, mod1, mod2, admin, plain };
}

/** The calls of the tests, on the cast `current()` returns (set once the app has started). */
export function moderationCalls(current: () => ModerationCast) {
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, user: TestUser | null, payload?: object) =>
    current().t.app.inject({
      method,
      url,
      headers: user ? { cookie: user.cookie } : {},
      ...(payload ? { payload } : {}),
    });
  const newStory = async (title: string, by: TestUser = current().author) =>
    (
      await insertStory(current().t.database, {
        authorId: by.id,
        ...DEFAULT_CENTER,
        title,
        content: `Words of ${title}`,
      })
    ).id;
  /** A reader a day and more old who has unlocked the story: their report weighs. */
  const reporter = async (storyId: string, name: string) => {
    const user = await createTestUser(current().t.database, { createdAt: hoursAgo(48), displayName: name });
    await current().t.app.location.unlocks.record(user.id, [storyId]);
    return user;
  };
  const report = (storyId: string, user: TestUser, reason = 'spam', note?: string) =>
    call('POST', `/api/stories/${storyId}/report`, user, { reason, ...(note ? { note } : {}) });
  const queue = async (user: TestUser = current().mod1): Promise<QueueItem[]> => {
    const res = await call('GET', '/api/moderation/queue', user);
    expect(res.statusCode).toBe(200);
    return queueSchema.parse(res.json());
  };
  const decide = (storyId: string, action: string, user: TestUser = current().mod1, reason = 'spam', note?: string) =>
    call('POST', `/api/moderation/stories/${storyId}/decisions`, user, { action, reason, ...(note ? { note } : {}) });
  const decideOnUser = (userId: string, body: object, user: TestUser = current().mod1) =>
    call('POST', `/api/moderation/users/${userId}/decisions`, user, body);
  const notificationsOf = async (user: TestUser) => {
    const res = await call('GET', '/api/notifications?limit=100', user);
    expect(res.statusCode).toBe(200);
    return notificationListSchema.parse(res.json());
  };
  const storyAs = (id: string, user: TestUser | null) => call('GET', `/api/stories/${id}?${at}`, user);
  const hiddenAt = async (id: string) =>
    (await current().t.database.db.select().from(stories).where(eq(stories.id, id)))[0]?.hiddenAt;
  return { call, newStory, reporter, report, queue, decide, decideOnUser, notificationsOf, storyAs, hiddenAt };
}
