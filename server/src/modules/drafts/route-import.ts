/**
 * Routes in (docs/decisions/060-story-drafts-and-routes-in.md): a GPX (waypoints, a route or a track), KML
 * (Placemarks) or GeoJSON (Points, LineStrings) file becomes a planned tour — its named points become planned stops,
 * its first line the tour's path, and when the file has a line but no points, stops are suggested along the line.
 * GPX and KML are read by `@tmcw/togeojson` over `@xmldom/xmldom`. Pure: no database, no I/O. The size limit is
 * checked on the raw bytes BEFORE anything is parsed; the point count after.
 */
import { gpx, kml } from '@tmcw/togeojson';
import { DOMParser } from '@xmldom/xmldom';
import { ROUTE_FILE_MAX_BYTES, ROUTE_FILE_TOO_LARGE } from '#common/drafts';
import { haversineMetres, type Point } from '#common/geo';
import { safeSingleLine } from '#common/text';

/** A file larger than this is refused unread (common/drafts.ts: the browser checks the same figure). */
export const ROUTE_IMPORT_MAX_BYTES = ROUTE_FILE_MAX_BYTES;
/** Points in all the file's geometries together. */
export const ROUTE_IMPORT_MAX_POINTS = 20_000;
/** Planned stops one file may bring (named points, or the stops suggested along a line). */
const ROUTE_IMPORT_MAX_STOPS = 30;
/** Stops suggested along a line without points: about one per this many metres, at least two. */
const SUGGESTED_STOP_SPACING_M = 500;

export const ROUTE_IMPORT_MESSAGES = {
  TOO_LARGE: ROUTE_FILE_TOO_LARGE,
  TOO_MANY_POINTS: `The route file has too many points (at most ${ROUTE_IMPORT_MAX_POINTS.toLocaleString('en')}).`,
  UNREADABLE: 'The route file could not be read. Please choose a GPX, KML or GeoJSON file.',
  EMPTY: 'The route file has no points or lines to make a tour from.',
} as const;

type RouteFileFormat = 'gpx' | 'kml' | 'geojson';

interface ImportedStop extends Point {
  title: string;
  description: string | null;
  /** True when the file had no point here and the stop was placed along its line. */
  suggested: boolean;
}

export interface ImportedRoute {
  format: RouteFileFormat;
  /** The file's name for the whole route (GPX metadata / track name, KML document name), if any. */
  name: string | null;
  stops: ImportedStop[];
  /** The tour's path: the file's first line (route or track), or [] when it has none. */
  path: Point[];
}

/** Why a file was refused; `message` is the user's sentence. */
export class RouteImportError extends Error {
  constructor(
    message: string,
    readonly kind: 'too-large' | 'unreadable',
  ) {
    super(message);
  }
}

interface Feature {
  type: 'Feature';
  geometry: { type: string; coordinates: unknown } | null;
  properties: Record<string, unknown> | null;
}

/** Reads a route file's bytes; throws RouteImportError (too large before parsing, unreadable, too many points). */
export function parseRouteFile(bytes: Uint8Array, fileName = ''): ImportedRoute {
  if (bytes.byteLength > ROUTE_IMPORT_MAX_BYTES)
    throw new RouteImportError(ROUTE_IMPORT_MESSAGES.TOO_LARGE, 'too-large');
  const text = new TextDecoder('utf-8', { fatal: false }).decode(bytes).replace(/^\uFEFF/, '');
  const format = detectFormat(text, fileName);
  const features = format === 'geojson' ? geoJsonFeatures(text) : xmlFeatures(text, format);
  return routeFromFeatures(format, features, format === 'geojson' ? null : xmlName(text));
}

function detectFormat(text: string, fileName: string): RouteFileFormat {
  const head = text.trimStart();
  if (head.startsWith('{')) return 'geojson';
  if (/<gpx[\s>]/i.test(head.slice(0, 4096))) return 'gpx';
  if (/<kml[\s>]/i.test(head.slice(0, 4096))) return 'kml';
  if (/\.kml$/i.test(fileName)) return 'kml';
  if (/\.gpx$/i.test(fileName)) return 'gpx';
  throw unreadable();
}

const unreadable = () => new RouteImportError(ROUTE_IMPORT_MESSAGES.UNREADABLE, 'unreadable');

function xmlFeatures(text: string, format: 'gpx' | 'kml'): Feature[] {
  let broken = false;
  const parser = new DOMParser({
    onError: (level: string) => {
      if (level !== 'warning') broken = true;
    },
  });
  let document;
  try {
    document = parser.parseFromString(text, 'text/xml');
  } catch {
    throw unreadable();
  }
  if (broken || !document?.documentElement) throw unreadable();
  const root = document.documentElement.localName?.toLowerCase();
  if (root !== format) throw unreadable();
  const collection = format === 'gpx' ? gpx(document) : kml(document);
  return collection.features as unknown as Feature[];
}

