/**
 * Tours as route files (docs/decisions/054-tours-as-gpx-and-geojson.md): GPX 1.1 and GeoJSON read as the tour read
 * reads it — the requester's visible stops only, a tour they may not see 404, blocked authors left out — holding
 * titles and places only (never a story's content or description), and the GPX read back gives the same stops.
 */
import { eq } from 'drizzle-orm';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CENTER } from '#common/constants';
import { offsetNorth, type Point } from '#common/geo';
import { createTestApp, type TestApp } from '#tests/helpers/test-app';
import { createTestUser, type TestUser } from '#tests/helpers/users';
import { stories } from '../../db/schema';
import { insertStory } from '../stories/test-support/story-fixtures';

const centre: Point = { latitude: DEFAULT_CENTER.latitude, longitude: DEFAULT_CENTER.longitude };
const CONTENT = 'SECRET-CONTENT-behind-the-lock';
const DESCRIPTION = 'SECRET-DESCRIPTION-of-a-stop';
const HOSTILE_TITLE = `Harbour <walk> & "quay" 'steps' ]]>`;

interface GpxPoint {
  name: string;
  type: string;
  lat: string;
  lon: string;
}

/** The GPX read back: the root's attributes, its waypoints and its route points (always as arrays). */
function readGpx(xml: string) {
  expect(XMLValidator.validate(xml)).toBe(true);
  const parser = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '',
    parseTagValue: false,
    parseAttributeValue: false,
    isArray: (name) => name === 'wpt' || name === 'rtept',
  });
  const gpx = parser.parse(xml).gpx as Record<string, unknown> & {
    metadata: { name: string; desc?: string; author?: { name: string } };
    wpt?: GpxPoint[];
    rte: { name: string; rtept?: GpxPoint[] };
  };
  return gpx;
}

const stopOf = (point: GpxPoint) => ({
  name: point.name,
  latitude: Number(point.lat),
  longitude: Number(point.lon),
});
const six = (value: number) => Number(value.toFixed(6));

