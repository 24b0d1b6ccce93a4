/**
 * Authorization matrix (issue 15, item 7): every route of the route inventory × {signed out, another user, the
 * owner}, driven by the access each route declares. The routes are collected as the app registers them, so a
 * route added later (an edit or delete of a story, an account deletion or export) is exercised here without
 * editing this file: its path parameters are filled with the owner's resources by name, and at least the
 * signed-out and another-user rows run against it.
 *
 * Each route gets fresh fixtures (an owner with a public story, a private story and a notification; another
 * user), so a route that deletes or signs out cannot spoil the next one. What is checked:
 * - signed out: 401 `{ message }` on every non-public route; never a 5xx;
 * - another user: never a 5xx; nothing of the owner's changes (user row, stories, notifications, sessions);
 *   no answer carries the owner's email, private story or notification; known owner-only routes refuse;
 * - the owner: never a 5xx, never a 401 on a signed-in route; known owner-only routes answer 2xx.
 */
import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CENTER } from '#common/constants';
import { SIGN_IN_REQUIRED } from './plugins/access';
import { notifications } from './db/schema';
import { insertStory } from './modules/stories/test-support/story-fixtures';
import { fillPath, isEndlessStream, routeInventory, routeName, type InventoryRoute } from '../../tests/helpers/route-inventory';
import { useTestApp, type TestApp } from '../../tests/helpers/test-app';
import { createTestUser, type TestUser } from '../../tests/helpers/users';

interface Fixtures {
  owner: TestUser;
  other: TestUser;
  ownerEmail: string;
  publicStoryId: string;
  privateStoryId: string;
  notificationId: string;
  /** Texts only the owner may ever see. */
  privateMarkers: string[];
}

async function createFixtures(t: TestApp): Promise<Fixtures> {
  const tag = crypto.randomBytes(6).toString('hex');
  const ownerEmail = `owner-${tag}@example.test`;
  const owner = await createTestUser(t.database, { email: ownerEmail });
  const other = await createTestUser(t.database);
  const at = { latitude: DEFAULT_CENTER.latitude, longitude: DEFAULT_CENTER.longitude };
  const publicStory = await insertStory(t.database, { authorId: owner.id, ...at, title: `Public ${tag}`, isPublic: true });
  const privateTitle = `Private title ${tag}`;
  const privateContent = `Private content ${tag}`;
  const privateStory = await insertStory(t.database, {
    authorId: owner.id,
    ...at,
    title: privateTitle,
    content: privateContent,
    isPublic: false,
  });
  const notificationMessage = `For the owner only ${tag}`;
  const [notification] = await t.database.db
    .insert(notifications)
    .values({ userId: owner.id, type: 'other', title: 'Owner note', message: notificationMessage, storyId: publicStory.id })
    .returning();
  return {
    owner,
    other,
    ownerEmail,
    publicStoryId: publicStory.id,
    privateStoryId: privateStory.id,
    notificationId: notification!.id,
    privateMarkers: [ownerEmail, privateStory.id, privateTitle, privateContent, notification!.id, notificationMessage],
  };
}

/** Everything of the owner's that another user must never change. */
async function ownerState(t: TestApp, ownerId: string): Promise<unknown> {
  const rows = await t.database.query(sql`
    SELECT
      (SELECT to_jsonb(u) - 'updated_at' FROM users u WHERE u.id = ${ownerId}) AS account,
      (SELECT coalesce(jsonb_agg(to_jsonb(s) - 'location' - 'location_geom' ORDER BY s.id), '[]'::jsonb)
         FROM stories s WHERE s.author_id = ${ownerId}) AS stories,
      (SELECT coalesce(jsonb_agg(to_jsonb(n) ORDER BY n.id), '[]'::jsonb) FROM notifications n WHERE n.user_id = ${ownerId}) AS notifications,
      (SELECT coalesce(jsonb_agg(s.id ORDER BY s.id), '[]'::jsonb) FROM sessions s WHERE s.user_id = ${ownerId}) AS sessions`);
  return rows[0];
}

