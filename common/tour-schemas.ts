/** Walking tours' requests and answers (docs/decisions/016-walk-mode-and-tours.md); the rules, messages and arithmetic are tours.ts. */
import { z } from 'zod';
import { storyTypeSchema } from './enum-schemas';
import { latitudeSchema, longitudeSchema } from './location-schemas';
import { TOUR_MESSAGES, TOURS } from './tours';
import { cursorQuerySchema } from './page-schemas';
import { publicText } from './public-text';

// Public texts: the public-text rule (text.ts) — no bidi overrides, zero-width or control characters.
const titleField = publicText(
  z
    .string({ error: TOUR_MESSAGES.titleMin })
    .trim()
    .min(TOURS.titleMin, TOUR_MESSAGES.titleMin)
    .max(TOURS.titleMax, TOUR_MESSAGES.titleMax),
  'Title',
  'single',
);
const descriptionField = publicText(
  z.string({ error: TOUR_MESSAGES.descriptionMax }).trim().max(TOURS.descriptionMax, TOUR_MESSAGES.descriptionMax),
  'Description',
  'multi',
);
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
  .refine(
    (f) => f.title !== undefined || f.description !== undefined || f.storyIds !== undefined,
    TOUR_MESSAGES.nothingToChange,
  );
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
  cursor: cursorQuerySchema,
});

/** A stop as a reader sees it: never the story's content or media (open the story for that, with the usual locks). */
const tourStopSchema = z.object({
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
  /** The populated place nearest the start ("Savannah, Georgia"; docs/decisions/040-offline-gazetteer.md), where one is near. */
  placeName: z.string().optional(),
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
