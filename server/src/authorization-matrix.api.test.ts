/**
 * Authorization matrix (docs/security.md, "Threat model"; made to check what it promises in docs/security.md, "Hardening, third round"): every route of the
 * route inventory × {signed out, another user, the owner}, driven by the reviewed access table
 * (test-support/route-access-table.ts; the routes' own declarations must match it, never the other way). The routes
 * are collected as the app registers them, so a route added later is exercised here without editing this file:
 * - its body and query string are a sample its own zod contract accepts (tests/helpers/zod-sample.ts), so the
 *   request reaches the handler's access and owner checks instead of being refused as malformed;
 * - its path parameters are bound by name to resources of the owner's (OWNED_RESOURCES: extend it for a new
 *   kind of resource), the media route to the real file of the owner's PRIVATE story, signed as the story's own
 *   answers sign it (a leaked link).
 *
 * Each route gets fresh fixtures (test-support/authorization-fixtures.ts: an owner with a public story, a private
 * image story, a notification, a tour, moderation decisions and an appeal, a push subscription; another user), so a route that deletes or signs out cannot spoil the next one. What is checked:
 * - signed out: 401 `{ message }` on every non-public route; a resource only its owner may see answers 401/403/404;
 * - another user: 403/404 from every route bound to a resource only its owner may see or change (whatever the
 *   method); no 2xx from a write on the owner's public story unless OTHERS_MAY lists it; nothing of the owner's
 *   changes (compared row by row); no answer — body or headers — carries the owner's email, private story, its
 *   media key or the notification;
 * - the owner: never a 401 on a signed-in route; 2xx on their own private resources (OWNER_REFUSED lists the
 *   deliberate exceptions);
 * - never a 5xx; and every route was tried with a request its contract accepts and that was not refused as bad
 *   input (a route the sample generator cannot serve fails the last assertion, it is not skipped silently).
 */
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createFixtures, fixtureImageBytes, ownerState, type Fixtures } from './test-support/authorization-fixtures';
import { REVIEWED_ROUTE_ACCESS } from './test-support/route-access-table';
import { plan, type OwnedBindings, type Planned } from './test-support/authorization-requests';
import { TRACE_OTHERS_MAY, TRACE_OWNER_REFUSED } from './modules/traces/test-support/authorization-fixtures';
import {
  TRANSCRIPT_OWNER_REFUSED,
  TRANSCRIPT_VALID_YET_REFUSED,
} from './modules/transcripts/test-support/authorization-fixtures';
import { isEndlessStream, routeInventory, routeName, type InventoryRoute } from '#tests/helpers/route-inventory';
import { useTestApp, type TestApp } from '#tests/helpers/test-app';
import type { TestUser } from '#tests/helpers/users';

/** The spec's wording for a signed-in route called signed out (DESIGN docs/design.md, rule 3). */
const SIGN_IN_REQUIRED = 'Please sign in to continue.';

/**
 * Path parameter name → the owner's resources it is tried with. A route whose parameter is not listed gets a
 * sample of its params schema (a well-formed id of nothing). Extend this table for a new kind of resource.
 */