/** One request per binding of the route's path parameters to the owner's resources. */
function requestsFor(route: InventoryRoute, f: Fixtures): { label: string; url: string; ownResource: string | null }[] {
  const isNotificationRoute = route.url.startsWith('/api/notifications/');
  const storyIds = [f.publicStoryId, f.privateStoryId];
  const bindings = route.params.includes('id') && !isNotificationRoute ? storyIds : [null];
  return bindings.map((storyId) => {
    let ownResource: string | null = null;
    const url = fillPath(route.url, (param) => {
      switch (param) {
        case 'id':
          ownResource = isNotificationRoute ? f.notificationId : storyId;
          return ownResource!;
        case 'userId':
          ownResource = f.owner.id;
          return f.owner.id;
        case 'lat':
          return String(DEFAULT_CENTER.latitude);
        case 'lng':
          return String(DEFAULT_CENTER.longitude);
        case '*':
          return 'unknown-media-key';
        default:
          // A parameter this test does not know yet: a well-formed id of nothing.
          return crypto.randomUUID();
      }
    });
    const query = route.url === '/api/notifications/smart/:lat/:lng' ? '?timeOfDay=morning' : '';
    const label = storyId === null ? 'owner' : storyId === f.privateStoryId ? 'private story' : 'public story';
    return { label, url: url + query, ownResource };
  });
}

/** A plausible body for the routes that read one; `{}` for one this test does not know (a 400 is fine then). */
function bodyFor(route: InventoryRoute): object | undefined {
  if (!route.options.schema?.body) return undefined;
  const known: Record<string, object> = {
    'POST /api/stories/:id/report': { reason: 'other', note: 'Not what it says' },
    'POST /api/user/setup': { username: `renamed_${crypto.randomBytes(3).toString('hex')}`, displayName: 'Renamed person' },
    'POST /api/user/check-username': { username: 'someone' },
    'POST /api/user/forgot-password': { username: 'someone' },
  };
  return known[routeName(route)] ?? {};
}

const is5xx = (res: LightMyRequestResponse) => res.statusCode >= 500;

/** Answers another user must get from routes that act on the owner's resources (the rest: see the generic checks). */
const otherUserStatus: Record<string, Partial<Record<string, number[]>>> = {
  'GET /api/stories/user/:userId': { '': [403] },
  'POST /api/notifications/:id/read': { '': [404] },
  'GET /api/stories/:id': { 'private story': [404], 'public story': [200] },
  'POST /api/stories/:id/like': { 'private story': [404], 'public story': [403] },
  'DELETE /api/stories/:id/like': { 'private story': [404], 'public story': [403, 200] },
  'POST /api/stories/:id/report': { 'private story': [404], 'public story': [403] },
  // Moderation (issue 26): every moderator and admin call refuses users without the role; a block is the
  // blocker's own (private) row, never the owner's data; a decision is appealed by its subject only.
  'GET /api/moderation/queue': { '': [403] },
  'POST /api/moderation/stories/:id/decisions': { '': [403] },
  'POST /api/moderation/users/:userId/decisions': { '': [403] },
  'POST /api/moderation/appeals/:id/resolve': { '': [403] },
  'GET /api/moderation/audit': { '': [403] },
  'POST /api/admin/roles': { '': [403] },
  'POST /api/moderation/decisions/:id/appeal': { '': [404, 400] },
  'PUT /api/blocks/:userId': { '': [200] },
  'DELETE /api/blocks/:userId': { '': [200] },
};

/** Owner-only routes the owner must be able to use. */
const ownerSucceeds = new Set(['GET /api/stories/user/:userId', 'POST /api/notifications/:id/read', 'GET /api/stories/:id']);

