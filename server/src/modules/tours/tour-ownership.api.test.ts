/**
 * Only a tour's author changes it, deletes it or reads its insights (docs/security.md, "Threat model"), on two
 * layers: the service's owner check (tour-service.ts `ownTour`, insights-service.ts `forTour`) answers another
 * user with the contract's exact status and message, and the repository's writes are scoped to the author as
 * well, so either layer alone keeps the tour unchanged. Each layer has its own assertion here: the exact 403/404
 * is the service's (without it the repository's scope answers 404 and nothing changes), `update`/`delete` with
 * another author's id is the repository's. Every inventory route on a tour id that is not a public read must be
 * listed below, so a new one is tried as well.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CENTER } from '#common/constants';
import { offsetNorth } from '#common/geo';
import { TOUR_MESSAGES } from '#common/tours';
import { routeInventory, routeName } from '#tests/helpers/route-inventory';
import { useTestApp, type TestApp } from '#tests/helpers/test-app';
import { createTestUser, type TestUser } from '#tests/helpers/users';
import { stories, tourStops, tours } from '../../db/schema';
import { INSIGHT_MESSAGES } from '../insights/insights-service';
import { insertStory } from '../stories/test-support/story-fixtures';
import { createTourRepository } from './tour-repository';

/** What another user gets from each owner-only tour route: on a tour they can see, and on one they cannot. */
const REFUSED: Record<
  string,
  { payload?: object; visible: [number, string]; hidden: [number, string]; owner: number }
> = {
  'PATCH /api/tours/:id': {
    payload: { title: 'Renamed by someone else' },
    visible: [403, TOUR_MESSAGES.notTheAuthor],
    hidden: [404, TOUR_MESSAGES.notFound],
    owner: 200,
  },
  'DELETE /api/tours/:id': {
    visible: [403, TOUR_MESSAGES.notTheAuthor],
    hidden: [404, TOUR_MESSAGES.notFound],
    owner: 204,
  },
  'GET /api/insights/tours/:id': {
    visible: [403, INSIGHT_MESSAGES.notTourAuthor],
    hidden: [403, INSIGHT_MESSAGES.notTourAuthor],
    owner: 200,
  },
};

/** Public reads of a tour (its own tests cover who sees what). */
/** Reads anyone may make of a tour they can see (each follows the tour read's visibility and blocks). */
const PUBLIC_READS = [
  'GET /api/tours/:id',
  'GET /api/tiles/tours/:id',
  'GET /api/tours/:id/export.gpx',
  'GET /api/tours/:id/export.geojson',
  'GET /api/tours/:id/qr.svg',
  'GET /api/tours/:id/qr.png',
];

async function tourOf(t: TestApp, author: TestUser, hidden: boolean) {
  const first = await insertStory(t.database, { authorId: author.id, ...DEFAULT_CENTER, title: 'First stop' });
  const second = await insertStory(t.database, {
    authorId: author.id,
    ...offsetNorth(DEFAULT_CENTER, 300),
    title: 'Second stop',
  });
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/tours',
    headers: { cookie: author.cookie },
    payload: { title: 'Harbour walk', description: 'Along the quay', storyIds: [first.id, second.id] },
  });
  expect(created.statusCode, created.body).toBe(201);
  // Below two stops anyone else can see, the tour is not there for them (404, as for a tour that never was).
  if (hidden) await t.database.db.update(stories).set({ isPublic: false }).where(eq(stories.id, second.id));
  return created.json<{ id: string }>().id;
}

/** Everything stored of a tour, to compare before and after. */
async function stored(t: TestApp, tourId: string) {
  const [row] = await t.database.db.select().from(tours).where(eq(tours.id, tourId));
  const stops = await t.database.db.select().from(tourStops).where(eq(tourStops.tourId, tourId));
  return JSON.stringify({ row, stops: stops.sort((a, b) => a.position - b.position) });
}

describe("a tour is its author's alone", () => {
  const inventory = routeInventory();
  const t = useTestApp({ RATE_LIMIT_DISABLED: 'true' }, { onRoute: inventory.onRoute });

  it('lists every route on a tour id that is not a public read', () => {
    const onTours = inventory
      .apiRoutes()
      .filter((route) => /^\/api\/tours\/:id/.test(route.url) || /\/(tiles|insights)\/tours\/:id/.test(route.url))
      .map(routeName);
    expect(onTours.filter((name) => !PUBLIC_READS.includes(name)).sort()).toEqual(Object.keys(REFUSED).sort());
  });

  for (const [name, expected] of Object.entries(REFUSED)) {
    const [method, url] = name.split(' ') as ['GET' | 'PATCH' | 'DELETE', string];

    it(`${name}: another user gets exactly ${expected.visible[0]}/${expected.hidden[0]} and nothing changes; the author gets ${expected.owner}`, async () => {
      const author = await createTestUser(t.current.database, { displayName: 'Tour Author' });
      const other = await createTestUser(t.current.database, { displayName: 'Someone Else' });
      const call = (tourId: string, user: TestUser) =>
        t.current.app.inject({
          method,
          url: url.replace(':id', tourId),
          headers: { cookie: user.cookie },
          ...(expected.payload ? { payload: expected.payload } : {}),
        });
      for (const [kind, [status, message]] of [
        ['visible', expected.visible],
        ['hidden', expected.hidden],
      ] as const) {
        const tourId = await tourOf(t.current, author, kind === 'hidden');
        const before = await stored(t.current, tourId);
        const res = await call(tourId, other);
        expect(res.statusCode, `${kind}: ${res.body}`).toBe(status);
        expect(res.json(), kind).toEqual({ message });
        expect(res.body).not.toContain('Along the quay');
        expect(await stored(t.current, tourId), kind).toBe(before);
        // The author's own call goes through (so the refusal above is about who asks).
        const own = await call(tourId, author);
        expect(own.statusCode, `${kind} owner: ${own.body}`).toBe(expected.owner);
      }
    });
  }

  it("the repository's writes are scoped to the author: another user's id changes and deletes nothing", async () => {
    const author = await createTestUser(t.current.database);
    const other = await createTestUser(t.current.database);
    const tourId = await tourOf(t.current, author, false);
    const before = await stored(t.current, tourId);
    const repository = createTourRepository(t.current.database);
    expect(await repository.update(tourId, other.id, { title: 'Taken over', storyIds: [] })).toBe(false);
    expect(await repository.delete(tourId, other.id)).toBe(false);
    expect(await stored(t.current, tourId)).toBe(before);
    // Control: the author's id does change it.
    expect(await repository.update(tourId, author.id, { title: 'Renamed by the author' })).toBe(true);
    expect(await stored(t.current, tourId)).not.toBe(before);
  });
});
