/**
 * The map calls' answer (docs/design.md, rule 20, docs/decisions/024-lean-map-answer.md and 025): markers as columns
 * by default, the spec's full stories with `?view=full`. Turning markers into columns and back is map-markers.ts
 * (no zod there: the client's first screen reads it — bench/README.md).
 */
import { z } from 'zod';
import { accuracyQuerySchema } from './location-schemas';
import { storySchema } from './schemas';
import { languageSchema } from './language-schemas';

/**
 * A story as a map marker (docs/design.md, rule 20, docs/decisions/024-lean-map-answer.md and 025): what a marker
 * needs — id, position (to five decimals, about a metre), category, type, whether it has a time lock (the icon's
 * dot), distance and lock state. The title, the card's text, content, media, author and likes come when the
 * marker is opened (GET /api/stories/:id); a client may name a marker by a title it already holds (the nearby
 * list, the reader's own stories). Nothing in it is withheld by a lock, so locked and unlocked markers carry the
 * same fields.
 */
export const mapMarkerSchema = storySchema.pick({
  id: true,
  latitude: true,
  longitude: true,
  category: true,
  type: true,
  timeRestriction: true,
  distance: true,
  isLocked: true,
  lockReason: true,
});
/** A marker, and the title when the client knows it from elsewhere (never from the map answer). */
export type MapMarker = z.infer<typeof mapMarkerSchema> & { title?: string };

/** A story id in the marker answer: the uuid's 32 hex digits without its dashes (map-markers.ts `compactId`). */
const compactIdSchema = z.string().regex(/^[0-9a-f]{32}$/);

/**
 * The marker answer (decision 025): one array per field, index i of every array being marker i, in the answer's
 * order (nearest first). No key is repeated per marker, so 1,000 markers cost about 28 KB gzip instead of 46 KB
 * as objects (bench/map-payload.ts); map-markers.ts `fromMarkerColumns` turns it back into MapMarkers.
 */
export const mapMarkerColumnsSchema = z
  .object({
    id: z.array(compactIdSchema).describe('Story ids: the uuid without its dashes'),
    latitude: z.array(mapMarkerSchema.shape.latitude),
    longitude: z.array(mapMarkerSchema.shape.longitude),
    category: z.array(mapMarkerSchema.shape.category),
    type: z.array(mapMarkerSchema.shape.type),
    timeRestriction: z.array(mapMarkerSchema.shape.timeRestriction),
    distance: z.array(mapMarkerSchema.shape.distance),
    isLocked: z.array(mapMarkerSchema.shape.isLocked),
    lockReason: z.array(mapMarkerSchema.shape.lockReason),
  })
  .describe('Markers as columns: index i of every array is marker i');
export type MapMarkerColumns = z.infer<typeof mapMarkerColumnsSchema>;

export const MAP_VIEW_MESSAGE = 'view must be markers or full';
/**
 * `?view=` of the map calls: `markers` (the default) answers MapMarkers; `full` answers the spec's full stories
 * (the discovery list shows cards from them).
 */
export const mapViewSchema = z
  .enum(['markers', 'full'], { error: MAP_VIEW_MESSAGE })
  .default('markers')
  .describe(
    "markers (default): id, position, category, type, time lock and lock state per story, as columns; full: whole stories as the spec's map call",
  );
export type MapView = z.infer<typeof mapViewSchema>;
/**
 * `?lang=` of the map calls: only stories in that language (or a more specific tag of it: "es" finds "es-MX"),
 * chosen before the answer's cap (docs/decisions/061-stories-carry-their-language.md).
 */
export const languageFilterSchema = languageSchema
  .optional()
  .describe('Only stories in this language (a BCP 47 tag; "es" also finds "es-MX"), filtered before the cap');

/** Query of GET /api/stories/map/:lat/:lng: the accuracy claim, the view and the language filter. */
export const mapQuerySchema = accuracyQuerySchema.extend({ view: mapViewSchema, lang: languageFilterSchema });
