/**
 * The map calls' answer (DESIGN.md decision 20, docs/decisions/024-lean-map-answer.md): markers by default, the
 * spec's full stories with `?view=full`.
 */
import { z } from 'zod';
import { accuracyQuerySchema } from './location-schemas';
import { storySchema, type Story } from './schemas';

/**
 * A story as a map marker (DESIGN.md decision 20, docs/decisions/024-lean-map-answer.md): what the marker, its
 * popup and the stack sheet show — id, title (the marker's name), position (to five decimals, about a metre), category, type, whether it has a time
 * lock (the icon), distance and lock state. The card's text, content, media, author and likes come when the marker
 * is opened (GET /api/stories/:id). Nothing in it is withheld by a lock, so a locked and an unlocked marker carry
 * the same fields.
 */
export const mapMarkerSchema = storySchema.pick({
  id: true,
  title: true,
  latitude: true,
  longitude: true,
  category: true,
  type: true,
  timeRestriction: true,
  distance: true,
  isLocked: true,
  lockReason: true,
});
export type MapMarker = z.infer<typeof mapMarkerSchema>;
/** The fields of a MapMarker, in the order the answer carries them. */
export const MAP_MARKER_FIELDS = Object.keys(mapMarkerSchema.shape) as (keyof MapMarker)[];

export const MAP_VIEW_MESSAGE = 'view must be markers or full';
/**
 * `?view=` of the map calls: `markers` (the default) answers MapMarkers; `full` answers the spec's full stories
 * (the discovery list shows cards from them).
 */
export const mapViewSchema = z
  .enum(['markers', 'full'], { error: MAP_VIEW_MESSAGE })
  .default('markers')
  .describe('markers (default): id, title, position, category, type, time lock and lock state per story; full: whole stories as the spec\'s map call');
export type MapView = z.infer<typeof mapViewSchema>;
/** Query of GET /api/stories/map/:lat/:lng: the accuracy claim and the view. */
export const mapQuerySchema = accuracyQuerySchema.extend({ view: mapViewSchema });
/** A full story carries what a marker does and more: a list's card can stand in for a marker. */
export const isFullStory = (story: MapMarker | Story): story is Story => 'authorId' in story;
