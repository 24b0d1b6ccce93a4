/**
 * Map markers as the client and server handle them (decision 025): the marker answer's columns made from markers
 * and read back, the compact ids in it, and the full story a list's card may stand in with. The answer's schemas
 * are map-schemas.ts; nothing here needs zod, so the first screen reads this without the validator (bench/README.md).
 */
import type { MapMarker, MapMarkerColumns } from './map-schemas';
import type { Story } from './schemas';

export type { MapMarker, MapMarkerColumns } from './map-schemas';

/** A story id in the marker answer: the uuid's 32 hex digits without its dashes (four bytes fewer per marker). */
const compactId = (uuid: string) => uuid.replaceAll('-', '');
const expandId = (hex: string) =>
  `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;

export function toMarkerColumns(markers: readonly MapMarker[]): MapMarkerColumns {
  return {
    id: markers.map((m) => compactId(m.id)),
    latitude: markers.map((m) => m.latitude),
    longitude: markers.map((m) => m.longitude),
    category: markers.map((m) => m.category),
    type: markers.map((m) => m.type),
    timeRestriction: markers.map((m) => m.timeRestriction),
    distance: markers.map((m) => m.distance),
    isLocked: markers.map((m) => m.isLocked),
    lockReason: markers.map((m) => m.lockReason),
  };
}

export function fromMarkerColumns(columns: MapMarkerColumns): MapMarker[] {
  return columns.id.map((id, i) => ({
    id: expandId(id),
    latitude: columns.latitude[i]!,
    longitude: columns.longitude[i]!,
    category: columns.category[i]!,
    type: columns.type[i]!,
    timeRestriction: columns.timeRestriction[i]!,
    distance: columns.distance[i] ?? null,
    isLocked: columns.isLocked[i]!,
    lockReason: columns.lockReason[i] ?? null,
  }));
}

/** A full story carries what a marker does and more: a list's card can stand in for a marker. */
export const isFullStory = (story: MapMarker | Story): story is Story => 'authorId' in story;