const OWNED_RESOURCES: Record<string, OwnedBindings> = {
  id: (f, route) => {
    if (route.url.startsWith('/api/drafts/tours/'))
      return [{ label: "the owner's planned tour", value: f.plannedTourId, ownersOnly: true }];
    if (route.url.startsWith('/api/drafts/'))
      return [{ label: "the owner's draft", value: f.draftId, ownersOnly: true }];
    if (route.url.startsWith('/api/notifications/'))
      return [{ label: "the owner's notification", value: f.notificationId, ownersOnly: true }];
    // A public tour: anyone reads it; only its author edits or deletes it (a write by anyone else: 403/404).
    if (route.url.startsWith('/api/tours/')) return [{ label: "the owner's tour", value: f.tourId, ownersOnly: false }];
    // A tour's map tiles for offline use: as public as the tour.
    if (route.url.startsWith('/api/tiles/tours/'))
      return [{ label: "the owner's tour", value: f.tourId, ownersOnly: false }];
    if (route.url.startsWith('/api/insights/tours/'))
      return [{ label: "the owner's tour's insights", value: f.tourId, ownersOnly: true }];
    if (route.url === '/api/moderation/decisions/:id/appeal')
      return [{ label: 'a decision about the owner', value: f.openDecisionId, ownersOnly: true }];
    // Moderators' calls on the owner's case: refused to every plain user, the owner included (checked below).
    if (route.url === '/api/moderation/appeals/:id/resolve')
      return [{ label: "the owner's appeal", value: f.appealId, ownersOnly: false }];
    if (route.url === '/api/moderation/stories/:id/decisions')
      return [{ label: "the owner's public story", value: f.publicStoryId, ownersOnly: false }];
    return [
      { label: "the owner's public story", value: f.publicStoryId, ownersOnly: false },
      { label: "the owner's private story", value: f.privateStoryId, ownersOnly: true },
    ];
  },
  userId: (f, route) => {
    if (isStaffRoute(route)) return [];
    // Blocking someone is the blocker's own private row: the owner is who is blocked, not whose data changes.
    if (route.url.startsWith('/api/blocks/'))
      return [{ label: 'the owner, as the one blocked', value: f.owner.id, ownersOnly: false }];
    return [{ label: "the owner's id", value: f.owner.id, ownersOnly: true }];
  },
  '*': (f, route, t) => {
    if (route.url !== '/api/media/*') return [];
    const signed = new URL(t.app.mediaSigner.sign(f.privateMediaKey), 'http://x');
    return [
      {
        label: "the private story's media (a leaked signed link)",
        value: f.privateMediaKey,
        ownersOnly: true,
        query: signed.search.slice(1),
      },
    ];
  },
};

/** Writes another user may make on the owner's PUBLIC story (status codes allowed besides 403/404). */
const OTHERS_MAY: Record<string, number[]> = {
  // A reader blocks or unblocks an author (docs/moderation.md); the author's own data does not change.
  'PUT /api/blocks/:userId': [200, 204],
  'DELETE /api/blocks/:userId': [200, 204],
  // Unliking what one never liked changes nothing (and the story is locked for a reader without a position).
  'DELETE /api/stories/:id/like': [200],
  ...TRACE_OTHERS_MAY,
};

/** Routes on the owner's own private resources that refuse the owner on purpose, with why. */
const OWNER_REFUSED: Record<string, { status: number[]; why: string }> = {
  'POST /api/stories/:id/report': { status: [400], why: '"You cannot report your own story."' },
  // A private story has no share page, so no code to print (docs/decisions/055-qr-posters-and-embeds.md).
  'GET /api/stories/:id/qr.svg': { status: [404], why: 'a private story has no share page' },
  'GET /api/stories/:id/qr.png': { status: [404], why: 'a private story has no share page' },
  ...TRACE_OWNER_REFUSED,
  ...TRANSCRIPT_OWNER_REFUSED,
  // Pinned only from within 200 m of its planned place, by an accepted claim (drafts.api.test.ts pins one).
  'POST /api/drafts/:id/pin': { status: [400], why: 'the sample position is not at the planned place' },
  // A planned tour is published once two of its stops are pinned; the fixture's are not.
  'POST /api/drafts/tours/:id/publish': { status: [400], why: "the fixture's planned stops are not pinned yet" },
};

/**
 * Bodies the generic sampler cannot build (a list of distinct ids): the route's contract accepts them, made from
 * the owner's fixtures so the request means something.
 */
