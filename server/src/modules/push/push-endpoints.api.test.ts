/**
 * Push endpoints cannot reach inside (docs/security.md, "Push endpoints"): subscribing answers 400 with a clear
 * message for every hostile endpoint form and for keys that are not keys; and the sender, given rows no
 * subscribe would accept (stored before the rule) and names that resolve inside (a stand-in resolver), opens no
 * connection to a TLS listener on a loopback address at port 443 — while a control whose address the test
 * allows shows the same listener is reached, by the checked address, with the push service's name.
 */
import net from 'node:net';
import tls from 'node:tls';
import fs from 'node:fs';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { sql } from 'drizzle-orm';
import webpush from 'web-push';
import type { Notification } from '#common/notification-schemas';
import { PUSH_LIMITS, PUSH_TEXTS } from '#common/push';
import { createTestApp, type TestApp } from '#tests/helpers/test-app';
import { createTestUser, type TestUser } from '#tests/helpers/users';
import { createPushRepository } from './push-repository';
import { createPushSender } from './push-sender';
import { createGuardedAgent, type PushResolver, type ResolvedAddress } from './guarded-agent';
import { badKeys, GOOD_KEYS, hostileEndpoints } from './test-support/hostile-endpoints';

/** A TLS listener on a random loopback address at port 443, counting connections and the names asked for. */
async function startLoopbackListener(): Promise<{
  host: string;
  connections: () => number;
  names: string[];
  close(): Promise<void>;
}> {
  const { keyPath, certPath } = inject('pushTls');
  const names: string[] = [];
  let connections = 0;
  const server = tls.createServer({
    key: fs.readFileSync(keyPath),
    cert: fs.readFileSync(certPath),
    SNICallback: (name, done) => {
      names.push(name);
      done(null, undefined);
    },
  });
  server.on('connection', () => connections++);
  server.on('tlsClientError', () => undefined);
  for (let attempt = 0; ; attempt++) {
    const host =
      attempt === 0
        ? '127.0.0.2'
        : `127.${1 + Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}.${2 + Math.floor(Math.random() * 250)}`;
    try {
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(443, host, () => {
          server.off('error', reject);
          resolve();
        });
      });
      return {
        host,
        connections: () => connections,
        names,
        close: () => new Promise((resolve) => server.close(() => resolve())),
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE' || attempt > 10) throw error;
    }
  }
}

