/**
 * GET /api/notifications/stream over real HTTP (SSE needs a listening server, not inject): delivery within 1 s,
 * Last-Event-ID replay, the per-user stream cap, a clean close, and two app instances on one database where a
 * like handled by instance A reaches a stream held on instance B (LISTEN/NOTIFY).
 */
import http from 'node:http';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CENTER } from '#common/constants';
import { notificationSchema, type Notification } from '#common/notification-schemas';
import { eq } from 'drizzle-orm';
import { buildApp } from '../../app';
import { users } from '../../db/schema';
import { createTestApp, sameDatabaseAgain, type TestApp } from '#tests/helpers/test-app';
import { createTestUser, type TestUser } from '#tests/helpers/users';
import { insertStory } from '../stories/test-support/story-fixtures';
import { readServerCatalogue } from '../../lib/i18n/server-messages';

interface SseClient {
  events: { id: string; notification: Notification }[];
  /** Every event's name, in order (notification, replaced, …). */
  names: string[];
  headers: http.IncomingHttpHeaders;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
}

/** A minimal SSE client on node:http that records `notification` events. */
function openStream(baseUrl: string, cookie: string, lastEventId?: string, query = ''): Promise<SseClient> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { cookie, accept: 'text/event-stream' };
    if (lastEventId) headers['last-event-id'] = lastEventId;
    const request = http.get(`${baseUrl}/api/notifications/stream${query}`, { headers }, (response) => {
      if (response.statusCode !== 200) return reject(new Error(`stream answered ${response.statusCode}`));
      expect(response.headers['content-type']).toMatch(/^text\/event-stream/);
      const events: SseClient['events'] = [];
      const names: string[] = [];
      let buffer = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        buffer += chunk;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const fields = Object.fromEntries(
            block
              .split('\n')
              .filter((line) => !line.startsWith(':') && line.includes(':'))
              .map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 1).trimStart()]),
          );
          if (fields.event) names.push(fields.event);
          if (fields.event === 'notification') {
            events.push({ id: fields.id!, notification: notificationSchema.parse(JSON.parse(fields.data!)) });
          }
        }
      });
      const ended = new Promise<void>((done) => response.on('end', done).on('close', done));
      resolve({ events, names, headers: response.headers, ended, close: () => request.destroy() });
    });
    request.on('error', reject);
  });
}

