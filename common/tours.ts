/**
 * Walking tours (issue 25): an author's ordered route through 2-20 of their own public stories. The rules, the
 * messages and the pure arithmetic (legs, length, walking time) live here once, for the server's checks and the
 * client's "New tour" form alike. A tour never unlocks a stop (DESIGN.md decision 17): its per-reader stop
 * states come from the server's unlock record.
 */
import { z } from 'zod';
import { haversineMetres, type Point } from './geo';
import { latitudeSchema, longitudeSchema, storyTypeSchema } from './schemas';

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
  badCursor: 'Invalid cursor',
} as const;

const titleField = z
  .string({ error: TOUR_MESSAGES.titleMin })
  .trim()
  .min(TOURS.titleMin, TOUR_MESSAGES.titleMin)
  .max(TOURS.titleMax, TOUR_MESSAGES.titleMax);
const descriptionField = z
  .string({ error: TOUR_MESSAGES.descriptionMax })
  .trim()
  .max(TOURS.descriptionMax, TOUR_MESSAGES.descriptionMax);
const storyIdsField = z
  .array(z.uuid({ error: TOUR_MESSAGES.stopsNotIds }), { error: TOUR_MESSAGES.stopsCount })
  .min(TOURS.minStops, TOUR_MESSAGES.stopsCount)
  .max(TOURS.maxStops, TOUR_MESSAGES.stopsCount)
  .refine((ids) => new Set(ids.map((id) => id.toLowerCase())).size === ids.length, TOUR_MESSAGES.stopsRepeated);

/** POST /api/tours: a new tour; `storyIds` in walking order. */
export const createTourRequestSchema = z.object(
  {
    title: titleField,
    description: descriptionField.nullable().optional(),
    storyIds: storyIdsField,
  },
  { error: TOUR_MESSAGES.notAnObject },
);
export type CreateTourRequest = z.infer<typeof createTourRequestSchema>;

/** PATCH /api/tours/:id: any of the fields; `storyIds` replaces the stops and their order as a whole. */
export const editTourRequestSchema = z
  .object(
    {
      title: titleField.optional(),
      description: descriptionField.nullable().optional(),
      storyIds: storyIdsField.optional(),
    },
    { error: TOUR_MESSAGES.notAnObject },
  )
  .refine((f) => f.title !== undefined || f.description !== undefined || f.storyIds !== undefined, TOUR_MESSAGES.nothingToChange);
export type EditTourRequest = z.infer<typeof editTourRequestSchema>;

export const tourIdParamsSchema = z.object({ id: z.string().describe('Tour id (uuid)') });

/** GET /api/tours/near/:lat/:lng?limit&cursor: tours with a visible stop within 5 km, nearest first. */
export const tourPageQuerySchema = z.object({
  limit: z.coerce
    .number({ error: `limit must be a whole number from 1 to ${TOURS.pageMax}` })
    .int(`limit must be a whole number from 1 to ${TOURS.pageMax}`)
    .min(1, `limit must be a whole number from 1 to ${TOURS.pageMax}`)
    .max(TOURS.pageMax, `limit must be a whole number from 1 to ${TOURS.pageMax}`)
    .default(TOURS.pageDefault),
  cursor: z.string().max(512, TOUR_MESSAGES.badCursor).optional().describe('Opaque cursor from the Link header of the previous page'),
});

/** A stop as a reader sees it: never the story's content or media (open the story for that, with the usual locks). */
export const tourStopSchema = z.object({
  position: z.number().int().describe('1-based place in the walking order (among visible stops)'),
  storyId: z.uuid(),
  title: z.string(),
  type: storyTypeSchema,
  category: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  /** From the reader's unlock record (or their authorship); a tour never unlocks anything itself. */
  unlocked: z.boolean(),
});
export type TourStop = z.infer<typeof tourStopSchema>;

export const tourSummarySchema = z.object({
  id: z.uuid(),
  title: z.string(),
  description: z.string().nullable(),
  authorId: z.uuid(),
  author: z.object({ displayName: z.string().nullable() }),
  stopCount: z.number().int(),
  lengthM: z.number().int(),
  walkingMinutes: z.number().int(),
  /** Where it starts (the first visible stop), for the list and the map. */
  start: z.object({ latitude: latitudeSchema, longitude: longitudeSchema }),
  /** Metres from the reader to the nearest stop (lists near a point only). */
  distance: z.number().nullable(),
  createdAt: z.string(),
});
export type TourSummary = z.infer<typeof tourSummarySchema>;

export const tourSchema = tourSummarySchema.extend({
  stops: z.array(tourStopSchema),
  foundCount: z.number().int(),
  /** True when this reader has found every stop ("Tour complete"). */
  complete: z.boolean(),
  /** Visible to nobody but the author (fewer than 2 visible stops); only the author gets such a tour. */
  hiddenFromReaders: z.boolean(),
  /** Said to the author when stops dropped out (deleted, hidden or made private). */
  notice: z.string().nullable(),
});
export type Tour = z.infer<typeof tourSchema>;

/** The legs' lengths in metres, on the project's sphere (common/geo.ts). */
export function tourLegs(stops: readonly Point[]): number[] {
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
  const time = walkingMinutes < 60 ? `${walkingMinutes} min` : `${Math.floor(walkingMinutes / 60)} h ${walkingMinutes % 60} min`;
  return `${length} · ${time} walk`;
}
