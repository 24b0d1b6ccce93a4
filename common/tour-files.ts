/**
 * A walking tour as route files (docs/decisions/054-tours-as-gpx-and-geojson.md): GPX 1.1 (a waypoint per stop and
 * a route through them in walking order) and a GeoJSON FeatureCollection (the route as a LineString, a Point per
 * stop). Titles only: a file never holds a story's content, media or description, so nothing locked leaves in it.
 * Pure functions, used by the tour's download routes and by the authors' data export.
 */
import { safeSingleLine } from './text';

/** The app named as a file's creator (GPX `creator`, GeoJSON `generator`). */
const TOUR_FILE_CREATOR = 'Whispers';

/** Six decimals: about 11 cm, finer than any phone's fix, and what the round trip keeps. */
const COORDINATE_DECIMALS = 6;

interface TourFileStop {
  storyId: string;
  title: string;
  latitude: number;
  longitude: number;
}

export interface TourFileInput {
  id: string;
  title: string;
  /** The tour's own description (public on its share page); never a stop's. */
  description: string | null;
  authorName: string | null;
  /** The stops the requester may see, in walking order. */
  stops: readonly TourFileStop[];
  /** The app's public origin (no trailing slash) for share-page links; undefined leaves links out. */
  origin?: string;
}

interface TourGeoJson {
  type: 'FeatureCollection';
  generator: string;
  name: string;
  features: Array<
    | {
        type: 'Feature';
        geometry: { type: 'LineString'; coordinates: [number, number][] };
        properties: { kind: 'route'; tourId: string; title: string; stopCount: number; url?: string };
      }
    | {
        type: 'Feature';
        geometry: { type: 'Point'; coordinates: [number, number] };
        properties: { kind: 'stop'; storyId: string; title: string; order: number; url?: string };
      }
  >;
}

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/** C0 controls but tab/LF/CR, U+FFFE/U+FFFF and lone surrogates: characters no XML 1.0 document may hold. */
const NOT_IN_XML =
  // eslint-disable-next-line no-control-regex -- these very characters are the ones to leave out
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * Text as XML 1.0 character data or an attribute value: the five markup characters escaped, and the characters
 * XML 1.0 cannot hold at all (C0 controls but tab/LF/CR, lone surrogates, U+FFFE/U+FFFF) left out.
 */
function escapeXml(value: string): string {
  return value.replace(NOT_IN_XML, '').replace(/[&<>"']/g, (c) => XML_ESCAPES[c]!);
}

const coordinate = (value: number) => value.toFixed(COORDINATE_DECIMALS);
const rounded = (value: number) => Number(coordinate(value));
const line = (text: string) => safeSingleLine(text).trim();

const storyUrl = (origin: string | undefined, storyId: string) =>
  origin ? `${origin}/stories/${encodeURIComponent(storyId)}` : undefined;
const tourUrl = (origin: string | undefined, tourId: string) =>
  origin ? `${origin}/tours/${encodeURIComponent(tourId)}` : undefined;

/** GPX 1.1, elements in the schema's order (metadata, wpt*, rte); every text escaped. */
export function tourGpx(tour: TourFileInput): string {
  const title = escapeXml(line(tour.title));
  const description = tour.description ? escapeXml(tour.description.trim()) : '';
  const author = tour.authorName ? escapeXml(line(tour.authorName)) : '';
  const link = (url: string | undefined, text: string) =>
    url ? `<link href="${escapeXml(url)}"><text>${escapeXml(text)}</text></link>` : '';
  const point = (tag: 'wpt' | 'rtept', stop: TourFileStop, position: number) =>
    `  ${tag === 'rtept' ? '  ' : ''}<${tag} lat="${coordinate(stop.latitude)}" lon="${coordinate(stop.longitude)}">` +
    `<name>${escapeXml(line(stop.title))}</name>` +
    link(storyUrl(tour.origin, stop.storyId), 'Open in Whispers') +
    `<type>Stop ${position}</type></${tag}>`;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<gpx version="1.1" creator="${escapeXml(TOUR_FILE_CREATOR)}" xmlns="http://www.topografix.com/GPX/1/1"` +
      ' xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"' +
      ' xsi:schemaLocation="http://www.topografix.com/GPX/1/1 http://www.topografix.com/GPX/1/1/gpx.xsd">',
    `  <metadata><name>${title}</name>` +
      (description ? `<desc>${description}</desc>` : '') +
      (author ? `<author><name>${author}</name></author>` : '') +
      link(tourUrl(tour.origin, tour.id), 'Whispers walking tour') +
      '</metadata>',
    ...tour.stops.map((stop, i) => point('wpt', stop, i + 1)),
    `  <rte><name>${title}</name>`,
    ...tour.stops.map((stop, i) => point('rtept', stop, i + 1)),
    '  </rte>',
    '</gpx>',
    '',
  ].join('\n');
}

/** GeoJSON (RFC 7946: longitude first): the route's LineString first, then a Point per stop with its order. */
export function tourGeoJson(tour: TourFileInput): TourGeoJson {
  const url = tourUrl(tour.origin, tour.id);
  return {
    type: 'FeatureCollection',
    generator: TOUR_FILE_CREATOR,
    name: line(tour.title),
    features: [
      {
        type: 'Feature',
        geometry: {
          type: 'LineString',
          coordinates: tour.stops.map((stop) => [rounded(stop.longitude), rounded(stop.latitude)]),
        },
        properties: {
          kind: 'route',
          tourId: tour.id,
          title: line(tour.title),
          stopCount: tour.stops.length,
          ...(url ? { url } : {}),
        },
      },
      ...tour.stops.map((stop, i) => {
        const stopUrl = storyUrl(tour.origin, stop.storyId);
        return {
          type: 'Feature' as const,
          geometry: {
            type: 'Point' as const,
            coordinates: [rounded(stop.longitude), rounded(stop.latitude)] as [number, number],
          },
          properties: {
            kind: 'stop' as const,
            storyId: stop.storyId,
            title: line(stop.title),
            order: i + 1,
            ...(stopUrl ? { url: stopUrl } : {}),
          },
        };
      }),
    ],
  };
}

/**
 * A file name for a Content-Disposition header: the title's letters and digits (ASCII) joined by dashes, at most
 * 60 characters, "whispers-tour" when nothing is left; safe unquoted and inside quotes.
 */
export function tourFileName(title: string, extension: 'gpx' | 'geojson'): string {
  const base = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return `${base || 'whispers-tour'}.${extension}`;
}