describe('notification stream (SSE)', () => {
  let t: TestApp;
  let baseUrl: string;
  let author: TestUser;
  let fans: TestUser[];

  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_DISABLED: 'true' });
    baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
    author = await createTestUser(t.database, { displayName: 'Ada Author' });
    fans = await Promise.all([1, 2, 3, 4].map((i) => createTestUser(t.database, { displayName: `Fan ${i}` })));
  });
  afterAll(async () => t.close());

  const likeOn = async (app: FastifyInstance, fan: TestUser, title: string) => {
    const story = await insertStory(t.database, { authorId: author.id, ...DEFAULT_CENTER, title });
    // Likes need the story unlocked for the liker once (docs/security.md, "Location: a position is a claim"), as a read within 100 m records.
    await t.app.location.unlocks.record(fan.id, [story.id]);
    const res = await app.inject({
      method: 'POST',
      url: `/api/stories/${story.id}/like`,
      headers: { cookie: fan.cookie },
    });
    expect(res.statusCode).toBe(200);
    return story.id;
  };

  it('says each notification in the language the stream names, replayed ones too (EventSource sends no headers)', async () => {
    const es = readServerCatalogue('es');
    const stream = await openStream(baseUrl, author.cookie, undefined, '?lang=es');
    await likeOn(t.app, fans[0]!, 'Faro');
    await expect.poll(() => stream.events.length, { timeout: 1_000, interval: 20 }).toBe(1);
    const spanish = {
      title: es['New like'],
      message: es['{0} liked your story “{1}”']!.replace('{0}', 'Fan 1').replace('{1}', 'Faro'),
    };
    expect(stream.events[0]!.notification).toMatchObject(spanish);
    stream.close();
    await expect.poll(() => t.app.notifications.hub.count(author.id)).toBe(0);
    await likeOn(t.app, fans[1]!, 'Muelle');
    const resumed = await openStream(baseUrl, author.cookie, stream.events[0]!.id, '?lang=es');
    await expect.poll(() => resumed.events.length, { timeout: 1_000, interval: 20 }).toBe(1);
    expect(resumed.events[0]!.notification.message).toBe(
      es['{0} liked your story “{1}”']!.replace('{0}', 'Fan 2').replace('{1}', 'Muelle'),
    );
    resumed.close();
    // Without a language named, the stream speaks English.
    await expect.poll(() => t.app.notifications.hub.count(author.id)).toBe(0);
    const english = await openStream(baseUrl, author.cookie);
    await likeOn(t.app, fans[2]!, 'Pier');
    await expect.poll(() => english.events.length, { timeout: 1_000, interval: 20 }).toBe(1);
    expect(english.events[0]!.notification).toMatchObject({
      title: 'New like',
      message: 'Fan 3 liked your story “Pier”',
    });
    english.close();
    await expect.poll(() => t.app.notifications.hub.count(author.id)).toBe(0);
  });

  it('answers 401 signed out', async () => {
    const status = await new Promise<number>((resolve) =>
      http.get(`${baseUrl}/api/notifications/stream`, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      }),
    );
    expect(status).toBe(401);
  });

  it('delivers a new notification within 1 s, as the list returns it, and replays what was missed', async () => {
    const stream = await openStream(baseUrl, author.cookie);
    const storyId = await likeOn(t.app, fans[0]!, 'Harbour lights');
    // The notification was committed with the like: the clock runs from the like's answer.
    const started = Date.now();
    await expect.poll(() => stream.events.length, { timeout: 1_000, interval: 20 }).toBe(1);
    expect(Date.now() - started).toBeLessThan(1_000);
    const listed = (await t.app.inject({ url: '/api/notifications', headers: { cookie: author.cookie } })).json();
    expect(stream.events[0]!.notification).toEqual(listed[0]);
    expect(stream.events[0]!.id).toBe(listed[0].id);
    expect(stream.events[0]!.notification).toMatchObject({
      storyId,
      message: 'Fan 1 liked your story “Harbour lights”',
    });
    stream.close();

    // Missed while away: two likes; reconnecting with Last-Event-ID replays exactly those, oldest first.
    await expect.poll(() => t.app.notifications.hub.count(author.id)).toBe(0);
    await likeOn(t.app, fans[1]!, 'Second');
    await likeOn(t.app, fans[2]!, 'Third');
    const resumed = await openStream(baseUrl, author.cookie, stream.events[0]!.id);
    await expect.poll(() => resumed.events.length, { timeout: 1_000, interval: 20 }).toBe(2);
    expect(resumed.events.map((e) => e.notification.message)).toEqual([
      'Fan 2 liked your story “Second”',
      'Fan 3 liked your story “Third”',
    ]);
    // And it stays live.
    await likeOn(t.app, fans[3]!, 'Fourth');
    await expect.poll(() => resumed.events.length, { timeout: 1_000, interval: 20 }).toBe(3);
    resumed.close();
  });

  it('keeps at most 5 streams per user: a sixth ends the oldest', async () => {
    const user = await createTestUser(t.database);
    const streams: SseClient[] = [];
    for (let i = 0; i < 5; i++) streams.push(await openStream(baseUrl, user.cookie));
    await expect.poll(() => t.app.notifications.hub.count(user.id)).toBe(5);
    streams.push(await openStream(baseUrl, user.cookie));
    await streams[0]!.ended;
    await expect.poll(() => t.app.notifications.hub.count(user.id)).toBe(5);
    // Its last event tells the client not to reconnect (docs/security.md, "Hardening, third round": six tabs evicted each other for ever).
    expect(streams[0]!.names).toEqual(['replaced']);
    expect(streams.slice(1).every((s) => s.names.length === 0)).toBe(true);
    for (const s of streams) s.close();
  });

  it('carries the same security headers as every other answer, and no cache may keep it', async () => {
    const user = await createTestUser(t.database);
    const stream = await openStream(baseUrl, user.cookie);
    expect(stream.headers['content-security-policy']).toContain("default-src 'self'");
    expect(stream.headers['x-content-type-options']).toBe('nosniff');
    expect(stream.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(stream.headers['permissions-policy']).toContain('camera=(self)');
    expect(stream.headers['cache-control']).toBe('private, no-store, no-transform');
    stream.close();
  });

  it('ends when the session signs out, and when the account goes', async () => {
    const user = await createTestUser(t.database);
    const stream = await openStream(baseUrl, user.cookie);
    await expect.poll(() => t.app.notifications.hub.count(user.id)).toBe(1);
    const logout = await t.app.inject({ method: 'POST', url: '/api/logout', headers: { cookie: user.cookie } });
    expect(logout.statusCode).toBe(200);
    await stream.ended;
    expect(t.app.notifications.hub.count(user.id)).toBe(0);
    // Reconnecting with the ended session is refused.
    await expect(openStream(baseUrl, user.cookie)).rejects.toThrow('stream answered 401');

    const other = await createTestUser(t.database);
    const second = await openStream(baseUrl, other.cookie);
    await expect.poll(() => t.app.notifications.hub.count(other.id)).toBe(1);
    await t.database.db.delete(users).where(eq(users.id, other.id));
    await second.ended;
    expect(t.app.notifications.hub.count(other.id)).toBe(0);
  });

  it('ends every stream at its maximum lifetime (NOTIFICATION_STREAM_LIFETIME, one hour by default)', async () => {
    expect(t.config.notificationStreamLifetimeMs).toBe(3_600_000);
    // An instance whose streams live 1.5 s, on the same database.
    const second = await sameDatabaseAgain(t.database);
    const shortLived = await buildApp(
      { ...t.config, notificationStreamLifetimeMs: 1_500 },
      { database: second.database, logger: false },
    );
    const url = await shortLived.listen({ port: 0, host: '127.0.0.1' });
    try {
      const user = await createTestUser(t.database);
      const opened = Date.now();
      const stream = await openStream(url, user.cookie);
      await expect.poll(() => shortLived.notifications.hub.count(user.id)).toBe(1);
      await stream.ended;
      const lived = Date.now() - opened;
      expect(lived).toBeGreaterThanOrEqual(1_400);
      expect(lived).toBeLessThan(10_000);
      // An ordinary end: the client reconnects (a replaced stream would say so and stay away).
      expect(stream.names).not.toContain('replaced');
      expect(shortLived.notifications.hub.count(user.id)).toBe(0);
      // The same session may open the next one.
      const next = await openStream(url, user.cookie);
      await expect.poll(() => shortLived.notifications.hub.count(user.id)).toBe(1);
      next.close();
    } finally {
      await shortLived.close();
      if (second.owned) await second.database.close();
    }
  });

  it('reaches a stream held on another app instance on the same database (LISTEN/NOTIFY)', async () => {
    const second = await sameDatabaseAgain(t.database);
    const appB = await buildApp(t.config, { database: second.database, logger: false });
    const urlB = await appB.listen({ port: 0, host: '127.0.0.1' });
    try {
      const onB = await openStream(urlB, author.cookie);
      const fan = await createTestUser(t.database, { displayName: 'Far Fan' });
      // The like is handled by instance A.
      await likeOn(t.app, fan, 'Across instances');
      await expect.poll(() => onB.events.length, { timeout: 1_000, interval: 20 }).toBe(1);
      expect(onB.events[0]!.notification.message).toBe('Far Fan liked your story “Across instances”');

      // Closing the app ends its streams cleanly.
      await appB.close();
      await onB.ended;
    } finally {
      await appB.close();
      if (second.owned) await second.database.close();
    }
  });
});
