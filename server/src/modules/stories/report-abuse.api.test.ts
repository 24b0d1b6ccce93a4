/**
 * Reports a crowd of throwaway accounts cannot abuse (docs/security.md, "Threat model"; docs/design.md, rule 14): a report counts
 * toward hiding only when its account was at least 24 hours old when it reported and had unlocked the story; the
 * author is told (story_hidden) when the story is hidden, once, without the reporters' names.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CENTER, REPORTER_MIN_ACCOUNT_AGE_HOURS, REPORTS_TO_HIDE } from '#common/constants';
import { notificationListSchema } from '#common/notification-schemas';
import { NOTIFICATION_TEXTS } from '#common/notifications';
import { statementOfReasons } from '#common/moderation';
import { createTestApp, type TestApp } from '#tests/helpers/test-app';
import { createTestUser, type TestUser } from '#tests/helpers/users';
import { reports, stories } from '../../db/schema';
import { insertStory } from './test-support/story-fixtures';

const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3600_000);

describe('reports from accounts that cost something', () => {
  let t: TestApp;
  let author: TestUser;

  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_DISABLED: 'true' });
    author = await createTestUser(t.database, { displayName: 'Ada Author' });
  });
  afterAll(async () => t.close());

  const newStory = async (title: string) =>
    (await insertStory(t.database, { authorId: author.id, ...DEFAULT_CENTER, title })).id;
  /** A reader who has unlocked the story (as a read within 100 m records it), with an account `ageHours` old. */
  const reporter = async (storyId: string, ageHours: number) => {
    const user = await createTestUser(t.database, {
      createdAt: hoursAgo(ageHours),
      displayName: `Reporter ${ageHours}h`,
    });
    await t.app.location.unlocks.record(user.id, [storyId]);
    return user;
  };
  const report = (storyId: string, user: TestUser) =>
    t.app.inject({
      method: 'POST',
      url: `/api/stories/${storyId}/report`,
      headers: { cookie: user.cookie },
      payload: { reason: 'spam' },
    });
  const hiddenAt = async (storyId: string) =>
    (await t.database.db.select().from(stories).where(eq(stories.id, storyId)))[0]!.hiddenAt;
  const notificationsOf = async (user: TestUser) => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/notifications?limit=100',
      headers: { cookie: user.cookie },
    });
    expect(res.statusCode).toBe(200);
    return notificationListSchema.parse(res.json());
  };

  it(`${REPORTS_TO_HIDE} accounts younger than ${REPORTER_MIN_ACCOUNT_AGE_HOURS} h do not hide a story, even having unlocked it`, async () => {
    const id = await newStory('Young crowd');
    for (let i = 0; i < REPORTS_TO_HIDE + 2; i++) {
      expect((await report(id, await reporter(id, REPORTER_MIN_ACCOUNT_AGE_HOURS - 1))).statusCode).toBe(201);
    }
    expect(await hiddenAt(id)).toBeNull();
    expect((await notificationsOf(author)).filter((n) => n.storyId === id)).toEqual([]);
  });

  it('an account that never unlocked the story cannot report it, and a stored report without an unlock does not count', async () => {
    const id = await newStory('Never read');
    const outsider = await createTestUser(t.database, { createdAt: hoursAgo(100) });
    expect((await report(id, outsider)).statusCode).toBe(403);
    // Reports written around the route (old ones, an import) count only with the unlock behind them.
    for (let i = 0; i < REPORTS_TO_HIDE - 1; i++) {
      const old = await createTestUser(t.database, { createdAt: hoursAgo(100) });
      await t.database.db.insert(reports).values({ storyId: id, userId: old.id, reason: 'Spam' });
    }
    expect((await report(id, await reporter(id, 100))).statusCode).toBe(201);
    expect(await hiddenAt(id)).toBeNull();
  });

  it(`hides the story at the ${REPORTS_TO_HIDE}rd counted report and tells the author once, naming no reporter`, async () => {
    const id = await newStory('The contested bench');
    // A young account's report is stored but does not count.
    expect((await report(id, await reporter(id, 2))).statusCode).toBe(201);
    const seasoned: TestUser[] = [];
    for (let i = 0; i < REPORTS_TO_HIDE; i++) seasoned.push(await reporter(id, REPORTER_MIN_ACCOUNT_AGE_HOURS + 1 + i));
    for (const user of seasoned.slice(0, -1)) expect((await report(id, user)).statusCode).toBe(201);
    expect(await hiddenAt(id)).toBeNull();
    expect((await report(id, seasoned.at(-1)!)).statusCode).toBe(201);
    expect(await hiddenAt(id)).toBeInstanceOf(Date);

    const told = (await notificationsOf(author)).filter((n) => n.storyId === id);
    expect(told).toEqual([
      expect.objectContaining({
        type: 'story_hidden',
        title: NOTIFICATION_TEXTS.hiddenTitle,
        message: expect.stringContaining(
          statementOfReasons({
            action: 'auto_hide',
            reason: 'spam',
            automatic: true,
            storyTitle: 'The contested bench',
            suspendDays: null,
          }),
        ),
        isRead: false,
      }),
    ]);
    expect(JSON.stringify(told)).not.toMatch(/Reporter/);
    // The reporters are told nothing.
    for (const user of seasoned) expect((await notificationsOf(user)).filter((n) => n.storyId === id)).toEqual([]);
    const [{ n }] = (await t.database.query<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM notifications WHERE story_id = ${id} AND type = 'story_hidden'`,
    )) as [{ n: number }];
    expect(n).toBe(1);
  });
});