const SAMPLE_BODIES: Record<string, (f: Fixtures) => object> = {
  'POST /api/tours': (f) => ({ title: 'Sample tour', storyIds: [f.publicStoryId, f.privateStoryId] }),
  'PATCH /api/tours/:id': () => ({ title: 'Renamed by the caller' }),
  // The owner's device: another user can neither learn that it is subscribed nor unsubscribe it (the owner's
  // push rows are part of ownerState).
  'POST /api/push/subscriptions/status': (f) => ({ endpoint: f.pushEndpoint }),
  'DELETE /api/push/subscriptions': (f) => ({ endpoint: f.pushEndpoint }),
};

/** Routes whose valid sample is still refused with 400 by a rule no schema can know, with why. */
const VALID_YET_REFUSED: Record<string, string> = {
  'POST /api/tours': "a tour needs two of the caller's own public stories (tours.api.test.ts covers creation)",
  'POST /api/push/subscriptions':
    'the sample endpoint is not a public https push service (push.api.test.ts subscribes a real one)',
  'POST /api/user/reset-password': 'the sample reset code is not one the server sent',
  ...TRANSCRIPT_VALID_YET_REFUSED,
  'POST /api/drafts/import':
    'the sampled text is not a route file (drafts.api.test.ts and route-import tests import real ones)',
  'POST /api/drafts/:id/pin': 'the sample position is not at the planned place',
  'POST /api/drafts/tours/:id/publish': "the fixture's planned stops are not pinned yet",
};

const is5xx = (res: LightMyRequestResponse) => res.statusCode >= 500;
/** The route's access as the reviewed table says (never its own declaration: see the first test). */
const reviewed = (route: InventoryRoute) => REVIEWED_ROUTE_ACCESS[routeName(route)]?.split(',')[0] ?? 'not reviewed';
/** Moderator and admin calls (docs/moderation.md): every plain user, the owner included, is refused with 403. */
const isStaffRoute = (route: InventoryRoute) => reviewed(route) === 'moderator' || reviewed(route) === 'admin';
const isSuccess = (res: LightMyRequestResponse) => res.statusCode >= 200 && res.statusCode < 300;

/** The owner's private texts an answer carries, in its body or any header. */
function leaksOf(res: LightMyRequestResponse, markers: string[]): string[] {
  const headers = JSON.stringify(res.headers);
  return markers.flatMap((marker) => [
    ...(res.body.includes(marker) ? [`${marker} (body)`] : []),
    ...(headers.includes(marker) || headers.includes(encodeURIComponent(marker)) ? [`${marker} (headers)`] : []),
  ]);
}

interface Outcome {
  failures: string[];
  /** Whether the route was tried with a request its contract accepts and that was not refused as bad input. */
  tried: boolean;
}

