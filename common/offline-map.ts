/**
 * Saving a tour's map for offline use (docs/decisions/039-maps-offline.md): the corridor the server lists tiles
 * for, its bounds, and the page's texts. No zod here (the tour page reads it).
 */

export const OFFLINE_MAP = {
  /** Metres either side of the line through the tour's stops. */
  corridorM: 300,
  /** The map zooms saved (a dense screen's tiles are one zoom deeper). */
  minZoom: 13,
  maxZoom: 17,
  /** More tiles than this and the tour is not offered for saving. */
  maxTiles: 3000,
} as const;

export const OFFLINE_MAP_TEXT = {
  save: 'Save for offline',
  saving: 'Saving for offline…',
  remove: 'Remove',
  notOffered:
    'Saving this tour for offline use is not offered here: the map’s tile server does not allow bulk downloads.',
  tooLarge: 'This tour is too long to save for offline use.',
  failed: 'Saving for offline stopped: check your connection and try again.',
  locks:
    'Offline, walk mode still shows where you are, the line to the next stop and the stops’ titles. Your position is sent when the signal returns: the server decides every lock, so a stop found offline unlocks when that read goes through.',
} as const;

/** "About 4 MB" / "12 MB": whole megabytes, at least 1. */
export function megabytesText(bytes: number): string {
  return `${Math.max(1, Math.round(bytes / (1024 * 1024)))} MB`;
}

/** "Saved for offline · 12 MB" (the page adds "Remove" as a button). */
export function savedText(bytes: number): string {
  return `Saved for offline · ${megabytesText(bytes)}`;
}
