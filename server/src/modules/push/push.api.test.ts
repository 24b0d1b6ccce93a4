/**
 * Web Push (docs/decisions/015-installable-offline-push.md) through the real app against a local mock push service (`web-push-testing` over https,
 * trusted through NODE_EXTRA_CA_CERTS): subscribing, delivery and decryption of a like's push, exactly once with
 * two app instances, 410 removing the subscription, retries on 429/5xx, preferences, and payloads that hold only
 * what the bell shows.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { DEFAULT_CENTER } from '#common/constants';
import { PUSH_KINDS, PUSH_TEXTS } from '#common/push';
import { pushPayloadSchema } from '#common/push-schemas';
import { buildApp } from '../../app';
import { createTestApp, sameDatabaseAgain, type TestApp } from '#tests/helpers/test-app';
import { createTestUser, type TestUser } from '#tests/helpers/users';
import { startMockPushService, type MockDevice, type MockPushService } from '#tests/helpers/mock-push-service';
import { insertStory } from '../stories/test-support/story-fixtures';
import { hashPassword } from '../auth/passwords';
import { readServerCatalogue } from '../../lib/i18n/server-messages';

const SECRET_CONTENT = 'The key is under the third stone from the well';

describe('Web Push', () => {
  let push: MockPushService;
  let t: TestApp;
  let author: TestUser;
  let publicKey: string;

  beforeAll(async () => {
    push = await startMockPushService();
    t = await createTestApp({ PUSH_TEST_ORIGINS: push.origin });
    author = await createTestUser(t.database, { displayName: 'Ada Author' });
    publicKey = (await t.app.inject({ url: '/api/push/public-key' })).json().publicKey;
  });
  afterAll(async () => {
    await t?.close();
    await push?.close();
  });

  const subscribe = async (user: TestUser, device: MockDevice, app: FastifyInstance = t.app) =>
    app.inject({
      method: 'POST',
      url: '/api/push/subscriptions',
      headers: { cookie: user.cookie },
      payload: { endpoint: device.endpoint, expirationTime: null, keys: device.keys },
    });

  /** A fan likes a new story of the author's (unlocked for the fan first, as a read within 100 m records). */
  const like = async (fan: TestUser, title: string, app: FastifyInstance = t.app) => {
    const story = await insertStory(t.database, {
      authorId: author.id,
      ...DEFAULT_CENTER,
      title,
      content: SECRET_CONTENT,
    });
    await t.app.location.unlocks.record(fan.id, [story.id]);
    const res = await app.inject({
      method: 'POST',
      url: `/api/stories/${story.id}/like`,
      headers: { cookie: fan.cookie },
    });
    expect(res.statusCode).toBe(200);
    return story.id;
  };

  const subscriptionCount = async (userId: string) =>
    Number(
      (
        await t.database.query<{ n: number }>(
          sql`SELECT count(*)::int AS n FROM push_subscriptions WHERE user_id = ${userId}`,
        )
      )[0]!.n,
    );

  it('publishes a VAPID public key and keeps the generated pair in DATA_DIR', async () => {
    expect(publicKey).toMatch(/^[A-Za-z0-9_-]{80,90}$/);
    const again = await buildApp(t.config, { database: t.database, logger: false });
    try {
      expect((await again.inject({ url: '/api/push/public-key' })).json().publicKey).toBe(publicKey);
    } finally {
      await again.close();
    }
  });

  it('subscribing needs a session, a well-formed subscription and a public https endpoint', async () => {
    const device = await push.subscribe(publicKey);
    const signedOut = await t.app.inject({
      method: 'POST',
      url: '/api/push/subscriptions',
      payload: { endpoint: device.endpoint, keys: device.keys },
    });
    expect(signedOut.statusCode).toBe(401);

    const post = (payload: unknown) =>
      t.app.inject({
        method: 'POST',
        url: '/api/push/subscriptions',
        headers: { cookie: author.cookie },
        payload: payload as object,
      });
    for (const [endpoint, message] of [
      ['http://push.example.com/x', PUSH_TEXTS.badEndpoint],
      ['https://127.0.0.1/x', PUSH_TEXTS.endpointAddress],
      ['https://10.1.2.3/x', PUSH_TEXTS.endpointAddress],
      ['https://169.254.169.254/latest', PUSH_TEXTS.endpointAddress],
      ['https://[::1]/x', PUSH_TEXTS.endpointAddress],
      ['https://localhost/x', PUSH_TEXTS.badEndpoint],
      ['https://db.internal/x', PUSH_TEXTS.endpointHost],
      ['not a url', PUSH_TEXTS.badEndpoint],
    ]) {
      const res = await post({ endpoint, keys: device.keys });
      expect(res.statusCode, endpoint).toBe(400);
      expect(res.json().message, endpoint).toBe(message);
    }
    const noKeys = await post({ endpoint: 'https://push.example.com/x' });
    expect(noKeys.statusCode).toBe(400);
    expect(noKeys.json().message).toBe('keys.p256dh and keys.auth are required');
    expect(await subscriptionCount(author.id)).toBe(0);

    // A public push service's endpoint is accepted (nothing is sent to it here).
    expect((await post({ endpoint: 'https://fcm.googleapis.com/fcm/send/abc', keys: device.keys })).statusCode).toBe(
      201,
    );
    const status = await t.app.inject({
      method: 'POST',
      url: '/api/push/subscriptions/status',
      headers: { cookie: author.cookie },
      payload: { endpoint: 'https://fcm.googleapis.com/fcm/send/abc' },
    });
    expect(status.json()).toEqual({ subscribed: true });
    const removed = await t.app.inject({
      method: 'DELETE',
      url: '/api/push/subscriptions',
      headers: { cookie: author.cookie },
      payload: { endpoint: 'https://fcm.googleapis.com/fcm/send/abc' },
    });
    expect(removed.json()).toEqual({ subscribed: false });
    const again = await t.app.inject({
      method: 'DELETE',
      url: '/api/push/subscriptions',
      headers: { cookie: author.cookie },
      payload: { endpoint: 'https://fcm.googleapis.com/fcm/send/abc' },
    });
    expect(again.statusCode).toBe(404);
  });

  it('a like reaches every device of the author, encrypted, with only what the bell shows', async () => {
    const phone = await push.subscribe(publicKey);
    const laptop = await push.subscribe(publicKey);
    expect((await subscribe(author, phone)).statusCode).toBe(201);
    expect((await subscribe(author, laptop)).statusCode).toBe(201);
    // Subscribing the same device again changes nothing.
    expect((await subscribe(author, phone)).statusCode).toBe(201);
    expect(await subscriptionCount(author.id)).toBe(2);

    const fan = await createTestUser(t.database, { displayName: 'Fay Fan' });
    const storyId = await like(fan, 'Harbour lights');
    await t.app.push.service.idle();

    const [bell] = (await t.app.inject({ url: '/api/notifications', headers: { cookie: author.cookie } })).json();
    for (const device of [phone, laptop]) {
      const messages = push.messages(device.clientHash);
      expect(messages).toHaveLength(1);
      const payload = pushPayloadSchema.parse(JSON.parse(messages[0]!));
      expect(payload).toEqual({
        id: bell.id,
        type: 'story_liked',
        title: 'New like',
        message: 'Fay Fan liked your story “Harbour lights”',
        storyId,
        createdAt: bell.createdAt,
        url: `/stories/${storyId}`,
      });
      expect(messages[0]).not.toContain(SECRET_CONTENT);
    }
  });

  it('a push is said in the language the user chose for their account', async () => {
    const es = readServerCatalogue('es');
    const hablante = await createTestUser(t.database, { displayName: 'Ana Autora' });
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: '/api/user/language',
          headers: { cookie: hablante.cookie },
          payload: { language: 'es' },
        })
      ).statusCode,
    ).toBe(200);
    const device = await push.subscribe(publicKey);
    expect((await subscribe(hablante, device)).statusCode).toBe(201);
    const story = await insertStory(t.database, { authorId: hablante.id, ...DEFAULT_CENTER, title: 'La plaza' });
    const fan = await createTestUser(t.database, { displayName: 'Fay Fan' });
    await t.app.location.unlocks.record(fan.id, [story.id]);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/stories/${story.id}/like`,
      headers: { cookie: fan.cookie },
    });
    expect(res.statusCode).toBe(200);
    await t.app.push.service.idle();
    const [message] = push.messages(device.clientHash).map((m) => pushPayloadSchema.parse(JSON.parse(m)));
    expect(message).toMatchObject({
      title: es['New like'],
      message: es['{0} liked your story “{1}”']!.replace('{0}', 'Fay Fan').replace('{1}', 'La plaza'),
    });
  });

  it('with two app instances each device gets a push exactly once', async () => {
    const author2 = await createTestUser(t.database, { displayName: 'Two Places' });
    const device = await push.subscribe(publicKey);
    const second = await sameDatabaseAgain(t.database);
    const appB = await buildApp(t.config, { database: second.database, logger: false });
    try {
      await appB.ready();
      // Subscribed through instance B; the like is made through instance A; both instances LISTEN.
      expect((await subscribe(author2, device, appB)).statusCode).toBe(201);
      const fan = await createTestUser(t.database);
      const story = await insertStory(t.database, { authorId: author2.id, ...DEFAULT_CENTER, title: 'Both ways' });
      await t.app.location.unlocks.record(fan.id, [story.id]);
      expect(
        (await t.app.inject({ method: 'POST', url: `/api/stories/${story.id}/like`, headers: { cookie: fan.cookie } }))
          .statusCode,
      ).toBe(200);
      // Liking again through B makes no new notification and so no new push.
      expect(
        (await appB.inject({ method: 'POST', url: `/api/stories/${story.id}/like`, headers: { cookie: fan.cookie } }))
          .statusCode,
      ).toBe(200);
      // B hears the notification too (its SSE hub): give it the time it needs to do something wrong.
      const heard = (await t.app.inject({ url: '/api/notifications', headers: { cookie: author2.cookie } })).json();
      expect(heard).toHaveLength(1);
      await Promise.all([t.app.push.service.idle(), appB.push.service.idle()]);
      await new Promise((resolve) => setImmediate(resolve));
      await Promise.all([t.app.push.service.idle(), appB.push.service.idle()]);
      expect(push.messages(device.clientHash)).toHaveLength(1);
    } finally {
      await appB.close();
      if (second.owned) await second.database.close();
    }
  });

  it('a device the push service says is gone (410) is removed', async () => {
    const author3 = await createTestUser(t.database);
    const [kept, gone] = [await push.subscribe(publicKey), await push.subscribe(publicKey)];
    await subscribe(author3, kept);
    await subscribe(author3, gone);
    push.expire(gone.clientHash);
    const fan = await createTestUser(t.database);
    const story = await insertStory(t.database, { authorId: author3.id, ...DEFAULT_CENTER, title: 'Gone' });
    await t.app.location.unlocks.record(fan.id, [story.id]);
    await t.app.inject({ method: 'POST', url: `/api/stories/${story.id}/like`, headers: { cookie: fan.cookie } });
    await t.app.push.service.idle();
    expect(push.messages(kept.clientHash)).toHaveLength(1);
    const left = await t.database.query<{ endpoint: string }>(
      sql`SELECT endpoint FROM push_subscriptions WHERE user_id = ${author3.id}`,
    );
    expect(left.map((r) => r.endpoint)).toEqual([kept.endpoint]);
  });

  it('a 503 or 429 from the push service is tried again', async () => {
    const author4 = await createTestUser(t.database);
    const device = await push.subscribe(publicKey);
    await subscribe(author4, device);
    const before = push.requests();
    push.failNext(1, 503);
    const fan = await createTestUser(t.database);
    const story = await insertStory(t.database, { authorId: author4.id, ...DEFAULT_CENTER, title: 'Busy' });
    await t.app.location.unlocks.record(fan.id, [story.id]);
    await t.app.inject({ method: 'POST', url: `/api/stories/${story.id}/like`, headers: { cookie: fan.cookie } });
    await t.app.push.service.idle();
    expect(push.requests() - before).toBe(2);
    expect(push.messages(device.clientHash)).toHaveLength(1);
    expect(await subscriptionCount(author4.id)).toBe(1);

    push.failNext(1, 429, 1);
    const fan2 = await createTestUser(t.database);
    await t.app.location.unlocks.record(fan2.id, [story.id]);
    await t.app.inject({ method: 'POST', url: `/api/stories/${story.id}/like`, headers: { cookie: fan2.cookie } });
    await t.app.push.service.idle();
    expect(push.messages(device.clientHash)).toHaveLength(2);
  });

  it('sends only the kinds the user chose', async () => {
    const picky = await createTestUser(t.database);
    const device = await push.subscribe(publicKey);
    await subscribe(picky, device);
    const get = async () =>
      (await t.app.inject({ url: '/api/push/preferences', headers: { cookie: picky.cookie } })).json();
    expect(await get()).toEqual({ kinds: [...PUSH_KINDS] });
    const bad = await t.app.inject({
      method: 'PUT',
      url: '/api/push/preferences',
      headers: { cookie: picky.cookie },
      payload: { kinds: ['story_nearby'] },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(`kinds must be a list of: ${PUSH_KINDS.join(', ')}`);
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/push/preferences',
      headers: { cookie: picky.cookie },
      payload: { kinds: ['story_hidden'] },
    });
    expect(put.json()).toEqual({ kinds: ['story_hidden'] });

    const fan = await createTestUser(t.database);
    const story = await insertStory(t.database, {
      authorId: picky.id,
      ...DEFAULT_CENTER,
      title: 'Quiet please',
      content: SECRET_CONTENT,
    });
    await t.app.location.unlocks.record(fan.id, [story.id]);
    await t.app.inject({ method: 'POST', url: `/api/stories/${story.id}/like`, headers: { cookie: fan.cookie } });
    const decisionId = crypto.randomUUID();
    await t.app.notifications.service.storyHidden({
      storyId: story.id,
      authorId: picky.id,
      title: 'Quiet please',
      decisionId,
      reason: 'spam',
    });
    await t.app.push.service.idle();
    const messages = push.messages(device.clientHash).map((m) => JSON.parse(m));
    expect(messages.map((m) => m.type)).toEqual(['story_hidden']);
    expect(messages[0].message).toContain('“Quiet please”');
    // No raw id in a text a person reads.
    expect(messages[0].message).not.toContain(decisionId);
    expect(JSON.stringify(messages)).not.toContain(SECRET_CONTENT);
  });

  it('a nearby read (locked stories included) sends no push: those stay in the app', async () => {
    const reader = await createTestUser(t.database);
    const device = await push.subscribe(publicKey);
    await subscribe(reader, device);
    await insertStory(t.database, {
      authorId: author.id,
      latitude: DEFAULT_CENTER.latitude + 0.005,
      longitude: DEFAULT_CENTER.longitude,
      title: 'Far one',
      content: SECRET_CONTENT,
    });
    const read = await t.app.inject({
      url: `/api/stories/discoverable/${DEFAULT_CENTER.latitude}/${DEFAULT_CENTER.longitude}`,
      headers: { cookie: reader.cookie },
    });
    expect(read.statusCode).toBe(200);
    const made = (await t.app.inject({ url: '/api/notifications', headers: { cookie: reader.cookie } })).json();
    expect(made.length).toBeGreaterThan(0);
    await t.app.push.service.idle();
    expect(push.messages(device.clientHash)).toEqual([]);
  });

  it('deleting the account removes its devices', async () => {
    const leaving = await createTestUser(t.database);
    await subscribe(leaving, await push.subscribe(publicKey));
    expect(await subscriptionCount(leaving.id)).toBe(1);
    // Through the route a person uses (with their password), not a row deleted behind the app's back.
    await t.database.query(
      sql`UPDATE users SET password_hash = ${await hashPassword('leaving-words')} WHERE id = ${leaving.id}::uuid`,
    );
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: '/api/account',
      headers: { cookie: leaving.cookie },
      payload: { password: 'leaving-words' },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await subscriptionCount(leaving.id)).toBe(0);
  });
});
