/**
 * Decisions on accounts through the real app (docs/moderation.md, docs/design.md, rule 18): warn, suspend (its
 * effects from the next request, and its end), ban and its reversal on appeal; roles changed by admins.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CENTER } from '#common/constants';
import { MODERATION_MESSAGES } from '#common/moderation';
import type { TestApp } from '#tests/helpers/test-app';
import { createTestUser, type TestUser } from '#tests/helpers/users';
import { users } from '../../db/schema';
import { baseStoryFields, postStory } from '../stories/test-support/story-helpers';
import { hoursAgo, moderationCalls, startModerationApp, type ModerationCast } from './test-support/moderation-app';

describe('moderation of accounts', () => {
  let t: TestApp;
  let admin: TestUser;
  let plain: TestUser;
  let mod2: TestUser;
  let cast: ModerationCast;
  beforeAll(async () => {
    cast = await startModerationApp();
    ({ t, admin, plain, mod2 } = cast);
  });
  afterAll(async () => t.close());
  const { call, newStory, report, queue, decideOnUser, notificationsOf, storyAs } = moderationCalls(() => cast);

  it('warn tells the author; suspend stops publishing, liking and reporting from the next request, reading goes on, and ends', async () => {
    const subject = await createTestUser(t.database, { createdAt: hoursAgo(100), displayName: 'Sam Subject' });
    const warned = await decideOnUser(subject.id, { action: 'warn', reason: 'spam', note: 'First warning' });
    expect(warned.statusCode).toBe(201);
    expect(
      (await notificationsOf(subject)).some(
        (n) =>
          n.type === 'moderation_decision' &&
          n.message.startsWith('You received a warning. Reason: Spam or advertising.'),
      ),
    ).toBe(true);

    const target = await newStory('Likeable');
    await t.app.location.unlocks.record(subject.id, [target]);
    // The session is resolved (and cached) before the suspension.
    expect((await storyAs(target, subject)).statusCode).toBe(200);
    const suspended = await decideOnUser(subject.id, { action: 'suspend', reason: 'harassment', days: 3 });
    expect(suspended.json().decision).toMatchObject({ action: 'suspend', suspendDays: 3 });
    expect((await call('POST', `/api/stories/${target}/like`, subject)).json()).toEqual({
      message: MODERATION_MESSAGES.suspended,
    });
    expect((await report(target, subject)).statusCode).toBe(403);
    const refused = await postStory(t.app, subject.cookie, baseStoryFields({ title: 'Posted while suspended' }));
    expect({ status: refused.statusCode, body: refused.json() }).toEqual({
      status: 403,
      body: { message: MODERATION_MESSAGES.suspended },
    });
    expect((await storyAs(target, subject)).statusCode).toBe(200);
    expect(
      (await call('GET', `/api/stories/discoverable/${DEFAULT_CENTER.latitude}/${DEFAULT_CENTER.longitude}`, subject))
        .statusCode,
    ).toBe(200);
    expect(
      (await notificationsOf(subject)).some((n) => n.message.startsWith('Your account was suspended for 3 days')),
    ).toBe(true);

    // Its end: from then on the user may like again.
    await t.database.db
      .update(users)
      .set({ suspendedUntil: hoursAgo(1) })
      .where(eq(users.id, subject.id));
    expect((await call('POST', `/api/stories/${target}/like`, subject)).statusCode).toBe(200);
  });

  it('ban hides the author’s stories and stops contributing; reversing it on appeal brings them back', async () => {
    const banned = await createTestUser(t.database, { createdAt: hoursAgo(100), displayName: 'Bo Banned' });
    const s1 = await newStory('Banned one', banned);
    const res = await decideOnUser(banned.id, { action: 'ban', reason: 'hate' });
    expect(res.statusCode).toBe(201);
    const decisionId = res.json().decision.id as string;
    expect((await storyAs(s1, plain)).statusCode).toBe(404);
    const refused = await postStory(t.app, banned.cookie, baseStoryFields({ title: 'Posted while banned' }));
    expect({ status: refused.statusCode, body: refused.json() }).toEqual({
      status: 403,
      body: { message: MODERATION_MESSAGES.banned },
    });
    expect(
      (await call('POST', `/api/moderation/decisions/${decisionId}/appeal`, banned, { text: 'Wrong person' }))
        .statusCode,
    ).toBe(201);
    const item = (await queue(mod2)).find((i) => i.appeal?.decision.id === decisionId)!;
    expect(item.story).toBeNull();
    expect(
      (await call('POST', `/api/moderation/appeals/${item.appeal!.id}/resolve`, mod2, { outcome: 'reverse' }))
        .statusCode,
    ).toBe(200);
    expect((await storyAs(s1, plain)).statusCode).toBe(200);
    // No longer banned: the same form publishes.
    const published = await postStory(t.app, banned.cookie, baseStoryFields({ title: 'Posted after the appeal' }));
    expect(published.statusCode, published.body).toBe(201);
  });

  it('admins change roles in the app; a new moderator reaches the queue from the next request', async () => {
    const helper = await createTestUser(t.database);
    expect((await call('GET', '/api/moderation/queue', helper)).statusCode).toBe(403);
    const res = await call('POST', '/api/admin/roles', admin, {
      username: helper.username.toUpperCase(),
      role: 'moderator',
    });
    expect(res.json()).toEqual({ username: helper.username, role: 'moderator' });
    expect((await call('GET', '/api/moderation/queue', helper)).statusCode).toBe(200);
    await call('POST', '/api/admin/roles', admin, { username: helper.username, role: 'user' });
    expect((await call('GET', '/api/moderation/queue', helper)).statusCode).toBe(403);
    expect((await call('POST', '/api/admin/roles', admin, { username: 'nobody_here', role: 'user' })).statusCode).toBe(
      404,
    );
    expect((await call('POST', '/api/admin/roles', admin, { username: admin.username, role: 'user' })).json()).toEqual({
      message: MODERATION_MESSAGES.lastAdmin,
    });
  });
});
