import { describe, expect, it } from 'vitest';
import { tourGeoJson, tourGpx } from '#common/tour-files';
import {
  parseRouteFile,
  ROUTE_IMPORT_MAX_BYTES,
  ROUTE_IMPORT_MAX_POINTS,
  ROUTE_IMPORT_MESSAGES,
  RouteImportError,
} from './route-import';
import { trackGpx } from './test-support/route-files';

const bytes = (text: string) => new TextEncoder().encode(text);

const GPX_WAYPOINTS = `<?xml version="1.0" encoding="UTF-8"?>
<gpx version="1.1" creator="test" xmlns="http://www.topografix.com/GPX/1/1">
  <metadata><name>Old town walk</name></metadata>
  <wpt lat="51.5007" lon="-0.1246"><name>Big Ben</name><desc>The clock tower.</desc></wpt>
  <wpt lat="51.5014" lon="-0.1419"><name>The Palace</name></wpt>
  <rte><name>Old town walk</name><rtept lat="51.5007" lon="-0.1246"/><rtept lat="51.5014" lon="-0.1419"/></rte>
</gpx>`;

const KML = `<?xml version="1.0" encoding="UTF-8"?>
<kml xmlns="http://www.opengis.net/kml/2.2"><Document><name>Harbour</name>
  <Placemark><name>Lighthouse</name><description>White and red.</description><Point><coordinates>10.0,53.5,0</coordinates></Point></Placemark>
  <Placemark><name>Fish market</name><Point><coordinates>10.01,53.51</coordinates></Point></Placemark>
  <Placemark><LineString><coordinates>10.0,53.5 10.01,53.51</coordinates></LineString></Placemark>
</Document></kml>`;

const GEOJSON = JSON.stringify({
  type: 'FeatureCollection',
  features: [
    { type: 'Feature', geometry: { type: 'Point', coordinates: [13.4, 52.52] }, properties: { name: 'Gate' } },
    {
      type: 'Feature',
      geometry: {
        type: 'LineString',
        coordinates: [
          [13.4, 52.52],
          [13.41, 52.52],
        ],
      },
      properties: {},
    },
  ],
});

describe('parseRouteFile (docs/decisions/060-story-drafts-and-routes-in.md)', () => {
  it('turns GPX waypoints into planned stops with their names and descriptions, and the route into the path', () => {
    const route = parseRouteFile(bytes(GPX_WAYPOINTS), 'walk.gpx');
    expect(route.format).toBe('gpx');
    expect(route.name).toBe('Old town walk');
    expect(route.stops).toEqual([
      { latitude: 51.5007, longitude: -0.1246, title: 'Big Ben', description: 'The clock tower.', suggested: false },
      { latitude: 51.5014, longitude: -0.1419, title: 'The Palace', description: null, suggested: false },
    ]);
    expect(route.path).toHaveLength(2);
  });

  it('suggests stops along a track-only GPX, first at its start and last at its end', () => {
    const route = parseRouteFile(bytes(trackGpx(100)));
    expect(route.path).toHaveLength(100);
    expect(route.stops.length).toBeGreaterThanOrEqual(2);
    expect(route.stops.every((stop) => stop.suggested)).toBe(true);
    expect(route.stops[0]).toMatchObject({ latitude: 48.85, longitude: 2.35 });
    expect(route.stops.at(-1)!.latitude).toBeCloseTo(48.85 + 99 * 0.0001, 6);
  });

  it('reads KML placemarks and GeoJSON points and lines', () => {
    const fromKml = parseRouteFile(bytes(KML), 'harbour.kml');
    expect(fromKml.format).toBe('kml');
    expect(fromKml.stops.map((s) => [s.title, s.description])).toEqual([
      ['Lighthouse', 'White and red.'],
      ['Fish market', null],
    ]);
    expect(fromKml.path).toHaveLength(2);
    const fromGeoJson = parseRouteFile(bytes(GEOJSON), 'gate.geojson');
    expect(fromGeoJson.stops).toEqual([
      { latitude: 52.52, longitude: 13.4, title: 'Gate', description: null, suggested: false },
    ]);
    expect(fromGeoJson.path).toHaveLength(2);
  });

  it('refuses a broken file with a clear message', () => {
    for (const text of ['<gpx><wpt lat="1" lon="2"></gpx', '{"type": "FeatureCollection", ', 'hello', '<kml></kml>']) {
      expect(() => parseRouteFile(bytes(text), 'broken.gpx'), text).toThrow(RouteImportError);
    }
    expect(() => parseRouteFile(bytes('not a route'))).toThrow(ROUTE_IMPORT_MESSAGES.UNREADABLE);
    expect(() => parseRouteFile(bytes('<kml xmlns="http://www.opengis.net/kml/2.2"></kml>'))).toThrow(
      ROUTE_IMPORT_MESSAGES.EMPTY,
    );
  });

  it('refuses an oversized file before parsing it, and a file with too many points', () => {
    // Not even valid XML: a file past the limit is refused unread.
    const huge = new Uint8Array(ROUTE_IMPORT_MAX_BYTES + 1).fill(0x3c);
    expect(() => parseRouteFile(huge)).toThrow(ROUTE_IMPORT_MESSAGES.TOO_LARGE);
    expect(() => parseRouteFile(bytes(trackGpx(ROUTE_IMPORT_MAX_POINTS + 1)))).toThrow(
      ROUTE_IMPORT_MESSAGES.TOO_MANY_POINTS,
    );
  });

  it('gives back the same stops after a tour is exported as GPX or GeoJSON', () => {
    const stops = [
      { storyId: 'a', title: 'First stop', latitude: 51.123456, longitude: -0.654321 },
      { storyId: 'b', title: 'Second & last', latitude: 51.124, longitude: -0.655 },
    ];
    const tour = { id: 't', title: 'Round trip', description: null, authorName: 'ann', stops };
    for (const file of [tourGpx(tour), JSON.stringify(tourGeoJson(tour))]) {
      const route = parseRouteFile(bytes(file));
      expect(route.stops.map(({ title, latitude, longitude }) => ({ title, latitude, longitude }))).toEqual(
        stops.map(({ title, latitude, longitude }) => ({ title, latitude, longitude })),
      );
    }
  });
});