describe('authorization matrix: every route × {signed out, another user, the owner}', () => {
  const inventory = routeInventory();
  const t = useTestApp({ RATE_LIMIT_DISABLED: 'true' }, { onRoute: inventory.onRoute });

  it('knows the routes it walks (the inventory is not empty, and includes the owner-scoped ones)', () => {
    const names = inventory.apiRoutes().map(routeName);
    expect(names).toEqual(expect.arrayContaining(Object.keys(otherUserStatus)));
  });

  it('holds for every route', { timeout: 180_000 }, async () => {
    const failures: string[] = [];
    const exercised: string[] = [];
    for (const route of inventory.apiRoutes()) {
      const name = routeName(route);
      const f = await createFixtures(t.current);
      const payload = bodyFor(route);
      const send = (url: string, user: TestUser | null) =>
        t.current.app.inject({
          method: route.method,
          url,
          headers: user ? { cookie: user.cookie } : {},
          ...(payload === undefined ? {} : { payload }),
        });

      for (const request of requestsFor(route, f)) {
        const where = `${name} (${request.label}) ${request.url}`;
        const leaks = (res: LightMyRequestResponse) => f.privateMarkers.filter((marker) => res.body.includes(marker));

        // Signed out.
        const before = await ownerState(t.current, f.owner.id);
        const signedOut = await send(request.url, null);
        if (is5xx(signedOut)) failures.push(`${where} signed out: ${signedOut.statusCode}`);
        if (route.access !== 'public') {
          if (signedOut.statusCode !== 401 || signedOut.json<{ message?: string }>().message !== SIGN_IN_REQUIRED) {
            failures.push(`${where} signed out: expected 401 "${SIGN_IN_REQUIRED}", got ${signedOut.statusCode} ${signedOut.body.slice(0, 100)}`);
          }
        } else if (signedOut.statusCode === 401) {
          failures.push(`${where} signed out: 401 on a public route`);
        }
        if (leaks(signedOut).length) failures.push(`${where} signed out sees ${leaks(signedOut).join(', ')}`);
        if (JSON.stringify(await ownerState(t.current, f.owner.id)) !== JSON.stringify(before)) {
          failures.push(`${where} signed out changed the owner's data`);
        }
        exercised.push(`${where} signed out`);

        if (isEndlessStream(route)) continue; // answers signed-in callers with an endless stream (its own tests)

        // Another user.
        const otherRes = await send(request.url, f.other);
        if (is5xx(otherRes)) failures.push(`${where} another user: ${otherRes.statusCode}`);
        if (leaks(otherRes).length) failures.push(`${where} another user sees ${leaks(otherRes).join(', ')}`);
        if (JSON.stringify(await ownerState(t.current, f.owner.id)) !== JSON.stringify(before)) {
          failures.push(`${where} another user changed the owner's data (status ${otherRes.statusCode})`);
        }
        const expected = otherUserStatus[name]?.[otherUserStatus[name]?.[''] ? '' : request.label];
        if (expected && !expected.includes(otherRes.statusCode)) {
          failures.push(`${where} another user: expected ${expected.join('/')}, got ${otherRes.statusCode}`);
        }
        if (request.ownResource && route.access !== 'public' && route.method !== 'GET' && otherRes.statusCode < 300 && !expected) {
          failures.push(`${where} another user: ${otherRes.statusCode} on the owner's resource`);
        }
        exercised.push(`${where} another user`);

        // The owner.
        const ownerRes = await send(request.url, f.owner);
        if (is5xx(ownerRes)) failures.push(`${where} owner: ${ownerRes.statusCode}`);
        if (route.access !== 'public' && ownerRes.statusCode === 401) failures.push(`${where} owner: 401`);
        if (ownerSucceeds.has(name) && (ownerRes.statusCode < 200 || ownerRes.statusCode >= 300)) {
          failures.push(`${where} owner: expected 2xx, got ${ownerRes.statusCode} ${ownerRes.body.slice(0, 100)}`);
        }
        exercised.push(`${where} owner`);
      }
    }
    expect(failures).toEqual([]);
    // Every route was met at least signed out; the fixtures' owner-scoped routes by all three.
    for (const route of inventory.apiRoutes()) {
      expect(exercised.some((e) => e.startsWith(`${routeName(route)} (`))).toBe(true);
    }
    expect(exercised.filter((e) => e.startsWith('GET /api/stories/user/:userId')).length).toBe(3);
  });

  it('a signed-in owner really sees their private story and notification (the fixtures can fail the leak check)', async () => {
    const f = await createFixtures(t.current);
    const story = await t.current.app.inject({ method: 'GET', url: `/api/stories/${f.privateStoryId}`, headers: { cookie: f.owner.cookie } });
    expect(story.statusCode).toBe(200);
    expect(f.privateMarkers.some((marker) => story.body.includes(marker))).toBe(true);
    const list = await t.current.app.inject({ method: 'GET', url: '/api/notifications', headers: { cookie: f.owner.cookie } });
    expect(list.body).toContain(f.notificationId);
  });
});