/** Every check of the matrix for one route, on fresh fixtures. */
async function walkRoute(t: TestApp, route: InventoryRoute): Promise<Outcome> {
  const name = routeName(route);
  const f = await createFixtures(t);
  const failures: string[] = [];
  const result = await plan(route, f, t, { ownedResources: OWNED_RESOURCES, sampleBodies: SAMPLE_BODIES });
  if ('unplannable' in result) return { failures: [`${name}: ${result.unplannable}`], tried: false };
  let tried = false;
  const send = (request: Planned, user: TestUser | null) =>
    t.app.inject({
      method: route.method,
      url: request.url,
      headers: { ...request.headers, ...(user ? { cookie: user.cookie } : {}) },
      ...(request.payload === undefined ? {} : { payload: request.payload }),
    });
  const notBadInput = (res: LightMyRequestResponse) => res.statusCode !== 400 || name in VALID_YET_REFUSED;

  for (const request of result.planned) {
    const where = `${name} on ${request.binding?.label ?? 'no resource of the owner'} (${request.url.slice(0, 120)})`;
    const ownersOnly = request.binding?.ownersOnly === true;
    const before = await ownerState(t, f.owner.id);
    const unchanged = async (who: string, res: LightMyRequestResponse) => {
      if ((await ownerState(t, f.owner.id)) !== before)
        failures.push(`${where} ${who} changed the owner's data (status ${res.statusCode})`);
    };

    // Signed out.
    const signedOut = await send(request, null);
    if (is5xx(signedOut)) failures.push(`${where} signed out: ${signedOut.statusCode}`);
    if (reviewed(route) !== 'public') {
      const message = signedOut.statusCode === 401 ? signedOut.json<{ message?: string }>().message : undefined;
      if (message !== SIGN_IN_REQUIRED) {
        failures.push(
          `${where} signed out: expected 401 "${SIGN_IN_REQUIRED}", got ${signedOut.statusCode} ${signedOut.body.slice(0, 100)}`,
        );
      }
    } else {
      if (signedOut.statusCode === 401 && signedOut.json<{ message?: string }>().message === SIGN_IN_REQUIRED) {
        failures.push(`${where} signed out: a public route asks to sign in`);
      }
      if (ownersOnly && ![403, 404].includes(signedOut.statusCode)) {
        failures.push(
          `${where} signed out: expected 403/404 on the owner's private resource, got ${signedOut.statusCode}`,
        );
      }
      if (notBadInput(signedOut)) tried = true;
    }
    const seenSignedOut = leaksOf(signedOut, f.privateMarkers);
    if (seenSignedOut.length) failures.push(`${where} signed out sees ${seenSignedOut.join(', ')}`);
    await unchanged('signed out', signedOut);

    // A signed-in caller of an endless stream would never get an answer: the stream has its own tests.
    if (isEndlessStream(route)) {
      tried = signedOut.statusCode === 401;
      continue;
    }

    // Another user.
    const otherRes = await send(request, f.other);
    if (is5xx(otherRes)) failures.push(`${where} another user: ${otherRes.statusCode}`);
    const seenByOther = leaksOf(otherRes, f.privateMarkers);
    if (seenByOther.length) failures.push(`${where} another user sees ${seenByOther.join(', ')}`);
    await unchanged('another user', otherRes);
    if (ownersOnly && ![403, 404].includes(otherRes.statusCode)) {
      failures.push(
        `${where} another user: expected 403/404, got ${otherRes.statusCode} ${otherRes.body.slice(0, 100)}`,
      );
    }
    if (request.binding && !ownersOnly && route.method !== 'GET') {
      const allowed = [403, 404, ...(OTHERS_MAY[name] ?? [])];
      if (!allowed.includes(otherRes.statusCode)) {
        failures.push(
          `${where} another user: expected ${allowed.join('/')}, got ${otherRes.statusCode} ${otherRes.body.slice(0, 100)}`,
        );
      }
    }
    if (isStaffRoute(route) && otherRes.statusCode !== 403) {
      failures.push(`${where} another user: expected 403 on a ${reviewed(route)}s' call, got ${otherRes.statusCode}`);
    }
    if (notBadInput(otherRes)) tried = true;

    // The owner (a moderators' call refuses them too).
    const ownerRes = await send(request, f.owner);
    if (is5xx(ownerRes)) failures.push(`${where} owner: ${ownerRes.statusCode}`);
    if (reviewed(route) !== 'public' && ownerRes.statusCode === 401) failures.push(`${where} owner: 401`);
    if (isStaffRoute(route) && ownerRes.statusCode !== 403)
      failures.push(`${where} owner: expected 403 on a ${reviewed(route)}s' call, got ${ownerRes.statusCode}`);
    if (ownersOnly) {
      const refused = OWNER_REFUSED[name];
      const ok = refused ? refused.status.includes(ownerRes.statusCode) : isSuccess(ownerRes);
      if (!ok)
        failures.push(
          `${where} owner: expected ${refused ? refused.status.join('/') : '2xx'}, got ${ownerRes.statusCode} ${ownerRes.body.slice(0, 100)}`,
        );
    }
    if (notBadInput(ownerRes)) tried = true;
  }
  if (!tried) failures.push(`${name}: every answer refused the sample request as bad input (400)`);
  return { failures, tried };
}

