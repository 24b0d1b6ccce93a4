/**
 * GET /api/tiles/tours/:id (docs/decisions/039-maps-offline.md): the tiles to save with a tour, only where the tile
 * source allows bulk reads (never OpenStreetMap's own servers), the corridor around its stops at zooms 13-17 (one
 * deeper for a dense screen), bounded, with their size before anything is fetched; a tour the caller may not see
 * stays 404.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CENTER } from '#common/constants';
import { offsetNorth } from '#common/geo';
import { OFFLINE_MAP, OFFLINE_MAP_TEXT } from '#common/offline-map';
import { tourMapTilesSchema } from '#common/offline-map-schemas';
import { createTestApp, type TestApp } from '#tests/helpers/test-app';
import { createTestUser, type TestUser } from '#tests/helpers/users';
import { insertStory } from '../stories/test-support/story-fixtures';

const OSM = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';

async function tourOf(t: TestApp, author: TestUser, metres: number[], isPublic = true): Promise<string> {
  const ids: string[] = [];
  for (const [i, m] of metres.entries()) {
    ids.push(
      (
        await insertStory(t.database, {
          authorId: author.id,
          ...offsetNorth(DEFAULT_CENTER, m),
          title: `Stop ${i + 1}`,
        })
      ).id,
    );
  }
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/tours',
    headers: { cookie: author.cookie },
    payload: { title: 'River walk', storyIds: ids },
  });
  expect(res.statusCode, res.body).toBe(201);
  const tourId = res.json<{ id: string }>().id;
  if (!isPublic) {
    // Every stop but one made private: the tour is the author's alone.
    for (const id of ids.slice(1)) {
      const hide = await t.app.inject({
        method: 'PATCH',
        url: `/api/stories/${id}`,
        headers: { cookie: author.cookie, origin: 'http://localhost' },
        payload: { isPublic: false },
      });
      expect(hide.statusCode, hide.body).toBe(200);
    }
  }
  return tourId;
}

describe('tiles to save with a tour', () => {
  let allowed: TestApp;
  let osm: TestApp;
  let author: TestUser;
  let stranger: TestUser;
  let tourId: string;
  beforeAll(async () => {
    allowed = await createTestApp({
      RATE_LIMIT_DISABLED: 'true',
      TILE_URL: 'https://tiles.example/{z}/{x}/{y}.png',
      TILE_PREFETCH: 'allowed',
    });
    osm = await createTestApp({ RATE_LIMIT_DISABLED: 'true', TILE_URL: OSM, TILE_PREFETCH: 'allowed' });
    author = await createTestUser(allowed.database);
    stranger = await createTestUser(allowed.database);
    // A 3 km tour: four stops 1 km apart.
    tourId = await tourOf(allowed, author, [0, 1000, 2000, 3000]);
  });
  afterAll(async () => Promise.all([allowed?.close(), osm?.close()]));

  it('lists the corridor’s tiles at zooms 13-17 with their estimated size, and says the client may offer it', async () => {
    const config = (await allowed.app.inject({ url: '/api/config' })).json();
    expect(config.offlineMaps).toBe(true);
    const res = await allowed.app.inject({ url: `/api/tiles/tours/${tourId}` });
    expect(res.statusCode, res.body).toBe(200);
    const plan = tourMapTilesSchema.parse(res.json());
    expect(plan.offered).toBe(true);
    const zooms = new Set(plan.tiles.map((url) => Number(/^\/tiles\/(\d+)\/\d+\/\d+\.png$/.exec(url)![1])));
    expect([...zooms].sort()).toEqual([13, 14, 15, 16, 17]);
    expect(plan.tiles.length).toBeLessThanOrEqual(OFFLINE_MAP.maxTiles);
    // A 3 km line with 300 m either side at zoom 17 (~200 m tiles here): more than the line's own tiles, far fewer
    // than a square around it.
    expect(plan.tiles.filter((url) => url.startsWith('/tiles/17/')).length).toBeGreaterThan(40);
    expect(plan.tiles.filter((url) => url.startsWith('/tiles/17/')).length).toBeLessThan(250);
    expect(plan.estimatedBytes).toBe(plan.tiles.length * 25_000);
    expect(plan.estimatedBytes).toBeLessThanOrEqual(25 * 1024 * 1024);

    const dense = tourMapTilesSchema.parse(
      (await allowed.app.inject({ url: `/api/tiles/tours/${tourId}?dense=true` })).json(),
    );
    expect(new Set(dense.tiles.map((url) => url.split('/')[2]))).toEqual(new Set(['14', '15', '16', '17', '18']));
  });

  it('is never offered from OpenStreetMap’s own tile servers, whatever TILE_PREFETCH says', async () => {
    const osmAuthor = await createTestUser(osm.database);
    const osmTour = await tourOf(osm, osmAuthor, [0, 500]);
    expect((await osm.app.inject({ url: '/api/config' })).json().offlineMaps).toBe(false);
    const res = await osm.app.inject({ url: `/api/tiles/tours/${osmTour}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ offered: false, reason: OFFLINE_MAP_TEXT.notOffered, tiles: [], estimatedBytes: 0 });
  });

  it('a tour the caller may not see is 404, and so is a bad id', async () => {
    const hidden = await tourOf(allowed, author, [0, 400], false);
    expect(
      (await allowed.app.inject({ url: `/api/tiles/tours/${hidden}`, headers: { cookie: author.cookie } })).statusCode,
    ).toBe(200);
    for (const headers of [{ cookie: stranger.cookie }, {}]) {
      const res = await allowed.app.inject({ url: `/api/tiles/tours/${hidden}`, headers });
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('/tiles/');
    }
    expect((await allowed.app.inject({ url: '/api/tiles/tours/not-a-tour' })).statusCode).toBe(404);
    expect((await allowed.app.inject({ url: `/api/tiles/tours/${tourId}?dense=maybe` })).statusCode).toBe(400);
  });
});
