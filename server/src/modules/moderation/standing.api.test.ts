/**
 * Good standing on every publishing write, and moderation by people in good standing only
 * (docs/moderation.md "Standing", docs/decisions/035-standing-in-the-route-contract.md): a suspended or banned
 * user is refused each route that puts something in front of others — with the real forms those routes take, so
 * a 403 cannot be a 400 in disguise — and keeps the routes that only concern themselves; a suspended or banned
 * moderator moderates nothing; only admins act on moderators; nobody decides their own appeal.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CENTER } from '#common/constants';
import { offsetNorth } from '#common/geo';
import { MODERATION_MESSAGES } from '#common/moderation';
import { createTestApp, type TestApp } from '#tests/helpers/test-app';
import { createTestUser, type TestUser } from '#tests/helpers/users';
import { stories, users } from '../../db/schema';
import { insertStory } from '../stories/test-support/story-fixtures';
import { baseStoryFields, postStory } from '../stories/test-support/story-helpers';

const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3600_000);
const at = `lat=${DEFAULT_CENTER.latitude}&lng=${DEFAULT_CENTER.longitude}`;

describe('standing', () => {
  let t: TestApp;
  let admin: TestUser;
  let mod1: TestUser;
  let mod2: TestUser;

  const setRole = async (user: TestUser, role: 'moderator' | 'admin' | 'user') =>
    t.database.db.update(users).set({ role }).where(eq(users.id, user.id));
  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    user: TestUser | null,
    payload?: object,
  ) => t.app.inject({ method, url, headers: user ? { cookie: user.cookie } : {}, ...(payload ? { payload } : {}) });
  const story = async (by: TestUser, title: string, offsetM = 0) =>
    (
      await insertStory(t.database, {
        authorId: by.id,
        ...offsetNorth(DEFAULT_CENTER, offsetM),
        title,
        content: `Words of ${title}`,
      })
    ).id;
  const decideOnUser = (userId: string, body: object, by: TestUser) =>
    call('POST', `/api/moderation/users/${userId}/decisions`, by, body);
  const suspendedFor = async (user: TestUser) => {
    const res = await decideOnUser(user.id, { action: 'suspend', reason: 'spam', days: 3 }, admin);
    expect(res.statusCode, res.body).toBe(201);
    return res.json().decision.id as string;
  };
  const lift = async (user: TestUser) =>
    t.database.db.update(users).set({ suspendedUntil: null, bannedAt: null }).where(eq(users.id, user.id));

  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_DISABLED: 'true' });
    admin = await createTestUser(t.database, { displayName: 'Al Admin' });
    mod1 = await createTestUser(t.database, { displayName: 'Mo One' });
    mod2 = await createTestUser(t.database, { displayName: 'Mo Two' });
    await setRole(admin, 'admin');
    await setRole(mod1, 'moderator');
    await setRole(mod2, 'moderator');
  });
  afterAll(async () => t.close());

  /** Every publishing write, with a form the route accepts from a user in good standing. */
  const publishingWrites = (
    user: TestUser,
    own: { storyId: string; tourId: string; stops: string[] },
    theirs: string,
  ) =>
    [
      [
        'POST /api/stories',
        () => postStory(t.app, user.cookie, baseStoryFields({ title: 'Published while suspended' })),
      ],
      [
        'PATCH /api/stories/:id',
        () =>
          call('PATCH', `/api/stories/${own.storyId}`, user, {
            title: 'Edited while suspended',
            content: 'New words',
            isPublic: true,
          }),
      ],
      [
        'POST /api/tours',
        () =>
          call('POST', '/api/tours', user, { title: 'A suspended walk', description: 'Along', storyIds: own.stops }),
      ],
      [
        'PATCH /api/tours/:id',
        () => call('PATCH', `/api/tours/${own.tourId}`, user, { title: 'Renamed while suspended' }),
      ],
      [
        'POST /api/user/setup',
        () =>
          call('POST', '/api/user/setup', user, {
            username: user.username,
            displayName: 'Shouty Name',
            bio: 'Now public',
          }),
      ],
      ['POST /api/stories/:id/like', () => call('POST', `/api/stories/${theirs}/like`, user)],
      ['POST /api/stories/:id/report', () => call('POST', `/api/stories/${theirs}/report`, user, { reason: 'spam' })],
    ] as const;

  it.each([
    ['suspended', 'suspend'],
    ['banned', 'ban'],
  ] as const)(
    'a %s user is refused every publishing write, with real forms; nothing they sent shows',
    async (_label, action) => {
      const user = await createTestUser(t.database, { displayName: `Sam ${action}`, createdAt: hoursAgo(100) });
      const stops = [await story(user, 'Own one'), await story(user, 'Own two', 300)];
      const tourRes = await call('POST', '/api/tours', user, { title: 'Own walk', storyIds: stops });
      expect(tourRes.statusCode, tourRes.body).toBe(201);
      const own = { storyId: stops[0]!, tourId: tourRes.json().id as string, stops };
      const theirs = await story(admin, `Someone else’s for ${action}`);
      await t.app.location.unlocks.record(user.id, [theirs]);

      const decided = await decideOnUser(
        user.id,
        { action, reason: 'spam', ...(action === 'suspend' ? { days: 3 } : {}) },
        admin,
      );
      expect(decided.statusCode, decided.body).toBe(201);
      const message = action === 'ban' ? MODERATION_MESSAGES.banned : MODERATION_MESSAGES.suspended;
      for (const [name, send] of publishingWrites(user, own, theirs)) {
        const res = await send();
        expect({ name, status: res.statusCode, body: res.json() }).toEqual({ name, status: 403, body: { message } });
      }
      // Nothing reached a reader.
      const [row] = await t.database.db.select().from(stories).where(eq(stories.id, own.storyId));
      expect(row!.title).toBe('Own one');
      expect((await call('GET', `/api/tours/${own.tourId}`, null)).body).not.toContain('Renamed while suspended');
      expect((await t.database.db.select().from(users).where(eq(users.id, user.id)))[0]!.displayName).toBe(
        `Sam ${action}`,
      );

      // The same forms go through once the standing is good again: the refusals were the standing's.
      await lift(user);
      await t.database.db.update(stories).set({ hiddenAt: null }).where(eq(stories.authorId, user.id));
      const statuses = [];
      for (const [name, send] of publishingWrites(user, own, theirs)) statuses.push([name, (await send()).statusCode]);
      expect(
        statuses.every(([, status]) => status === 200 || status === 201),
        JSON.stringify(statuses),
      ).toBe(true);
    },
  );

  it('a suspended user keeps what concerns only them: taking their things down, unliking, appealing, blocking, settings', async () => {
    const user = await createTestUser(t.database, { displayName: 'Kept Rights', createdAt: hoursAgo(100) });
    const stops = [await story(user, 'Keep one'), await story(user, 'Keep two', 300)];
    const tourId = (await call('POST', '/api/tours', user, { title: 'Keep walk', storyIds: stops })).json()
      .id as string;
    const theirs = await story(admin, 'Liked before');
    await t.app.location.unlocks.record(user.id, [theirs]);
    expect((await call('POST', `/api/stories/${theirs}/like`, user)).statusCode).toBe(200);
    const decisionId = await suspendedFor(user);

    expect((await call('DELETE', `/api/stories/${theirs}/like`, user)).statusCode).toBe(200);
    expect((await call('DELETE', `/api/tours/${tourId}`, user)).statusCode).toBe(204);
    expect((await call('DELETE', `/api/stories/${stops[1]}`, user)).statusCode).toBe(204);
    expect(
      (await call('POST', `/api/moderation/decisions/${decisionId}/appeal`, user, { text: 'It was not me' }))
        .statusCode,
    ).toBe(201);
    expect((await call('PUT', `/api/blocks/${mod2.id}`, user)).statusCode).toBe(200);
    expect((await call('PUT', '/api/push/preferences', user, { kinds: [] })).statusCode).toBe(200);
    expect((await call('POST', '/api/notifications/read-all', user)).statusCode).toBe(200);
    expect((await call('GET', `/api/stories/${theirs}?${at}`, user)).statusCode).toBe(200);
  });

  it('a suspended or banned moderator cannot read the queue, restore, or suspend; an admin likewise', async () => {
    const target = await createTestUser(t.database, { displayName: 'Plain Target' });
    const hidden = await story(target, 'Hidden earlier');
    expect(
      (await call('POST', `/api/moderation/stories/${hidden}/decisions`, mod2, { action: 'hide', reason: 'spam' }))
        .statusCode,
    ).toBe(201);
    const suspendedAdmin = await createTestUser(t.database, { displayName: 'Sus Admin' });
    await setRole(suspendedAdmin, 'admin');

    for (const [who, column] of [
      [mod1, 'suspendedUntil'],
      [mod1, 'bannedAt'],
      [suspendedAdmin, 'suspendedUntil'],
    ] as const) {
      await lift(who);
      const until =
        column === 'suspendedUntil' ? { suspendedUntil: new Date(Date.now() + 86_400_000) } : { bannedAt: new Date() };
      await t.database.db.update(users).set(until).where(eq(users.id, who.id));
      const message = column === 'bannedAt' ? MODERATION_MESSAGES.banned : MODERATION_MESSAGES.suspended;
      for (const res of [
        await call('GET', '/api/moderation/queue', who),
        await call('POST', `/api/moderation/stories/${hidden}/decisions`, who, { action: 'restore', reason: 'other' }),
        await decideOnUser(target.id, { action: 'suspend', reason: 'spam', days: 30 }, who),
        ...(who === suspendedAdmin
          ? [
              await call('GET', '/api/moderation/audit', who),
              await call('POST', '/api/admin/roles', who, { username: target.username, role: 'moderator' }),
            ]
          : []),
      ]) {
        expect({ status: res.statusCode, body: res.json() }).toEqual({ status: 403, body: { message } });
      }
    }
    await lift(mod1);
    await lift(suspendedAdmin);
    // Still hidden, not suspended: nothing went through.
    expect((await t.database.db.select().from(stories).where(eq(stories.id, hidden)))[0]!.hiddenAt).not.toBeNull();
    expect((await t.database.db.select().from(users).where(eq(users.id, target.id)))[0]!.suspendedUntil).toBeNull();
    // In good standing again, the same moderator restores it.
    expect(
      (await call('POST', `/api/moderation/stories/${hidden}/decisions`, mod1, { action: 'restore', reason: 'other' }))
        .statusCode,
    ).toBe(201);
  });

  it('moderators cannot act on each other or on their stories; an admin can', async () => {
    const modStory = await story(mod2, 'A moderator’s story');
    for (const res of [
      await decideOnUser(mod2.id, { action: 'suspend', reason: 'spam', days: 30 }, mod1),
      await decideOnUser(mod2.id, { action: 'ban', reason: 'spam' }, mod1),
      await decideOnUser(mod2.id, { action: 'warn', reason: 'spam' }, mod1),
      await call('POST', `/api/moderation/stories/${modStory}/decisions`, mod1, { action: 'hide', reason: 'spam' }),
    ]) {
      expect({ status: res.statusCode, body: res.json() }).toEqual({
        status: 403,
        body: { message: MODERATION_MESSAGES.onModerator },
      });
    }
    const [row] = await t.database.db.select().from(users).where(eq(users.id, mod2.id));
    expect({ suspendedUntil: row!.suspendedUntil, bannedAt: row!.bannedAt }).toEqual({
      suspendedUntil: null,
      bannedAt: null,
    });
    expect(
      (await call('POST', `/api/moderation/stories/${modStory}/decisions`, admin, { action: 'hide', reason: 'spam' }))
        .statusCode,
    ).toBe(201);
    expect((await decideOnUser(mod2.id, { action: 'warn', reason: 'spam' }, admin)).statusCode).toBe(201);
  });

  it('a moderator cannot decide an appeal where they are the subject; another moderator cannot either; an admin can', async () => {
    const warned = await decideOnUser(mod1.id, { action: 'warn', reason: 'harassment' }, admin);
    expect(warned.statusCode, warned.body).toBe(201);
    const appealed = await call('POST', `/api/moderation/decisions/${warned.json().decision.id}/appeal`, mod1, {
      text: 'Unfair',
    });
    expect(appealed.statusCode, appealed.body).toBe(201);
    const appealId = appealed.json().appealId as string;

    const own = await call('POST', `/api/moderation/appeals/${appealId}/resolve`, mod1, { outcome: 'reverse' });
    expect({ status: own.statusCode, body: own.json() }).toEqual({
      status: 403,
      body: { message: MODERATION_MESSAGES.ownStory },
    });
    const peer = await call('POST', `/api/moderation/appeals/${appealId}/resolve`, mod2, { outcome: 'reverse' });
    expect({ status: peer.statusCode, body: peer.json() }).toEqual({
      status: 403,
      body: { message: MODERATION_MESSAGES.onModerator },
    });
    const byAnotherAdmin = await createTestUser(t.database, { displayName: 'Second Admin' });
    await setRole(byAnotherAdmin, 'admin');
    const resolved = await call('POST', `/api/moderation/appeals/${appealId}/resolve`, byAnotherAdmin, {
      outcome: 'uphold',
    });
    expect(resolved.statusCode, resolved.body).toBe(200);
  });

  it('registering a signed-in write that does not say whether it publishes fails', async () => {
    const { default: Fastify } = await import('fastify');
    const { default: fp } = await import('fastify-plugin');
    const { accessPlugin } = await import('../../plugins/access');
    const bare = Fastify();
    bare.register(fp(async () => undefined, { name: 'session' }));
    bare.register(async (scope) => {
      await scope.register(accessPlugin);
      scope.post('/forgetful', { config: { access: 'user' } }, async () => ({}));
    });
    await expect(bare.ready()).rejects.toThrow(/must declare goodStanding/);
    await bare.close().catch(() => undefined);
  });
});