describe('authorization matrix: every route × {signed out, another user, the owner}', () => {
  const inventory = routeInventory();
  const t = useTestApp({ RATE_LIMIT_DISABLED: 'true' }, { onRoute: inventory.onRoute });

  it('every route declares the access the reviewed table gives it (a change to either fails until the other agrees)', () => {
    const declared = Object.fromEntries(
      inventory
        .apiRoutes()
        .map((route) => [routeName(route), `${route.access}${route.publishes ? ', publishes' : ''}`]),
    );
    expect(declared).toEqual(REVIEWED_ROUTE_ACCESS);
  });

  it('knows the routes it walks (the inventory holds the owner-scoped ones, and each owned parameter is bound)', () => {
    const names = inventory.apiRoutes().map(routeName);
    expect(names).toEqual(
      expect.arrayContaining([
        'GET /api/stories/user/:userId',
        'POST /api/notifications/:id/read',
        'PATCH /api/stories/:id',
        'GET /api/media/*',
      ]),
    );
    for (const name of [...Object.keys(OTHERS_MAY), ...Object.keys(OWNER_REFUSED), ...Object.keys(VALID_YET_REFUSED)]) {
      expect(names).toContain(name);
    }
  });

  it(
    'holds for every route, and every route was tried with a request its contract accepts',
    { timeout: 480_000 },
    async () => {
      const failures: string[] = [];
      const tried: string[] = [];
      for (const route of inventory.apiRoutes()) {
        const outcome = await walkRoute(t.current, route);
        failures.push(...outcome.failures);
        if (outcome.tried) tried.push(routeName(route));
      }
      expect(failures).toEqual([]);
      expect(tried.sort()).toEqual(inventory.apiRoutes().map(routeName).sort());
    },
  );

  it('counts a route it cannot send a valid request to as not tried (the last assertion can fail)', async () => {
    const real = inventory.apiRoutes().find((route) => routeName(route) === 'PATCH /api/stories/:id')!;
    const impossible: InventoryRoute = {
      ...real,
      options: {
        ...real.options,
        schema: { ...real.options.schema, body: z.object({ code: z.string().regex(/^never-\d{40}$/) }) },
      },
    };
    expect(await walkRoute(t.current, impossible)).toEqual({
      failures: ['PATCH /api/stories/:id: no body its schema accepts'],
      tried: false,
    });
  });

  it('the fixtures can fail the checks: the owner sees their private story, its media and notification; the leak scan reads headers', async () => {
    const fixtures = await createFixtures(t.current);
    const story = await t.current.app.inject({
      method: 'GET',
      url: `/api/stories/${fixtures.privateStoryId}`,
      headers: { cookie: fixtures.owner.cookie },
    });
    expect(story.statusCode).toBe(200);
    expect(leaksOf(story, fixtures.privateMarkers)).toEqual(
      expect.arrayContaining([`${fixtures.privateStoryId} (body)`]),
    );
    const media = await t.current.app.inject({
      method: 'GET',
      url: t.current.app.mediaSigner.sign(fixtures.privateMediaKey),
      headers: { cookie: fixtures.owner.cookie },
    });
    expect(media.statusCode).toBe(200);
    expect(media.rawPayload.equals(fixtureImageBytes()!)).toBe(true);
    const list = await t.current.app.inject({
      method: 'GET',
      url: '/api/notifications',
      headers: { cookie: fixtures.owner.cookie },
    });
    expect(list.body).toContain(fixtures.notificationId);
    const withHeader = {
      ...media,
      headers: { ...media.headers, location: `/x/${encodeURIComponent(fixtures.privateMediaKey)}` },
      body: '',
    } as LightMyRequestResponse;
    expect(leaksOf(withHeader, fixtures.privateMarkers)).toContain(`${fixtures.privateMediaKey} (headers)`);
    expect(leaksOf({ ...withHeader, headers: media.headers }, fixtures.privateMarkers)).toEqual([]);
  });
});
