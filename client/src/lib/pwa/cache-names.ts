/**
 * The service worker's runtime caches (client/src/sw.ts), named once for the worker and the page: the page
 * deletes them at sign-out and account deletion, and reads their age for the offline line.
 */
export const ANSWERS_CACHE = 'whispers-answers-v1';
export const MEDIA_CACHE = 'whispers-media-v1';
/**
 * Story media kept for offline reading, least recently used out first. Workbox bounds a cache by entries, not
 * bytes, so files above MEDIA_CACHE_MAX_FILE_BYTES are not kept: at most 25 × 8 MB = 200 MB.
 */
export const MEDIA_CACHE_MAX_ENTRIES = 25;
export const MEDIA_CACHE_MAX_FILE_BYTES = 8 * 1024 * 1024;
/**
 * What a reader saved for offline use with a tour (features/tours/lib/offline-pack.ts): the tour's answer and the
 * media of the stops they had found, by path. Personal: it goes at sign-out with the rest.
 */
export const SAVED_CACHE = 'whispers-saved-v1';
/** Caches holding what one person received: all of them go when that person signs out. */
export const PERSONAL_CACHES = [ANSWERS_CACHE, MEDIA_CACHE, SAVED_CACHE] as const;
/**
 * Map tiles the reader has seen (cache first; the app's own /tiles, docs/decisions/039-maps-offline.md). Tiles are
 * the same for everyone and say nothing of who saw them, so they are not among the personal caches.
 */
export const TILES_CACHE = 'whispers-tiles-v1';
export const TILES_CACHE_MAX_ENTRIES = 2000;
/** One cache per tour saved for offline use, holding its map's tiles (not personal either; removed with the tour). */
export const SAVED_TILES_CACHE_PREFIX = 'whispers-saved-tiles-';
