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
/** Caches holding what one person received: all of them go when that person signs out. */
export const PERSONAL_CACHES = [ANSWERS_CACHE, MEDIA_CACHE] as const;
