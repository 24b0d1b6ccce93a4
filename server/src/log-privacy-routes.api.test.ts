/**
 * Logs without secrets over EVERY route (docs/security.md): each route of the inventory is called signed in, with
 * a request its contract accepts (its own sample, or the push routes with a real device's subscription), once as
 * it stands and once with the database failing under it (the error path logs the most), and no log line may
 * carry the device's push endpoint or keys, the user's email, session token or the position sent.
 */
import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { isEndlessStream, routeInventory, routeName, type InventoryRoute } from '#tests/helpers/route-inventory';
import { useTestApp } from '#tests/helpers/test-app';
import { createTestUser } from '#tests/helpers/users';
import { sampleOf } from '#tests/helpers/zod-sample';

/** A real device's subscription: a P-256 public key and a 16-byte secret, at a browser push service. */
function deviceSubscription() {
  const ecdh = crypto.createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    endpoint: `https://fcm.googleapis.com/fcm/send/${crypto.randomBytes(24).toString('base64url')}`,
    keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: crypto.randomBytes(16).toString('base64url') },
  };
}

const SIGNS_IN = new Set(['POST /api/user/register', 'POST /api/user/login', 'POST /api/user/reset-password']);

const schemaOf = (route: InventoryRoute, part: 'body' | 'querystring' | 'params') => {
  const schema = route.options.schema?.[part];
  return schema instanceof z.ZodType ? schema : undefined;
};

describe('logs without secrets, every route', () => {
  const lines: string[] = [];
  const inventory = routeInventory();
  const t = useTestApp(
    { RATE_LIMIT_DISABLED: 'true', STORY_INDEX: 'off', PUSH_TEST_ORIGINS: 'https://fcm.googleapis.com' },
    {
      onRoute: inventory.onRoute,
      logger: { level: 'debug', stream: { write: (line: string) => void lines.push(line) } },
    },
  );

  it(
    'no route, answering or failing, logs a push endpoint or key, an email, a session token or a position',
    { timeout: 300_000 },
    async () => {
      const { app, database } = t.current;
      const email = `log-${crypto.randomBytes(5).toString('hex')}@example.test`;
      const user = await createTestUser(database, { email });
      const device = deviceSubscription();
      const position = { lat: 32.08357531, lng: -81.09986421 };
      const pushBodies: Record<string, object> = {
        'POST /api/push/subscriptions': device,
        'POST /api/push/subscriptions/status': { endpoint: device.endpoint },
        'DELETE /api/push/subscriptions': { endpoint: device.endpoint },
      };
      const called: string[] = [];
      const callEvery = async () => {
        for (const route of inventory.apiRoutes()) {
          if (isEndlessStream(route) || route.url === '/api/account' || route.url === '/api/logout') continue;
          const name = routeName(route);
          const params = (schemaOf(route, 'params') ? sampleOf(schemaOf(route, 'params')!) : {}) as Record<
            string,
            unknown
          >;
          const url = route.url.replace(/:([A-Za-z0-9_]+)|\*/g, (_m, param: string | undefined) => {
            if (param === 'lat') return String(position.lat);
            if (param === 'lng') return String(position.lng);
            return encodeURIComponent(String(params[param ?? '*'] ?? crypto.randomUUID()));
          });
          const query = schemaOf(route, 'querystring')
            ? (sampleOf(schemaOf(route, 'querystring')!) as Record<string, unknown>)
            : {};
          const search = new URLSearchParams(
            Object.entries(query ?? {}).map(([k, v]) => [
              k,
              k === 'lat' ? String(position.lat) : k === 'lng' ? String(position.lng) : String(v),
            ]),
          );
          const body =
            pushBodies[name] ??
            (schemaOf(route, 'body') ? sampleOf(schemaOf(route, 'body')!, { hints: { type: ['text'] } }) : undefined);
          await app.inject({
            method: route.method,
            url: `${url}${search.size ? `?${search}` : ''}`,
            // Signing in or up replaces the caller's session: those go signed out.
            headers: SIGNS_IN.has(name) ? {} : { cookie: user.cookie },
            ...(body === undefined ? {} : { payload: body as object }),
          });
          called.push(name);
        }
      };
      await callEvery();
      // The subscription went in: its endpoint and keys were really handled.
      const [stored] = await database.query<{ n: number }>(
        sql`SELECT count(*)::int AS n FROM push_subscriptions WHERE endpoint = ${device.endpoint}`,
      );
      expect(stored!.n + called.filter((n) => n === 'DELETE /api/push/subscriptions').length).toBeGreaterThan(0);

      // Again with the tables the routes use failing: errors log the most.
      await database.query(sql`ALTER TABLE push_subscriptions RENAME TO push_subscriptions_away`);
      try {
        await callEvery();
      } finally {
        await database.query(sql`ALTER TABLE push_subscriptions_away RENAME TO push_subscriptions`);
      }

      const log = lines.join('');
      expect(log).toContain('Failed query');
      expect(new Set(called).size).toBeGreaterThan(55);
      const secrets = {
        endpoint: device.endpoint,
        endpointPath: device.endpoint.split('/').at(-1)!,
        p256dh: device.keys.p256dh,
        auth: device.keys.auth,
        email,
        sessionToken: user.cookie.split('=')[1]!,
        latitude: String(position.lat),
        longitude: String(position.lng),
      };
      const found = Object.entries(secrets)
        .filter(([, secret]) => log.includes(secret))
        .map(([name]) => name);
      expect(found).toEqual([]);
    },
  );
});
