/**
 * Walking tours (docs/decisions/016-walk-mode-and-tours.md): an author's ordered route through 2-20 of their own public stories. The rules, the
 * messages and the pure arithmetic (legs, length, walking time) live here once, for the server's checks and the
 * client's "New tour" form alike; the requests' and answers' schemas are tour-schemas.ts (no zod here, so the
 * first screen's tour cards read this without the validator: bench/README.md). A tour never unlocks a stop (docs/design.md
 * docs/design.md, rule 17): its per-reader stop states come from the server's unlock record.
 */
import { haversineMetres, type Point } from './geo';
import { BAD_CURSOR } from './paging';

export const TOURS = {
  minStops: 2,
  maxStops: 20,
  titleMin: 3,
  titleMax: 80,
  descriptionMax: 500,
  /** Consecutive stops lie at most this far apart (metres). */
  maxLegM: 10_000,
  /** Estimated walking pace. */
  walkingKmh: 4.5,
  /** "Tours near you": a tour with any stop within this radius. */
  nearbyRadiusM: 5_000,
  pageDefault: 20,
  pageMax: 50,
  /** Creation limit per author. */
  createPerDay: 20,
} as const;

export const TOUR_MESSAGES = {
  titleMin: `Title must be at least ${TOURS.titleMin} characters`,
  titleMax: `Title must be at most ${TOURS.titleMax} characters`,
  descriptionMax: `Description must be at most ${TOURS.descriptionMax} characters`,
  stopsCount: `A tour needs from ${TOURS.minStops} to ${TOURS.maxStops} stops.`,
  stopsRepeated: 'A story can be a stop of a tour only once.',
  stopsNotIds: 'Stops must be story ids.',
  legTooLong: (from: number, to: number, km: string) =>
    `Stops ${from} and ${to} are ${km} km apart: consecutive stops must lie within ${TOURS.maxLegM / 1000} km of each other.`,
  notYourStory: 'A tour can only include your own stories.',
  privateStory: 'A tour can only include public stories. Make the story public first.',
  storyNotFound: 'One of the stops is not a story you can use.',
  notFound: 'Tour not found',
  notTheAuthor: 'Only the author of this tour can change or delete it.',
  tooMany: `You can create at most ${TOURS.createPerDay} tours a day. Please try again tomorrow.`,
  nothingToChange: 'Nothing to change: send a title, a description or the stops.',
  notAnObject: 'Send the tour as a JSON object, e.g. { "title": "…", "storyIds": ["…", "…"] }.',
  /** What the author is told when stories dropped out and fewer than 2 remain. */
  hiddenForAuthor: `Only you can see this tour: it needs at least ${TOURS.minStops} public stops.`,
  badCursor: BAD_CURSOR,
} as const;

/** The legs' lengths in metres, on the project's sphere (common/geo.ts). */
function tourLegs(stops: readonly Point[]): number[] {
  return stops.slice(1).map((stop, i) => haversineMetres(stops[i]!, stop));
}

/** The first leg longer than the rule allows, 1-based stop numbers; null when every leg is within it. */
export function firstLongLeg(stops: readonly Point[]): { from: number; to: number; metres: number } | null {
  const legs = tourLegs(stops);
  // Measured to the millimetre: a leg of exactly 10 km is within reach whatever the floating-point noise.
  const index = legs.findIndex((metres) => Math.round(metres * 1000) / 1000 > TOURS.maxLegM);
  return index < 0 ? null : { from: index + 1, to: index + 2, metres: legs[index]! };
}

/** Length (sum of the legs, whole metres) and walking time at 4.5 km/h (whole minutes, at least 1). */
export function tourMeasures(stops: readonly Point[]): { lengthM: number; walkingMinutes: number } {
  const lengthM = Math.round(tourLegs(stops).reduce((sum, leg) => sum + leg, 0));
  const walkingMinutes = Math.max(1, Math.round((lengthM / 1000 / TOURS.walkingKmh) * 60));
  return { lengthM, walkingMinutes };
}

/** "3 of 7 found". */
export const tourProgressText = (found: number, total: number) => `${found} of ${total} found`;
/** "Stop 4 of 7". */
export const tourStopText = (position: number, total: number) => `Stop ${position} of ${total}`;
export const TOUR_COMPLETE = 'Tour complete';

/** "2.4 km · 32 min walk" (a tour shorter than 1 km in metres). */
export function tourLengthText(lengthM: number, walkingMinutes: number): string {
  const length = lengthM < 1000 ? `${lengthM} m` : `${(lengthM / 1000).toFixed(1)} km`;
  const time =
    walkingMinutes < 60 ? `${walkingMinutes} min` : `${Math.floor(walkingMinutes / 60)} h ${walkingMinutes % 60} min`;
  return `${length} · ${time} walk`;
}
