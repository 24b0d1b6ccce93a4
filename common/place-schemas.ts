/**
 * Places from the offline gazetteer (docs/decisions/040-offline-gazetteer.md): the place search's query and its
 * answer. A story's `placeName` ("Savannah, Georgia") comes with the story itself (schemas.ts).
 */
import { z } from 'zod';

/** The longest query the place search reads (no place name in the gazetteer is longer than 65 characters). */
export const PLACE_QUERY_MAX = 100;

export const PLACE_MESSAGES = {
  queryRequired: 'Type a place name to search for',
  queryTooLong: `A place name is at most ${PLACE_QUERY_MAX} characters`,
} as const;

export const placeSearchQuerySchema = z.object({
  q: z
    .string({ error: PLACE_MESSAGES.queryRequired })
    .trim()
    .min(1, PLACE_MESSAGES.queryRequired)
    .max(PLACE_QUERY_MAX, PLACE_MESSAGES.queryTooLong)
    .describe('The place typed so far, e.g. "savan" (typos tolerated; accents optional)'),
});

export const placeSchema = z.object({
  name: z.string(),
  /** The first-level division (a US state, a UK nation, a Swiss canton) where the gazetteer names it. */
  region: z.string().nullable(),
  country: z.string(),
  /** "Savannah, Georgia": the name with its region, else its country. */
  label: z.string(),
  latitude: z.number(),
  longitude: z.number(),
});
export type Place = z.infer<typeof placeSchema>;