/** The route's own name: GPX `metadata/name`, else the first `trk`/`rte` name; KML `Document/name`. */
function xmlName(text: string): string | null {
  const match = /<(?:metadata|Document|trk|rte)\b[^>]*>\s*<name>([^<]{1,200})<\/name>/i.exec(text);
  return match ? cleanText(match[1]!) : null;
}

function geoJsonFeatures(text: string): Feature[] {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw unreadable();
  }
  if (!value || typeof value !== 'object') throw unreadable();
  const object = value as { type?: unknown; features?: unknown; coordinates?: unknown };
  if (object.type === 'FeatureCollection' && Array.isArray(object.features)) return object.features as Feature[];
  if (object.type === 'Feature') return [object as unknown as Feature];
  if (typeof object.type === 'string' && 'coordinates' in object)
    return [{ type: 'Feature', geometry: object as Feature['geometry'], properties: {} }];
  throw unreadable();
}

function toPoint(position: unknown): Point | null {
  if (!Array.isArray(position) || position.length < 2) return null;
  const [longitude, latitude] = position as unknown[];
  if (typeof latitude !== 'number' || typeof longitude !== 'number') return null;
  if (!(Math.abs(latitude) <= 90 && Math.abs(longitude) <= 180)) return null;
  return { latitude, longitude };
}

function cleanText(value: unknown, max = 2000): string | null {
  if (typeof value !== 'string') return null;
  // The public-text rule: a file's names and descriptions lose control, bidi and zero-width characters.
  const text = safeSingleLine(value).replace(/\s+/g, ' ').trim();
  return text ? text.slice(0, max) : null;
}

function routeFromFeatures(format: RouteFileFormat, features: Feature[], name: string | null): ImportedRoute {
  const stops: ImportedStop[] = [];
  const lines: Point[][] = [];
  let points = 0;
  const count = (n: number) => {
    points += n;
    if (points > ROUTE_IMPORT_MAX_POINTS)
      throw new RouteImportError(ROUTE_IMPORT_MESSAGES.TOO_MANY_POINTS, 'too-large');
  };
  for (const feature of features) {
    const geometry = feature?.geometry;
    if (!geometry || typeof geometry !== 'object') continue;
    const properties = feature.properties ?? {};
    if (geometry.type === 'Point') {
      count(1);
      const point = toPoint(geometry.coordinates);
      if (!point) throw unreadable();
      stops.push({
        ...point,
        title: cleanText(properties.name ?? properties.title, 200) ?? `Stop ${stops.length + 1}`,
        description: cleanText(properties.desc ?? properties.description),
        suggested: false,
      });
    } else if (geometry.type === 'LineString' || geometry.type === 'MultiLineString') {
      const parts = (geometry.type === 'LineString' ? [geometry.coordinates] : geometry.coordinates) as unknown[];
      if (!Array.isArray(parts)) throw unreadable();
      const line: Point[] = [];
      for (const part of parts) {
        if (!Array.isArray(part)) throw unreadable();
        count(part.length);
        for (const position of part) {
          const point = toPoint(position);
          if (!point) throw unreadable();
          line.push(point);
        }
      }
      if (line.length > 0) lines.push(line);
    }
  }
  const path = lines[0] ?? [];
  if (stops.length === 0 && path.length === 0) throw new RouteImportError(ROUTE_IMPORT_MESSAGES.EMPTY, 'unreadable');
  return {
    format,
    name,
    stops: (stops.length > 0 ? stops : suggestStops(path)).slice(0, ROUTE_IMPORT_MAX_STOPS),
    path,
  };
}

/** Stops spaced evenly by distance along the line, the first at its start and the last at its end. */
function suggestStops(line: readonly Point[]): ImportedStop[] {
  if (line.length === 0) return [];
  const cumulative = [0];
  for (let i = 1; i < line.length; i++) cumulative.push(cumulative[i - 1]! + haversineMetres(line[i - 1]!, line[i]!));
  const length = cumulative[cumulative.length - 1]!;
  const wanted = Math.min(ROUTE_IMPORT_MAX_STOPS, Math.max(2, Math.round(length / SUGGESTED_STOP_SPACING_M) + 1));
  const stops: ImportedStop[] = [];
  let index = 0;
  for (let n = 0; n < wanted; n++) {
    const target = (length * n) / (wanted - 1);
    while (index < line.length - 1 && cumulative[index + 1]! < target) index++;
    const point = line[Math.min(index + (n === wanted - 1 ? 1 : 0), line.length - 1)]!;
    stops.push({ ...point, title: `Stop ${n + 1}`, description: null, suggested: true });
  }
  return stops;
}
