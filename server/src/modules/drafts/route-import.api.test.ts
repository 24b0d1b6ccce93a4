/**
 * Routes in, through the app (docs/decisions/060-story-drafts-and-routes-in.md): GPX waypoints, a GPX track alone,
 * KML and GeoJSON become a planned tour with a text draft per stop; a broken, empty, foreign or oversized file is
 * refused with its sentence and writes nothing; a tour read out as GPX and imported gives the same stops back; two
 * "Pin here" of one draft make one story; a planned tour given up goes with its unpinned drafts.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CENTER } from '#common/constants';
import { DRAFT_MESSAGES } from '#common/drafts';
import type { PlannedTour } from '#common/draft-schemas';
import { offsetNorth, type Point } from '#common/geo';
import { createTestApp, type TestApp } from '#tests/helpers/test-app';
import { createTestUser, type TestUser } from '#tests/helpers/users';
import { stories, storyDrafts, tourDrafts } from '../../db/schema';
import { insertStory } from '../stories/test-support/story-fixtures';
import { ROUTE_IMPORT_MAX_BYTES, ROUTE_IMPORT_MESSAGES } from './route-import';
import { trackGpx } from './test-support/route-files';

const HERE: Point = { latitude: DEFAULT_CENTER.latitude, longitude: DEFAULT_CENTER.longitude };

const GPX_WAYPOINTS = `<?xml version="1.0" encoding="UTF-8"?>
<gpx version="1.1" creator="test" xmlns="http://www.topografix.com/GPX/1/1">
  <metadata><name>Old town walk</name></metadata>
  <wpt lat="51.5007" lon="-0.1246"><name>Big Ben</name><desc>The clock tower.</desc></wpt>
  <wpt lat="51.5014" lon="-0.1419"><name>The Palace</name></wpt>
  <wpt lat="51.5033" lon="-0.1195"><name>The Wheel</name></wpt>
</gpx>`;

const KML = `<?xml version="1.0" encoding="UTF-8"?>
<kml xmlns="http://www.opengis.net/kml/2.2"><Document><name>Harbour</name>
  <Placemark><name>Lighthouse</name><description>White and red.</description><Point><coordinates>10.0,53.5,0</coordinates></Point></Placemark>
  <Placemark><name>Fish market</name><Point><coordinates>10.01,53.51</coordinates></Point></Placemark>
</Document></kml>`;

const GEOJSON = JSON.stringify({
  type: 'FeatureCollection',
  features: [
    { type: 'Feature', geometry: { type: 'Point', coordinates: [13.4, 52.52] }, properties: { name: 'Gate' } },
    { type: 'Feature', geometry: { type: 'Point', coordinates: [13.41, 52.521] }, properties: { name: 'Tower' } },
    {
      type: 'Feature',
      geometry: {
        type: 'LineString',
        coordinates: [
          [13.4, 52.52],
          [13.41, 52.521],
        ],
      },
      properties: {},
    },
  ],
});

describe('POST /api/drafts/import', () => {
  let t: TestApp;
  let author: TestUser;

  const send = (method: 'GET' | 'POST' | 'DELETE', url: string, user: TestUser, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie: user.cookie }, ...(payload ? { payload } : {}) });
  const importFile = (user: TestUser, fileName: string, text: string) =>
    send('POST', '/api/drafts/import', user, { fileName, text });
  /** An imported stop has a title and words only: the author gives it what the creation form asks before pinning. */
  const completeDraft = async (user: TestUser, draftId: string) => {
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/drafts/${draftId}`,
      headers: { cookie: user.cookie },
      payload: { fields: { category: 'History', isPublic: 'true', timeRestriction: 'none' } },
    });
    expect(res.statusCode, res.body).toBe(200);
  };
  const rowsOf = async (user: TestUser) => ({
    drafts: await t.database.db.select().from(storyDrafts).where(eq(storyDrafts.authorId, user.id)),
    tours: await t.database.db.select().from(tourDrafts).where(eq(tourDrafts.authorId, user.id)),
  });

  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_DISABLED: 'true' });
    author = await createTestUser(t.database, { displayName: 'Importer' });
  });
  afterAll(() => t.close());

  it('GPX waypoints, KML and GeoJSON points become planned stops with their names; each stop is a text draft', async () => {
    const cases: [string, string, string, string[]][] = [
      ['walk.gpx', GPX_WAYPOINTS, 'Old town walk', ['Big Ben', 'The Palace', 'The Wheel']],
      ['harbour.kml', KML, 'Harbour', ['Lighthouse', 'Fish market']],
      ['berlin.geojson', GEOJSON, 'Gate', ['Gate', 'Tower']],
    ];
    for (const [fileName, text, title, stopTitles] of cases) {
      const res = await importFile(author, fileName, text);
      expect(res.statusCode, `${fileName}: ${res.body}`).toBe(201);
      const tour = res.json<PlannedTour>();
      expect(tour.title).toBe(title);
      expect(tour.stops.map((stop) => stop.title)).toEqual(stopTitles);
      expect(tour.stops.every((stop) => !stop.pinned && !stop.suggested)).toBe(true);
    }
    const drafts = (await send('GET', '/api/drafts', author)).json<{ drafts: { id: string; title: string }[] }>();
    expect(drafts.drafts.map((draft) => draft.title).sort()).toEqual(
      ['Big Ben', 'The Palace', 'The Wheel', 'Lighthouse', 'Fish market', 'Gate', 'Tower'].sort(),
    );
    const bigBen = (await rowsOf(author)).drafts.find((row) => row.fields.title === 'Big Ben')!;
    expect(bigBen.fields).toMatchObject({ type: 'text', content: 'The clock tower.' });
    expect(bigBen.latitude).toBeCloseTo(51.5007, 6);
    const tours = (await send('GET', '/api/drafts/tours', author)).json<{ tours: PlannedTour[] }>();
    expect(tours.tours).toHaveLength(3);
  });

  it('a GPX track without waypoints becomes the path, with stops suggested along it', async () => {
    const walker = await createTestUser(t.database, { displayName: 'Tracker' });
    const res = await importFile(walker, 'river.gpx', trackGpx(400));
    expect(res.statusCode, res.body).toBe(201);
    const tour = res.json<PlannedTour>();
    expect(tour.title).toBe('Along the river');
    expect(tour.path).toHaveLength(400);
    expect(tour.stops.length).toBeGreaterThanOrEqual(2);
    expect(tour.stops.every((stop) => stop.suggested)).toBe(true);
    expect((await rowsOf(walker)).drafts).toHaveLength(tour.stops.length);
  });

  it('a broken, empty, foreign or oversized file is refused with its sentence, and nothing is written', async () => {
    const careful = await createTestUser(t.database, { displayName: 'Careful' });
    const refusals: [string, string, number, string][] = [
      ['broken.gpx', GPX_WAYPOINTS.slice(0, 200), 400, ROUTE_IMPORT_MESSAGES.UNREADABLE],
      ['broken.geojson', '{"type":"FeatureCollection","features":[', 400, ROUTE_IMPORT_MESSAGES.UNREADABLE],
      ['notes.txt', 'Meet at the fountain at noon.', 400, ROUTE_IMPORT_MESSAGES.UNREADABLE],
      ['empty.geojson', '{"type":"FeatureCollection","features":[]}', 400, ROUTE_IMPORT_MESSAGES.EMPTY],
      ['huge.gpx', `${GPX_WAYPOINTS}${' '.repeat(ROUTE_IMPORT_MAX_BYTES)}`, 413, ROUTE_IMPORT_MESSAGES.TOO_LARGE],
      ['dense.gpx', trackGpx(20_001), 413, ROUTE_IMPORT_MESSAGES.TOO_MANY_POINTS],
    ];
    for (const [fileName, text, status, message] of refusals) {
      const res = await importFile(careful, fileName, text);
      expect(res.statusCode, `${fileName}: ${res.body}`).toBe(status);
      expect(res.json().message).toBe(message);
    }
    expect(await rowsOf(careful)).toEqual({ drafts: [], tours: [] });
  });

  it('a file that would pass the drafts cap is refused whole: no planned tour, no stop', async () => {
    const nearlyFull = await createTestUser(t.database, { displayName: 'Nearly full' });
    await t.database.db.insert(storyDrafts).values(
      Array.from({ length: 49 }, () => ({
        authorId: nearlyFull.id,
        ...HERE,
        fields: { type: 'text', title: 'Kept', content: 'x' },
      })),
    );
    const res = await importFile(nearlyFull, 'walk.gpx', GPX_WAYPOINTS);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(DRAFT_MESSAGES.tooMany);
    const rows = await rowsOf(nearlyFull);
    expect(rows.tours).toEqual([]);
    expect(rows.drafts).toHaveLength(49);
  });

  it('a tour read out as GPX and imported again gives the same stops, in order', async () => {
    const guide = await createTestUser(t.database, { displayName: 'Guide' });
    const places = [0, 300, 600].map((metres) => offsetNorth(HERE, metres));
    const storyIds: string[] = [];
    for (const [i, place] of places.entries())
      storyIds.push((await insertStory(t.database, { authorId: guide.id, ...place, title: `Gate ${i + 1}` })).id);
    const tour = await send('POST', '/api/tours', guide, { title: 'Three gates', storyIds });
    expect(tour.statusCode, tour.body).toBe(201);
    const gpx = await send('GET', `/api/tours/${tour.json<{ id: string }>().id}/export.gpx`, guide);
    expect(gpx.statusCode).toBe(200);

    const res = await importFile(guide, 'three-gates.gpx', gpx.body);
    expect(res.statusCode, res.body).toBe(201);
    const planned = res.json<PlannedTour>();
    expect(planned.title).toBe('Three gates');
    expect(planned.stops.map((stop) => stop.title)).toEqual(['Gate 1', 'Gate 2', 'Gate 3']);
    for (const [i, stop] of planned.stops.entries()) {
      expect(stop.latitude).toBeCloseTo(places[i]!.latitude, 5);
      expect(stop.longitude).toBeCloseTo(places[i]!.longitude, 5);
    }
  });

  it('two "Pin here" of one draft at once make one story; the other is refused', async () => {
    const pinner = await createTestUser(t.database, { displayName: 'Double tap' });
    const planned = (await importFile(pinner, 'here.geojson', pointsAround(HERE))).json<PlannedTour>();
    const draftId = planned.stops[0]!.draftId;
    await completeDraft(pinner, draftId);
    const answers = await Promise.all(
      [0, 1].map(() => send('POST', `/api/drafts/${draftId}/pin`, pinner, offsetNorth(HERE, 20))),
    );
    expect(answers.map((res) => res.statusCode).sort(), answers.map((res) => res.body).join()).toEqual([201, 409]);
    expect(answers.find((res) => res.statusCode === 409)!.json().message).toBe(DRAFT_MESSAGES.pinning);
    const made = await t.database.db.select().from(stories).where(eq(stories.authorId, pinner.id));
    expect(made).toHaveLength(1);
    const tours = (await send('GET', '/api/drafts/tours', pinner)).json<{ tours: PlannedTour[] }>();
    expect(tours.tours[0]!.stops.map((stop) => stop.pinned)).toEqual([true, false]);
  });

  it('a pin that fails lets the draft be pinned again', async () => {
    const retry = await createTestUser(t.database, { displayName: 'Retry' });
    const planned = (await importFile(retry, 'here.geojson', pointsAround(HERE))).json<PlannedTour>();
    const draftId = planned.stops[0]!.draftId;
    // As imported, the stop lacks the creation form's category: the creation refuses it, the claim is released.
    const refused = await send('POST', `/api/drafts/${draftId}/pin`, retry, HERE);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('Missing information: Please fill in all required fields.');
    const [row] = await t.database.db.select().from(storyDrafts).where(eq(storyDrafts.id, draftId));
    expect(row!.pinningUntil).toBeNull();
    await completeDraft(retry, draftId);
    expect((await send('POST', `/api/drafts/${draftId}/pin`, retry, HERE)).statusCode).toBe(201);
  });

  it('deleting a stop leaves the planned tour; a planned tour given up goes with its unpinned drafts', async () => {
    const quitter = await createTestUser(t.database, { displayName: 'Quitter' });
    const planned = (await importFile(quitter, 'walk.gpx', GPX_WAYPOINTS)).json<PlannedTour>();
    const [first, ...rest] = planned.stops;
    expect((await send('DELETE', `/api/drafts/${first!.draftId}`, quitter)).statusCode).toBe(204);
    const after = (await send('GET', '/api/drafts/tours', quitter)).json<{ tours: PlannedTour[] }>();
    expect(after.tours[0]!.stops.map((stop) => stop.title)).toEqual(rest.map((stop) => stop.title));

    const other = await createTestUser(t.database, { displayName: 'Not theirs' });
    expect((await send('DELETE', `/api/drafts/tours/${planned.id}`, other)).statusCode).toBe(404);
    expect((await rowsOf(quitter)).drafts).toHaveLength(2);

    expect((await send('DELETE', `/api/drafts/tours/${planned.id}`, quitter)).statusCode).toBe(204);
    expect(await rowsOf(quitter)).toEqual({ drafts: [], tours: [] });
    expect((await send('DELETE', `/api/drafts/tours/${planned.id}`, quitter)).statusCode).toBe(404);
  });

  it('a planned tour whose last stop is deleted goes too', async () => {
    const tidy = await createTestUser(t.database, { displayName: 'Tidy' });
    const planned = (await importFile(tidy, 'harbour.kml', KML)).json<PlannedTour>();
    for (const stop of planned.stops)
      expect((await send('DELETE', `/api/drafts/${stop.draftId}`, tidy)).statusCode).toBe(204);
    expect(await rowsOf(tidy)).toEqual({ drafts: [], tours: [] });
  });
});

/** Two named points near `place` (within the 200 m reach of the first). */
function pointsAround(place: Point): string {
  const second = offsetNorth(place, 400);
  return JSON.stringify({
    type: 'FeatureCollection',
    features: [place, second].map((point, i) => ({
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [point.longitude, point.latitude] },
      properties: { name: `Stop ${i + 1}`, description: `Words for stop ${i + 1}.` },
    })),
  });
}
