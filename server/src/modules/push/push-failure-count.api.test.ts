/**
 * A device's failed deliveries are counted in its row (docs/decisions/049-push-bound-to-session-and-counted-in-the-database.md):
 * two app instances on one database add to one count, a restart keeps it, a success starts it again, and the
 * fifth failure in a row deletes the row. And a subscription belongs to the session that made it: that session's
 * end (POST or GET /api/logout, another device's password reset) removes it, another session's does not.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { DEFAULT_CENTER } from '#common/constants';
import { PUSH_LIMITS } from '#common/push';
import { buildApp } from '../../app';
import { createTestApp, sameDatabaseAgain, type TestApp } from '#tests/helpers/test-app';
import { createTestUser, type TestUser } from '#tests/helpers/users';
import { startMockPushService, type MockDevice, type MockPushService } from '#tests/helpers/mock-push-service';
import { insertStory } from '../stories/test-support/story-fixtures';
import { createSession, SESSION_COOKIE } from '../auth/session-store';
import { createPushRepository } from './push-repository';

describe('push failures counted in the database, subscriptions bound to their session', () => {
  let push: MockPushService;
  let t: TestApp;
  let publicKey: string;
  /** Other instances on the same database, closed after the file. */
  const others: { app: FastifyInstance; close(): Promise<void> }[] = [];

  beforeAll(async () => {
    push = await startMockPushService();
    t = await createTestApp({ PUSH_TEST_ORIGINS: push.origin, RATE_LIMIT_DISABLED: 'true' });
    publicKey = (await t.app.inject({ url: '/api/push/public-key' })).json().publicKey;
  });
  afterAll(async () => {
    for (const other of others) await other.close();
    await t?.close();
    await push?.close();
  });

  /** Another instance of the app on the same database (a second process, or the same one restarted). */
  const anotherInstance = async () => {
    const second = await sameDatabaseAgain(t.database);
    const app = await buildApp(t.config, { database: second.database, logger: false });
    await app.ready();
    let closed = false;
    const instance = {
      app,
      // Once only: a test may stop an instance (a restart) that afterAll then meets again.
      close: async () => {
        if (closed) return;
        closed = true;
        await app.close();
        if (second.owned) await second.database.close();
      },
    };
    others.push(instance);
    return instance;
  };

  const subscribe = (user: { cookie: string }, device: MockDevice) =>
    t.app.inject({
      method: 'POST',
      url: '/api/push/subscriptions',
      headers: { cookie: user.cookie },
      payload: { endpoint: device.endpoint, expirationTime: null, keys: device.keys },
    });

  const rowOf = async (endpoint: string) =>
    (
      await t.database.query<{ failures: number }>(
        sql`SELECT consecutive_failures AS failures FROM push_subscriptions WHERE endpoint = ${endpoint}`,
      )
    ).map((row) => Number(row.failures))[0];

  /** A new fan likes a new story of the author's through `app`: that instance sends the push. */
  const likeThrough = async (app: FastifyInstance, author: TestUser, outcome: 'fails' | 'delivered') => {
    const story = await insertStory(t.database, { authorId: author.id, ...DEFAULT_CENTER, title: 'Counted' });
    const fan = await createTestUser(t.database);
    await t.app.location.unlocks.record(fan.id, [story.id]);
    // 400 is not tried again: one failed delivery per like.
    if (outcome === 'fails') push.failNext(1, 400);
    const res = await app.inject({
      method: 'POST',
      url: `/api/stories/${story.id}/like`,
      headers: { cookie: fan.cookie },
    });
    expect(res.statusCode).toBe(200);
    await app.push.service.idle();
  };

  it('two instances count toward one limit, a restart keeps the count, a success resets it, the fifth failure drops', async () => {
    const author = await createTestUser(t.database);
    const device = await push.subscribe(publicKey);
    expect((await subscribe(author, device)).statusCode).toBe(201);
    const b = await anotherInstance();

    await likeThrough(t.app, author, 'fails');
    await likeThrough(b.app, author, 'fails');
    expect(await rowOf(device.endpoint)).toBe(2);
    // A delivery that goes through starts the count again.
    await likeThrough(b.app, author, 'delivered');
    expect(push.messages(device.clientHash)).toHaveLength(1);
    expect(await rowOf(device.endpoint)).toBe(0);

    for (let i = 0; i < PUSH_LIMITS.failuresBeforeDrop - 1; i++) {
      await likeThrough(i % 2 === 0 ? t.app : b.app, author, 'fails');
    }
    expect(await rowOf(device.endpoint)).toBe(PUSH_LIMITS.failuresBeforeDrop - 1);
    // Instance B restarts: the new process on the same database goes on from the stored count.
    await b.close();
    const restarted = await anotherInstance();
    expect(await rowOf(device.endpoint)).toBe(PUSH_LIMITS.failuresBeforeDrop - 1);
    await likeThrough(restarted.app, author, 'fails');
    expect(await rowOf(device.endpoint)).toBeUndefined();
  });

  it('failures counted at the same moment from two connections are all counted, and the row is deleted once', async () => {
    const author = await createTestUser(t.database);
    const device = await push.subscribe(publicKey);
    expect((await subscribe(author, device)).statusCode).toBe(201);
    const [id] = (
      await t.database.query<{ id: string }>(sql`SELECT id FROM push_subscriptions WHERE endpoint = ${device.endpoint}`)
    ).map((row) => row.id);
    const second = await sameDatabaseAgain(t.database);
    try {
      const repositories = [createPushRepository(t.database), createPushRepository(second.database)];
      const results = await Promise.all(
        Array.from({ length: PUSH_LIMITS.failuresBeforeDrop + 1 }, (_, i) =>
          repositories[i % 2]!.deliveryFailed(id!, PUSH_LIMITS.failuresBeforeDrop),
        ),
      );
      const counts = results.flatMap((result) => (result ? [result.failures] : [])).sort((x, y) => x - y);
      expect(counts).toEqual(Array.from({ length: PUSH_LIMITS.failuresBeforeDrop }, (_, i) => i + 1));
      expect(results.filter((result) => result?.dropped)).toHaveLength(1);
      expect(results.filter((result) => result === null)).toHaveLength(1);
      expect(await rowOf(device.endpoint)).toBeUndefined();
    } finally {
      if (second.owned) await second.database.close();
    }
  });

  it("a session's end removes the subscriptions it made, and only those", async () => {
    const user = await createTestUser(t.database);
    const otherSession = `${SESSION_COOKIE}=${(await createSession(t.database.db, user.id)).token}`;
    const [phone, laptop, tablet] = [
      await push.subscribe(publicKey),
      await push.subscribe(publicKey),
      await push.subscribe(publicKey),
    ];
    expect((await subscribe(user, phone)).statusCode).toBe(201);
    expect((await subscribe({ cookie: otherSession }, laptop)).statusCode).toBe(201);
    const status = async (device: MockDevice) =>
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/push/subscriptions/status',
          headers: { cookie: otherSession },
          payload: { endpoint: device.endpoint },
        })
      ).json<{ subscribed: boolean }>().subscribed;
    expect([await status(phone), await status(laptop)]).toEqual([true, true]);

    // The phone signs out (POST /api/logout, as the account menu does after its own clean-up).
    const out = await t.app.inject({ method: 'POST', url: '/api/logout', headers: { cookie: user.cookie } });
    expect(out.statusCode).toBe(200);
    expect([await status(phone), await status(laptop)]).toEqual([false, true]);

    // The sign-out link (GET /api/logout, a same-origin navigation) ends the laptop's session and its row.
    const third = `${SESSION_COOKIE}=${(await createSession(t.database.db, user.id)).token}`;
    expect((await subscribe({ cookie: third }, tablet)).statusCode).toBe(201);
    const link = await t.app.inject({
      method: 'GET',
      url: '/api/logout',
      headers: { cookie: otherSession, 'sec-fetch-site': 'same-origin', 'sec-fetch-mode': 'navigate' },
    });
    expect(link.statusCode, link.body).toBe(302);
    const left = await t.database.query<{ endpoint: string }>(
      sql`SELECT endpoint FROM push_subscriptions WHERE user_id = ${user.id}`,
    );
    expect(left.map((row) => row.endpoint)).toEqual([tablet.endpoint]);
  });
});