describe('GET /api/tours/:id/export.gpx and .geojson', () => {
  let t: TestApp;
  let author: TestUser;
  let reader: TestUser;
  let stopIds: string[];
  let tourId: string;
  const points: Point[] = [];

  const get = (url: string, user?: TestUser) =>
    t.app.inject({ method: 'GET', url, headers: user ? { cookie: user.cookie } : {} });

  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_DISABLED: 'true' });
    author = await createTestUser(t.database, { displayName: 'Ada & <Co>' });
    reader = await createTestUser(t.database, { displayName: 'Walker' });
    stopIds = [];
    for (let stop = 0; stop < 3; stop++) {
      // Coordinates with more than six decimals: the files keep six.
      const point = offsetNorth({ latitude: centre.latitude + 0.0000001234, longitude: centre.longitude }, stop * 250);
      points.push(point);
      const row = await insertStory(t.database, {
        authorId: author.id,
        ...point,
        title: stop === 1 ? HOSTILE_TITLE : `Stop ${stop + 1}`,
        content: CONTENT,
        description: DESCRIPTION,
      });
      stopIds.push(row.id);
    }
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/tours',
      headers: { cookie: author.cookie },
      payload: { title: 'Old town: "gates" & <lanes>', description: 'A slow walk.', storyIds: stopIds },
    });
    expect(created.statusCode, created.body).toBe(201);
    tourId = created.json<{ id: string }>().id;
  });
  afterAll(async () => t.close());

  it('answers GPX 1.1 with the app as creator, a waypoint per stop and a route in walking order', async () => {
    const res = await get(`/api/tours/${tourId}/export.gpx`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('application/gpx+xml');
    expect(res.headers['content-disposition']).toBe('attachment; filename="old-town-gates-lanes.gpx"');
    const gpx = readGpx(res.body);
    expect(gpx.version).toBe('1.1');
    expect(gpx.creator).toBe('Whispers');
    expect(gpx.xmlns).toBe('http://www.topografix.com/GPX/1/1');
    expect(gpx.metadata.name).toBe('Old town: "gates" & <lanes>');
    expect(gpx.metadata.author?.name).toBe('Ada & <Co>');
    expect(gpx.rte.name).toBe('Old town: "gates" & <lanes>');
    expect(gpx.wpt?.map((point) => point.type)).toEqual(['Stop 1', 'Stop 2', 'Stop 3']);
  });

  it('round trip: the GPX read back gives the same stops — names, order, coordinates to 6 decimals', async () => {
    const gpx = readGpx((await get(`/api/tours/${tourId}/export.gpx`)).body);
    const expected = points.map((point, i) => ({
      name: i === 1 ? HOSTILE_TITLE : `Stop ${i + 1}`,
      latitude: six(point.latitude),
      longitude: six(point.longitude),
    }));
    expect(gpx.wpt?.map(stopOf)).toEqual(expected);
    expect(gpx.rte.rtept?.map(stopOf)).toEqual(expected);
  });

  it('answers GeoJSON: the route as a LineString, then a Point per stop with title and order', async () => {
    const res = await get(`/api/tours/${tourId}/export.geojson`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('application/geo+json');
    expect(res.headers['content-disposition']).toBe('attachment; filename="old-town-gates-lanes.geojson"');
    const collection = res.json<{
      type: string;
      features: { geometry: { type: string; coordinates: unknown }; properties: Record<string, unknown> }[];
    }>();
    expect(collection.type).toBe('FeatureCollection');
    const [route, ...stops] = collection.features;
    expect(route!.geometry).toEqual({
      type: 'LineString',
      coordinates: points.map((p) => [six(p.longitude), six(p.latitude)]),
    });
    expect(stops.map((feature) => [feature.geometry.type, feature.properties.order, feature.properties.title])).toEqual(
      [
        ['Point', 1, 'Stop 1'],
        ['Point', 2, HOSTILE_TITLE],
        ['Point', 3, 'Stop 3'],
      ],
    );
  });

  it("never carries a story's content or description, for a visitor, a reader or the author", async () => {
    for (const user of [undefined, reader, author]) {
      for (const format of ['gpx', 'geojson']) {
        const res = await get(`/api/tours/${tourId}/export.${format}`, user);
        expect(res.statusCode).toBe(200);
        expect(res.body).not.toContain('SECRET');
      }
    }
  });

  it('leaves out a stop the requester may not see (made private), and 404s a tour left with fewer than 2', async () => {
    await t.database.db.update(stories).set({ isPublic: false }).where(eq(stories.id, stopIds[2]!));
    try {
      const gpx = readGpx((await get(`/api/tours/${tourId}/export.gpx`, reader)).body);
      expect(gpx.wpt?.map((point) => point.name)).toEqual(['Stop 1', HOSTILE_TITLE]);
      await t.database.db.update(stories).set({ isPublic: false }).where(eq(stories.id, stopIds[1]!));
      for (const format of ['gpx', 'geojson']) {
        const res = await get(`/api/tours/${tourId}/export.${format}`, reader);
        expect(res.statusCode, res.body).toBe(404);
        expect(res.body).not.toContain('Stop 1');
        // Its author still reads their own tour (as GET /api/tours/:id), with the one stop left.
        expect((await get(`/api/tours/${tourId}/export.${format}`, author)).statusCode).toBe(200);
      }
    } finally {
      await t.database.db.update(stories).set({ isPublic: true }).where(eq(stories.id, stopIds[1]!));
      await t.database.db.update(stories).set({ isPublic: true }).where(eq(stories.id, stopIds[2]!));
    }
  });

  it('404s a missing tour and an id that is not one', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      expect((await get(`/api/tours/${id}/export.gpx`)).statusCode).toBe(404);
      expect((await get(`/api/tours/${id}/export.geojson`)).statusCode).toBe(404);
    }
  });

  it('404s the tour for a reader who blocked its author, as the tour read does', async () => {
    const blocker = await createTestUser(t.database, { displayName: 'Blocker' });
    expect((await get(`/api/tours/${tourId}/export.gpx`, blocker)).statusCode).toBe(200);
    const block = await t.app.inject({
      method: 'PUT',
      url: `/api/blocks/${author.id}`,
      headers: { cookie: blocker.cookie },
    });
    expect([200, 204]).toContain(block.statusCode);
    for (const format of ['gpx', 'geojson']) {
      const res = await get(`/api/tours/${tourId}/export.${format}`, blocker);
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('Stop 1');
    }
  });

  it("puts the author's tours in their data export, as GPX and GeoJSON", async () => {
    const res = await get('/api/account/export', author);
    expect(res.statusCode, res.body).toBe(200);
    const tour = res
      .json<{ tours: { id: string; gpx: string; geojson: { features: unknown[] } }[] }>()
      .tours.find((candidate) => candidate.id === tourId);
    expect(tour).toBeDefined();
    expect(
      readGpx(tour!.gpx)
        .wpt?.map(stopOf)
        .map((stop) => stop.name),
    ).toEqual(['Stop 1', HOSTILE_TITLE, 'Stop 3']);
    expect(tour!.geojson.features).toHaveLength(4);
  });
});