describe('push endpoints that cannot reach inside', () => {
  let t: TestApp;
  let user: TestUser;
  let listener: Awaited<ReturnType<typeof startLoopbackListener>>;

  beforeAll(async () => {
    listener = await startLoopbackListener();
    t = await createTestApp({ RATE_LIMIT_DISABLED: 'true' });
    user = await createTestUser(t.database);
  });
  afterAll(async () => {
    await t?.close();
    await listener?.close();
  });

  const subscribe = (payload: object) =>
    t.app.inject({ method: 'POST', url: '/api/push/subscriptions', headers: { cookie: user.cookie }, payload });
  const stored = async () =>
    (
      await t.database.query<{ endpoint: string }>(
        sql`SELECT endpoint FROM push_subscriptions WHERE user_id = ${user.id}`,
      )
    ).map((row) => row.endpoint);

  it('subscribing answers 400 with a clear message for every hostile endpoint and for keys that are not keys', async () => {
    for (const { endpoint, message } of hostileEndpoints(listener.host)) {
      const res = await subscribe({ endpoint, expirationTime: null, keys: GOOD_KEYS });
      expect({ endpoint, status: res.statusCode, message: res.json().message }).toEqual({
        endpoint,
        status: 400,
        message,
      });
    }
    for (const { keys, message } of badKeys()) {
      const res = await subscribe({ endpoint: 'https://fcm.googleapis.com/fcm/send/k', keys });
      expect({ keys, status: res.statusCode, message: res.json().message }).toEqual({ keys, status: 400, message });
    }
    expect(await stored()).toEqual([]);
    expect(
      (await subscribe({ endpoint: 'https://fcm.googleapis.com:443/fcm/send/ok', keys: GOOD_KEYS })).statusCode,
    ).toBe(201);
    expect(await stored()).toEqual(['https://fcm.googleapis.com:443/fcm/send/ok']);
    await t.database.query(sql`DELETE FROM push_subscriptions WHERE user_id = ${user.id}`);
  });

  /** Stores rows as they are (no subscribe check), sends one like notification to the user, waits for it. */
  async function sendTo(
    endpoints: string[],
    options: {
      resolve: PushResolver;
      allowedHosts: string[];
      isAllowedAddress?: (address: string) => boolean;
      notifications?: number;
    },
  ) {
    for (const endpoint of endpoints) {
      await t.database.query(
        sql`INSERT INTO push_subscriptions (user_id, endpoint, p256dh, auth) VALUES (${user.id}, ${endpoint}, ${GOOD_KEYS.p256dh}, ${GOOD_KEYS.auth})`,
      );
    }
    const agent = createGuardedAgent({ resolve: options.resolve, isAllowedAddress: options.isAllowedAddress });
    const sender = createPushSender({
      repository: createPushRepository(t.database),
      vapid: { ...webpush.generateVAPIDKeys(), subject: 'mailto:test@example.test' },
      logger: { warn: () => undefined, error: () => undefined },
      policy: { allowedHosts: options.allowedHosts },
      agent,
      sleep: async () => undefined,
    });
    for (let n = 0; n < (options.notifications ?? 1); n++) {
      const notification: Notification = {
        id: randomUUID(),
        userId: user.id,
        type: 'story_liked',
        title: 'New like',
        message: 'Someone liked your story',
        storyId: null,
        isRead: false,
        createdAt: new Date().toISOString(),
      };
      sender.send([notification]);
      await sender.idle();
    }
    await sender.close();
    agent.destroy();
  }

  /** A resolver stand-in: every name in the table, nothing else (no real DNS in tests). */
  const standIn =
    (table: Record<string, string[]>, asked: string[] = []): PushResolver =>
    async (hostname) => {
      asked.push(hostname);
      const addresses = table[hostname];
      if (!addresses) throw Object.assign(new Error(`no such name ${hostname}`), { code: 'ENOTFOUND' });
      return addresses.map((address): ResolvedAddress => ({ address, family: net.isIP(address) }));
    };

  it('rows stored before the rule are deleted unsent: no hostile form connects', async () => {
    const asked: string[] = [];
    // Hosts refused only for not being allowed are the next test's: here even hosts the operator allowed do not
    // make a hostile form sendable.
    const endpoints = hostileEndpoints(listener.host)
      .filter((form) => form.message !== PUSH_TEXTS.endpointHost)
      .map((form) => form.endpoint);
    await sendTo(endpoints, {
      resolve: standIn({}, asked),
      allowedHosts: ['*.example.com', '*.x.com', 'fcm.googleapis.com'],
    });
    expect(listener.connections()).toBe(0);
    expect(asked).toEqual([]);
    expect(await stored()).toEqual([]);
  });

  it('an allowed name that resolves inside — loopback, private, mapped, NAT64, or one bad address among good ones — reaches nothing', async () => {
    const asked: string[] = [];
    const table = {
      'localtest.me': [listener.host],
      [`${listener.host}.nip.io`]: [listener.host],
      'mapped.push.test': [`::ffff:${listener.host}`],
      'nat64.push.test': ['64:ff9b::7f00:2'],
      'metadata.push.test': ['169.254.169.254'],
      'mixed.push.test': ['8.8.8.8', listener.host],
      'private.push.test': ['10.0.0.1', '192.168.1.1'],
    };
    const endpoints = [...Object.keys(table).map((host) => `https://${host}/send/x`), 'https://evil.example.com/x'];
    await sendTo(endpoints, {
      resolve: standIn(table, asked),
      allowedHosts: ['localtest.me', '*.nip.io', '*.push.test'],
    });
    expect(listener.connections()).toBe(0);
    // Each name resolved once per delivery (a refused address is not tried again); the host not allowed, never.
    expect(asked.sort()).toEqual(Object.keys(table).sort());
    // Kept for now (DNS may change back); a device failing again and again goes (next test). The host no
    // operator allowed is deleted at once.
    expect((await stored()).sort()).toEqual(endpoints.slice(0, -1).sort());
    await t.database.query(sql`DELETE FROM push_subscriptions WHERE user_id = ${user.id}`);
  });

  it('control: an address the policy allows is reached — the checked address, with the name for TLS; five failures in a row drop the device', async () => {
    const table = { 'good.push.test': [listener.host] };
    await sendTo(['https://good.push.test/send/x'], {
      resolve: standIn(table),
      allowedHosts: ['*.push.test'],
      isAllowedAddress: (address) => address === listener.host,
      notifications: PUSH_LIMITS.failuresBeforeDrop - 1,
    });
    // Each try reached the listener (its certificate is not good.push.test's, so none succeeds).
    expect(listener.connections()).toBe((PUSH_LIMITS.failuresBeforeDrop - 1) * PUSH_LIMITS.attempts);
    expect(new Set(listener.names)).toEqual(new Set(['good.push.test']));
    expect(await stored()).toEqual(['https://good.push.test/send/x']);
    // The fifth failed delivery in a row: the device is dropped (the count lives in the row, so a fresh row is
    // subscribed and sent to five times; push-failure-count.api.test.ts covers instances and restarts).
    await t.database.query(sql`DELETE FROM push_subscriptions WHERE user_id = ${user.id}`);
    await sendTo(['https://good.push.test/send/x'], {
      resolve: standIn(table),
      allowedHosts: ['*.push.test'],
      isAllowedAddress: (address) => address === listener.host,
      notifications: PUSH_LIMITS.failuresBeforeDrop,
    });
    expect(await stored()).toEqual([]);
  });
});
