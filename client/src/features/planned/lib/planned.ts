/**
 * The pure rules of planned stories and tours on the client (docs/decisions/060-story-drafts-and-routes-in.md):
 * the route file check before reading it, the distance line of a draft, the drafts within reach of a walker, and
 * a planned tour's progress. Free of React, unit-tested in Node.
 */
import { DRAFTS, ROUTE_FILE_MAX_BYTES, ROUTE_FILE_TOO_LARGE } from '#common/drafts';
import type { Draft, PlannedTour } from '#common/draft-schemas';
import { haversineMetres, type Point } from '#common/geo';
import { isTextStory } from '#common/story-type-specs';
import { i18n, translate } from '#client/lib/i18n/i18n';
import { formatDistanceFor } from '#client/lib/i18n/format';

/** The file picker's kinds: what the server's parser reads (GPX, KML, GeoJSON). */
export const ROUTE_FILE_ACCEPT = '.gpx,.kml,.geojson,.json';

/** The server's own sentence for a file over 2 MB, or null: checked on the file's size, before it is read. */
export function routeFileProblem(file: { size: number }): string | null {
  return file.size > ROUTE_FILE_MAX_BYTES ? ROUTE_FILE_TOO_LARGE : null;
}

/** "1.9km from you" when the reader's position is known, else null (nothing is guessed). */
export function plannedDistanceText(reader: Point | null, place: Point): string | null {
  if (!reader) return null;
  return translate('planned.distanceFromYou', { distance: formatDistanceFor(haversineMetres(reader, place)) });
}

/** The drafts whose planned place lies within "Pin here"'s 200 m of the walker, nearest first. */
export function draftsInReach(drafts: readonly Draft[], at: Point | null): Draft[] {
  if (!at) return [];
  return drafts
    .map((draft) => ({ draft, metres: haversineMetres(at, draft) }))
    .filter(({ metres }) => metres <= DRAFTS.pinReachM)
    .sort((a, b) => a.metres - b.metres)
    .map(({ draft }) => draft);
}

/** A planned tour's progress: "n of m pinned", and whether it may be published (at least two stops pinned). */
export function tourProgress(tour: Pick<PlannedTour, 'stops'>): { line: string; canPublish: boolean } {
  const pinned = tour.stops.filter((stop) => stop.pinned).length;
  return {
    line: translate('planned.tourProgress', { pinned, total: tour.stops.length }),
    canPublish: pinned >= DRAFTS.minPinnedStopsToPublish,
  };
}

/** The sentence in the reader's language: a live binding, renewed when the language changes. */
export let NOT_READY_TO_PIN = translate('planned.notReadyToPin');
i18n.on('change', () => {
  NOT_READY_TO_PIN = translate('planned.notReadyToPin');
});

/**
 * Why a draft cannot be pinned yet, or null: a stop imported from a route file has its name and description but
 * no category, and a text story no words, which the creation rules require when it is pinned.
 */
export function notReadyToPin(draft: Pick<Draft, 'type' | 'fields'>): string | null {
  const { category = '', content = '' } = draft.fields;
  if (!category.trim() || (isTextStory(draft.type) && !content.trim())) return NOT_READY_TO_PIN;
  return null;
}

/**
 * The drafts as My Stories lists them: stories planned one by one first (newest first, as the server sends them),
 * then each planned tour's stops in the tour's order.
 */
export function draftsInListOrder(
  drafts: readonly Draft[],
  tours: readonly Pick<PlannedTour, 'id' | 'stops'>[],
): Draft[] {
  const place = new Map<string, number>();
  tours.forEach((tour, t) => tour.stops.forEach((stop, i) => place.set(stop.draftId, (t + 1) * 1000 + i)));
  return drafts
    .map((draft, index) => ({ draft, key: place.get(draft.id) ?? (draft.tourDraftId ? 999_000 : 0), index }))
    .sort((a, b) => a.key - b.key || a.index - b.index)
    .map(({ draft }) => draft);
}
